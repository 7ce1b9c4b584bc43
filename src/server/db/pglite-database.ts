import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { lockDataDirectory } from "./data-directory-lock.ts";
import type { Database } from "./database.ts";

export { DataDirectoryInUseError } from "./data-directory-lock.ts";

/**
 * PGlite keeps one PostgreSQL in this process. It does not lock its data directory itself, and two processes
 * writing one directory corrupt it, so we hold a lock for as long as it is open.
 * `dataDir` undefined opens an in-memory database (tests).
 */
export async function openPgliteDatabase(dataDir: string | undefined): Promise<Database> {
  const release = dataDir ? await lockDataDirectory(dataDir) : undefined;
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
