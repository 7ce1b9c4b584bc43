import type { Queryable } from "#server/db/database.ts";
import { quoteIdent, type CopiedTable } from "./data-migration-tables.ts";

export const DEFAULT_BATCH_ROWS = 1_000;

const fromClause = (table: CopiedTable) => `${table.partitioned ? "" : "ONLY "}${table.sql}`;

/** The stored columns of a table as a subquery, in table order: what is copied and what the checksums cover. */
export const storedColumns = (table: CopiedTable) =>
  `SELECT ${table.columns.map(quoteIdent).join(", ")} FROM ${fromClause(table)}`;

/**
 * Copies one table's rows from the source (inside its transaction, which a cursor needs) to the same table in the
 * target, `batchRows` at a time. Each row travels as the JSON text of its stored columns and is turned back into the
 * table's own types by json_populate_recordset, whose conversions are the types' text input: exact for numeric,
 * timestamps, bytea and jsonb, with no number ever passing through a JavaScript double. `onBatch` is told the rows
 * copied so far.
 */
export async function copyTable(
  source: Queryable,
  sourceTable: CopiedTable,
  target: Queryable,
  targetTable: CopiedTable,
  batchRows: number,
  onBatch: (copied: number) => Promise<void> | void = () => undefined,
): Promise<number> {
  const columns = targetTable.columns.map(quoteIdent).join(", ");
  // OVERRIDING SYSTEM VALUE: identity columns keep their values (a no-op for the others).
  const insert =
    `INSERT INTO ${targetTable.sql} (${columns}) OVERRIDING SYSTEM VALUE ` +
    `SELECT ${columns} FROM json_populate_recordset(NULL::${targetTable.sql}, $1::json)`;
  await source.exec(
    `DECLARE data_migration_rows NO SCROLL CURSOR FOR SELECT row_to_json(r)::text AS row FROM (${storedColumns(sourceTable)}) r`,
  );
  let copied = 0;
  try {
    for (;;) {
      const { rows } = await source.query<{ row: string }>(`FETCH FORWARD ${batchRows} FROM data_migration_rows`);
      if (rows.length === 0) return copied;
      await target.query(insert, [`[${rows.map((r) => r.row).join(",")}]`]);
      copied += rows.length;
      await onBatch(copied);
    }
  } finally {
    await source.exec("CLOSE data_migration_rows");
  }
}

/**
 * Sets every target sequence to the source's position, so the next bigserial id or generated reference continues
 * after the copied rows instead of colliding with them.
 */
export async function copySequences(
  source: Queryable,
  sourceSequences: { name: string; sql: string }[],
  target: Queryable,
  targetSequences: { name: string; sql: string }[],
): Promise<void> {
  const inTarget = new Map(targetSequences.map((s) => [s.name, s.sql]));
  for (const sequence of sourceSequences) {
    const targetSql = inTarget.get(sequence.name);
    if (!targetSql) throw new Error(`The sequence ${sequence.name} of the embedded database is missing in the target.`);
    const { rows } = await source.query<{ last_value: string; is_called: boolean }>(
      `SELECT last_value::text AS last_value, is_called FROM ${sequence.sql}`,
    );
    const position = rows[0];
    if (!position) continue;
    await target.query("SELECT setval($1::regclass, $2::bigint, $3)", [
      targetSql,
      position.last_value,
      position.is_called,
    ]);
  }
}
