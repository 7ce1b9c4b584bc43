import { randomBytes } from "node:crypto";
import pg from "pg";
import { postgresAvailable, startThrowawayPostgres, type ThrowawayPostgres } from "./throwaway-postgres.ts";

/**
 * Whole, empty PostgreSQL databases for tests that need a database of their own rather than a schema (a copy into
 * an empty database, a check of what a database holds): on TEST_DATABASE_URL's server when it is set (CI), else on
 * a throwaway server of the test's own. `reason` says why neither is possible, for the skipped test's name.
 */
export const scratchPostgresUnavailable: string | undefined =
  process.env.TEST_DATABASE_URL || postgresAvailable()
    ? undefined
    : "needs TEST_DATABASE_URL or the PostgreSQL 15 binaries (for a throwaway server)";

export interface ScratchPostgres {
  /** A new empty database, UTF8; its URL. Dropped by close(). */
  createDatabase(): Promise<string>;
  close(): Promise<void>;
}

export async function startScratchPostgres(): Promise<ScratchPostgres> {
  let throwaway: ThrowawayPostgres | undefined;
  const serverUrl = process.env.TEST_DATABASE_URL ?? (throwaway = await startThrowawayPostgres()).url;
  const maintenance = new URL(serverUrl);
  maintenance.pathname = "/postgres";
  const created: string[] = [];
  const admin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: maintenance.toString() });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  return {
    async createDatabase() {
      const name = `scratch_${randomBytes(6).toString("hex")}`;
      await admin((client) => client.query(`CREATE DATABASE ${name} ENCODING 'UTF8' TEMPLATE template0`));
      created.push(name);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      return url.toString();
    },
    async close() {
      await admin(async (client) => {
        for (const name of created) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      });
      await throwaway?.destroy();
    },
  };
}
