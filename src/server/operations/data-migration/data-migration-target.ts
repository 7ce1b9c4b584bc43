import pg from "pg";
import type { Database, Queryable } from "#server/db/database.ts";

/**
 * The target PostgreSQL database of `npm run migrate-data`, held in ONE transaction from the first migration to the
 * last checksum: a failure anywhere (a refused row, a lost connection, a checksum that differs) rolls back the
 * schema and the rows together, so the target is as empty as it was and the command can simply be run again.
 */
export interface TargetTransaction {
  /** The transaction as a Database for migrate(): its "transactions" are savepoints inside the one transaction. */
  db: Database;
  query: Queryable["query"];
  commit(): Promise<void>;
  /** Rolls back (when the connection still can) and closes; safe after commit and safe to call twice. */
  close(): Promise<void>;
}

export class TargetNotEmptyError extends Error {}

/** Same text output on both sides, so that a row's text form (the checksums) depends on its values only. */
export const CANONICAL_SESSION_SETTINGS = [
  "TimeZone = 'UTC'",
  "DateStyle = 'ISO, YMD'",
  "IntervalStyle = 'postgres'",
  "extra_float_digits = 1",
  "bytea_output = 'hex'",
];

export async function beginTargetTransaction(connectionString: string): Promise<TargetTransaction> {
  // One connection of our own, without the portal's request timeouts: copying a large table takes minutes.
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 10_000 });
  // A dropped connection fails the query in flight, which reports it; the event alone must not end the process.
  client.on("error", () => undefined);
  await client.connect();
  let open = true;
  const query: Queryable["query"] = async <Row>(sql: string, params?: unknown[]) =>
    (await client.query(sql, params)) as unknown as { rows: Row[] };
  const exec = async (sql: string) => void (await client.query(sql));
  try {
    await exec("BEGIN");
    for (const setting of CANONICAL_SESSION_SETTINGS) await exec(`SET LOCAL ${setting}`);
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }

  let savepoints = 0;
  const db: Database = {
    kind: "postgres",
    query,
    exec,
    async transaction(work) {
      const name = `migration_step_${++savepoints}`;
      await exec(`SAVEPOINT ${name}`);
      try {
        const result = await work({ query, exec });
        await exec(`RELEASE SAVEPOINT ${name}`);
        return result;
      } catch (error) {
        await exec(`ROLLBACK TO SAVEPOINT ${name}`).catch(() => undefined);
        throw error;
      }
    },
    // The caller ends the one transaction with commit() or close().
    close: async () => undefined,
  };

  return {
    db,
    query,
    async commit() {
      await exec("COMMIT");
    },
    async close() {
      if (!open) return;
      open = false;
      // After COMMIT this is a no-op with a warning; after a failure it ends the aborted transaction.
      await exec("ROLLBACK").catch(() => undefined);
      await client.end().catch(() => undefined);
    },
  };
}

/**
 * Refuses a target that holds anything in the schema the connection writes to (its search_path's first schema,
 * usually `public`): the copy must never mix with or overwrite rows that are already there. Extensions' own objects
 * (pg_trgm's functions, when an administrator installed it beforehand) do not count.
 */
export async function assertTargetEmpty(target: Pick<Queryable, "query">): Promise<string> {
  const { rows: schemaRows } = await target.query<{ schema: string | null; encoding: string }>(
    "SELECT current_schema() AS schema, current_setting('server_encoding') AS encoding",
  );
  const { schema, encoding } = schemaRows[0] ?? { schema: null, encoding: "" };
  if (!schema) {
    throw new TargetNotEmptyError(
      "The target database has no schema to write to (the schema named first in its search_path does not exist). " +
        "Create it, or use a URL without a search_path option.",
    );
  }
  if (encoding !== "UTF8") {
    throw new TargetNotEmptyError(
      `The target database's encoding is ${encoding}; the portal's texts need UTF8. ` +
        "Create the database with: CREATE DATABASE … ENCODING 'UTF8' TEMPLATE template0",
    );
  }
  const { rows } = await target.query<{ name: string }>(
    `SELECT c.relname AS name
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema()
        AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')
      ORDER BY c.relname`,
  );
  if (rows.length > 0) {
    const names = rows.map((r) => r.name);
    const shown = names.slice(0, 5).join(", ") + (names.length > 5 ? `, … (${names.length} in all)` : "");
    const portal = names.includes("schema_migrations") ? " It already holds a portal's tables." : "";
    throw new TargetNotEmptyError(
      `The target database is not empty: schema ${schema} holds ${shown}.${portal} ` +
        "migrate-data copies only into an empty database, so that nothing there is overwritten or mixed with the copy. " +
        "Create a new database (for example: createdb -O <owner> portal) and pass its URL with --to. Nothing was changed.",
    );
  }
  return schema;
}
