import { promisify } from "node:util";
import v8 from "node:v8";
import { gzip } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { lockDataDirectory } from "./data-directory-lock.ts";
import type { Database } from "./database.ts";

export { DataDirectoryInUseError } from "./data-directory-lock.ts";

/** Extensions must be passed at every open, not only when the extension is first created. */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * PostgreSQL's own memory lives in PGlite's WebAssembly heap, which grows but never shrinks, so these bound what
 * it can take (docs/operating.md, "Memory"; docs/decisions/045-a-small-embedded-database.md): 16 MB of buffers
 * instead of initdb's 128 MB (the operating system's file cache still holds the data folder), and index builds
 * and VACUUM within 16 MB (they spill to disk beyond it). On the command line they also override what an older
 * data folder's postgresql.conf says; at initdb (its `-c`) they hold for the bootstrap and are written into it.
 */
export const PGLITE_SETTINGS = ["shared_buffers=16MB", "maintenance_work_mem=16MB"];
const settingArgs = PGLITE_SETTINGS.flatMap((setting) => ["-c", setting]);

/** What every PGlite of the portal is opened with: the extensions and the settings above. */
export const PGLITE_OPTIONS = {
  extensions: PGLITE_EXTENSIONS,
  startParams: [...PGlite.defaultStartParams, ...settingArgs],
  initDbStartParams: settingArgs,
};

// V8 compiles PGlite's WebAssembly with its baseline compiler (Liftoff) and later recompiles the hottest functions
// with its optimising one; recompiling PostgreSQL's largest functions takes about 500 MB for a few seconds, the
// peak of the whole start-up. Baseline only, at the cost of about a fifth of the list's throughput under load
// (docs/decisions/045-a-small-embedded-database.md, docs/operating.md "Memory").
// Set before the module is compiled (the first open); they apply to this process's WebAssembly, PGlite's alone.
v8.setFlagsFromString("--no-wasm-dynamic-tiering");
v8.setFlagsFromString("--no-wasm-tier-up");

const gzipAsync = promisify(gzip);

/** The embedded database, which can also copy its own data folder (the backup's database part). */
export interface PgliteDatabase extends Database {
  readonly kind: "pglite";
  /**
   * The data folder as a gzipped tarball, taken while no statement runs (PGlite runs one at a time), so it is a
   * consistent copy: opened with `loadDataDir`, it recovers like a database after a power cut, keeping every
   * committed transaction. It also holds the folder's lock file, which a restore removes.
   */
  dumpDataDir(): Promise<Blob>;
}

export function isPgliteDatabase(db: Database): db is PgliteDatabase {
  return db.kind === "pglite" && "dumpDataDir" in db;
}

/**
 * PGlite keeps one PostgreSQL in this process. It does not lock its data directory itself, and two processes
 * writing one directory corrupt it, so we hold a lock for as long as it is open.
 * `dataDir` undefined opens an in-memory database (tests). `loadDataDir`: start from a copy of a data folder
 * (a `dumpDataDir()` tarball) instead of an empty one.
 */
export async function openPgliteDatabase(
  dataDir: string | undefined,
  options: { loadDataDir?: Blob } = {},
): Promise<PgliteDatabase> {
  const release = dataDir ? await lockDataDirectory(dataDir) : undefined;
  try {
    const pg = await PGlite.create({ dataDir, ...PGLITE_OPTIONS, loadDataDir: options.loadDataDir });
    return {
      kind: "pglite",
      query: (sql, params) => pg.query(sql, params),
      exec: async (sql) => void (await pg.exec(sql)),
      transaction: (work) =>
        pg.transaction((tx) =>
          work({ query: (sql, params) => tx.query(sql, params), exec: async (sql) => void (await tx.exec(sql)) }),
        ),
      listen: (channel, onNotify) => pg.listen(channel, onNotify),
      // Every query waits while PGlite copies the folder: copy it uncompressed (0.3 to 0.5 s for 20,000 reports)
      // and compress after, on the thread pool, rather than let PGlite compress it inside the wait (1.7 to 3 s).
      dumpDataDir: async () => {
        const tarball = new Uint8Array(await (await pg.dumpDataDir("none")).arrayBuffer());
        return new Blob([new Uint8Array(await gzipAsync(tarball, { level: 1 }))]);
      },
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
