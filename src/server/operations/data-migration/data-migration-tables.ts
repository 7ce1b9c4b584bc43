import type { Queryable } from "#server/db/database.ts";

/** A table to copy, as the catalog describes it: found, not listed by hand, so every future migration is covered. */
export interface CopiedTable {
  name: string;
  /** Quoted, schema-qualified, for SQL. */
  sql: string;
  /** Stored columns in table order; generated columns are left out (the target computes them itself). */
  columns: string[];
  /** Partitioned tables are read whole; any other table without rows of tables that inherit from it. */
  partitioned: boolean;
}

// The migrations' own record: the target gets it from running the migrations, not from the copy.
const NOT_COPIED = new Set(["schema_migrations"]);

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Every table of the current schema except schema_migrations, parents before the tables whose foreign keys point
 * at them (so each row's references exist when it is inserted), in name order otherwise.
 */
export async function tablesToCopy(db: Pick<Queryable, "query">): Promise<CopiedTable[]> {
  const { rows: tables } = await db.query<{ schema: string; name: string; kind: string }>(
    `SELECT n.nspname AS schema, c.relname AS name, c.relkind::text AS kind
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND NOT c.relispartition
      ORDER BY c.relname`,
  );
  const { rows: columns } = await db.query<{ table: string; column: string }>(
    `SELECT c.relname AS table, a.attname AS column
       FROM pg_attribute a
       JOIN pg_class c ON c.oid = a.attrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      ORDER BY c.relname, a.attnum`,
  );
  const { rows: references } = await db.query<{ child: string; parent: string }>(
    `SELECT DISTINCT child.relname AS child, parent.relname AS parent
       FROM pg_constraint k
       JOIN pg_class child ON child.oid = k.conrelid
       JOIN pg_class parent ON parent.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = child.relnamespace
      WHERE k.contype = 'f' AND n.nspname = current_schema() AND child.oid <> parent.oid`,
  );

  const byName = new Map<string, CopiedTable>();
  for (const t of tables) {
    if (NOT_COPIED.has(t.name)) continue;
    byName.set(t.name, {
      name: t.name,
      sql: `${quoteIdent(t.schema)}.${quoteIdent(t.name)}`,
      columns: [],
      partitioned: t.kind === "p",
    });
  }
  for (const c of columns) byName.get(c.table)?.columns.push(c.column);
  return inDependencyOrder(byName, references);
}

/** Kahn's algorithm; a cycle of foreign keys between tables cannot be copied table by table, and says so. */
function inDependencyOrder(
  byName: Map<string, CopiedTable>,
  references: { child: string; parent: string }[],
): CopiedTable[] {
  const parentsOf = new Map<string, Set<string>>([...byName.keys()].map((name) => [name, new Set<string>()]));
  for (const { child, parent } of references) {
    if (byName.has(child) && byName.has(parent)) parentsOf.get(child)?.add(parent);
  }
  const ordered: CopiedTable[] = [];
  const done = new Set<string>();
  while (done.size < byName.size) {
    const ready = [...byName.keys()].filter(
      (name) => !done.has(name) && [...parentsOf.get(name)!].every((p) => done.has(p)),
    );
    if (ready.length === 0) {
      const left = [...byName.keys()].filter((name) => !done.has(name));
      throw new Error(
        `The foreign keys of ${left.join(", ")} form a cycle; these tables cannot be copied one after another.`,
      );
    }
    for (const name of ready.sort()) {
      done.add(name);
      ordered.push(byName.get(name)!);
    }
  }
  return ordered;
}

/**
 * The source and the target must hold the same tables with the same stored columns (both are at the code's latest
 * migration); anything else would lose data in the copy, so it stops before copying.
 */
export function assertSameTables(source: CopiedTable[], target: CopiedTable[]): void {
  const describe = (tables: CopiedTable[]) => new Map(tables.map((t) => [t.name, t.columns.join(", ")]));
  const from = describe(source);
  const to = describe(target);
  const problems: string[] = [];
  for (const [name, columns] of from) {
    if (!to.has(name)) problems.push(`table ${name} is only in the embedded database`);
    else if (to.get(name) !== columns)
      problems.push(`table ${name} has columns (${columns}) there but (${to.get(name)}) in the target`);
  }
  for (const name of to.keys()) if (!from.has(name)) problems.push(`table ${name} is only in the target`);
  if (problems.length > 0) {
    throw new Error(
      `The embedded database's tables differ from the portal's schema: ${problems.join("; ")}. ` +
        "Was it changed by hand? Nothing was copied.",
    );
  }
}

/** The sequences of the current schema (bigserial and identity columns, the reference sequence). */
export async function sequencesOf(db: Pick<Queryable, "query">): Promise<{ name: string; sql: string }[]> {
  const { rows } = await db.query<{ schema: string; name: string }>(
    `SELECT n.nspname AS schema, c.relname AS name
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind = 'S'
      ORDER BY c.relname`,
  );
  return rows.map((r) => ({ name: r.name, sql: `${quoteIdent(r.schema)}.${quoteIdent(r.name)}` }));
}
