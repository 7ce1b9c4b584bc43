import type { Queryable } from "#server/db/database.ts";

export interface DatabaseFacts {
  /** Names of the migrations recorded in the database, in order. */
  migrations: string[];
  reports: number;
}

/** What a manifest says about a database, and what restore checks it got back. */
export async function readDatabaseFacts(db: Queryable): Promise<DatabaseFacts> {
  const { rows: tables } = await db.query<{ migrations: string | null; grievances: string | null }>(
    "SELECT to_regclass('schema_migrations')::text AS migrations, to_regclass('grievances')::text AS grievances",
  );
  const found = tables[0];
  const migrations = found?.migrations
    ? (await db.query<{ name: string }>("SELECT name FROM schema_migrations ORDER BY name")).rows.map((r) => r.name)
    : [];
  const reports = found?.grievances
    ? Number(
        (await db.query<{ count: string | number }>("SELECT count(*) AS count FROM grievances")).rows[0]?.count ?? 0,
      )
    : 0;
  return { migrations, reports };
}
