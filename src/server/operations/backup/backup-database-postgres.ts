import fs from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { readDatabaseFacts, type DatabaseFacts } from "./backup-database-facts.ts";
import { BackupError } from "./backup-error.ts";
import { ensurePgTool, runPgTool } from "./backup-postgres-tools.ts";

/**
 * `pg_dump --format=custom` of the PostgreSQL database to `target`, while the portal runs. The counts for the
 * manifest are read in a transaction whose snapshot pg_dump then uses (`--snapshot`), so they describe exactly the
 * dumped data.
 */
export async function dumpPostgresDatabase(databaseUrl: string, target: string): Promise<DatabaseFacts> {
  await ensurePgTool("pg_dump");
  await fs.mkdir(path.dirname(target), { recursive: true });
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`Could not connect to the PostgreSQL server in DATABASE_URL: ${(error as Error).message}`);
  }
  client.on("error", () => undefined);
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const { rows } = await client.query<{ snapshot: string }>("SELECT pg_export_snapshot() AS snapshot");
    const facts = await readDatabaseFacts({
      query: async (sql, params) => ({ rows: (await client.query(sql, params)).rows }),
      exec: async (sql) => void (await client.query(sql)),
    });
    await runPgTool(
      "pg_dump",
      ["--format=custom", "--no-owner", "--no-privileges", `--snapshot=${rows[0]?.snapshot}`, `--file=${target}`],
      databaseUrl,
    );
    await client.query("COMMIT");
    return facts;
  } finally {
    await client.end().catch(() => undefined);
  }
}
