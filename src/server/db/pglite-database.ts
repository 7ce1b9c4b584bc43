import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import lockfile from "proper-lockfile";
import type { Database } from "./database.ts";

export class DataDirectoryInUseError extends Error {}

// The holder refreshes its lock every half of this; a lock older than this belongs to a process that is gone.
const LOCK_STALE_MS = 15_000;

/**
 * PGlite keeps one PostgreSQL in this process. It does not lock its data directory itself, and two processes
 * writing one directory corrupt it, so we hold a lock for as long as it is open.
 * `dataDir` undefined opens an in-memory database (tests).
 */
export async function openPgliteDatabase(dataDir: string | undefined): Promise<Database> {
  let release: (() => Promise<void>) | undefined;
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      release = await lockfile.lock(dataDir, { lockfilePath: path.join(dataDir, ".lock"), stale: LOCK_STALE_MS });
    } catch {
      throw new DataDirectoryInUseError(
        `The database folder ${dataDir} is already in use by another running portal. ` +
          "Stop that process first, or set DATA_DIR to another folder. " +
          `If it stopped abruptly, its lock expires ${LOCK_STALE_MS / 1000} seconds later.`,
      );
    }
  }
  try {
    // Extensions must be passed at every open, not only when the extension is first created.
    const pg = await PGlite.create({ dataDir, extensions: { pg_trgm } });
    return {
      kind: "pglite",
      query: (sql, params) => pg.query(sql, params),
      exec: async (sql) => void (await pg.exec(sql)),
      transaction: (work) =>
        pg.transaction((tx) =>
          work({ query: (sql, params) => tx.query(sql, params), exec: async (sql) => void (await tx.exec(sql)) }),
        ),
      async close() {
        await pg.close();
        await release?.();
      },
    };
  } catch (error) {
    await release?.();
    throw error;
  }
}
