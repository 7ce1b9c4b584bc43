import pg from "pg";
import { migrate } from "#server/db/migrate.ts";
import { openPostgresDatabase } from "#server/db/postgres-database.ts";
import { readDatabaseFacts } from "./backup-database-facts.ts";
import { BackupError } from "./backup-error.ts";
import { ensurePgTool, runPgTool } from "./backup-postgres-tools.ts";
import type { RestoredDatabase } from "./restore-embedded.ts";

/** Fails unless the database is empty (no table of its own) or `force` allows replacing what it holds. */
export async function checkPostgresTarget(databaseUrl: string, force: boolean): Promise<void> {
  await ensurePgTool("pg_restore");
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`Could not connect to the PostgreSQL server in DATABASE_URL: ${(error as Error).message}`);
  }
  try {
    const { rows } = await client.query<{ count: string }>(
      "SELECT count(*) AS count FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')",
    );
    const tables = Number(rows[0]?.count ?? 0);
    if (tables > 0 && !force) {
      throw new BackupError(
        `Nothing was restored: the database in DATABASE_URL already has ${tables} table(s). Restore into an empty ` +
          "database (createdb), or add --force to replace the portal's tables in it (with every portal stopped).",
      );
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * pg_restore in one transaction (all or nothing), without the original owner and grants (the roles may differ
 * here), then the migrations this version has.
 */
export async function restorePostgres(
  databaseUrl: string,
  dumpFile: string,
  force: boolean,
): Promise<RestoredDatabase> {
  const replace = force ? ["--clean", "--if-exists"] : [];
  await runPgTool(
    "pg_restore",
    ["--no-owner", "--no-privileges", "--single-transaction", "--exit-on-error", ...replace, dumpFile],
    databaseUrl,
  );
  const db = await openPostgresDatabase(databaseUrl);
  try {
    const applied = await migrate(db);
    return { applied, ...(await readDatabaseFacts(db)) };
  } finally {
    await db.close();
  }
}
