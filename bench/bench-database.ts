import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { Database } from "#server/db/database.ts";
import { migrate } from "#server/db/migrate.ts";
import { openPgliteDatabase } from "#server/db/pglite-database.ts";
import { openPostgresDatabase } from "#server/db/postgres-database.ts";

/** The database the benchmark seeds and the portal under test serves, created empty for this run. */
export interface BenchDatabase {
  kind: "pglite" | "postgres";
  /** Where it is, for the printout; never the password. */
  description: string;
  /** The portal's own environment for it (DATABASE_URL, or DATA_DIR of the embedded database). */
  portalEnv: Record<string, string>;
  /**
   * Opened for seeding and inspection, migrated with the project's migrate(). Close it before a portal opens an
   * embedded one: PGlite takes one process at a time.
   */
  open(): Promise<Database>;
  /** Removes it, unless `keep`: then says where it is left. */
  dispose(keep: boolean): Promise<void>;
}

// Seeding and counting a million rows take longer than the portal's 3 s statement limit, which is right for
// requests but not for this maintenance connection; the URL's settings take precedence (docs/configuration.md,
// DATABASE_URL).
const NO_REQUEST_LIMITS = { statement_timeout: "3600000", query_timeout: "3600000" };

/** `reuse`: a PostgreSQL database that exists is kept as it is (created when missing), not dropped and created anew. */
export async function createBenchDatabase(url: string | undefined, reuse = false): Promise<BenchDatabase> {
  return url ? createPostgresDatabase(url, reuse) : createPgliteDatabase();
}

async function createPostgresDatabase(url: string, reuse: boolean): Promise<BenchDatabase> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  // It is dropped without asking: a name that says so keeps a mistyped URL from emptying a real database.
  if (!/bench/i.test(name)) {
    throw new Error(
      `BENCH_DATABASE_URL names the database "${name}"; the benchmark drops and recreates it, so its name must ` +
        'contain "bench" (e.g. …/portal_bench).',
    );
  }
  await onMaintenanceDatabase(target, async (admin) => {
    const quoted = `"${name.replace(/"/g, '""')}"`;
    if (reuse) {
      const { rowCount } = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
      if (rowCount) return;
    }
    await admin.query(`DROP DATABASE IF EXISTS ${quoted} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${quoted}`);
  });
  const seeding = new URL(target);
  for (const [key, value] of Object.entries(NO_REQUEST_LIMITS)) seeding.searchParams.set(key, value);
  // The portal keeps its image folder under DATA_DIR whatever the database: not in the reader's ./data.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-"));
  return {
    kind: "postgres",
    description: `PostgreSQL database "${name}" on ${target.host}`,
    portalEnv: { DATABASE_URL: url, DATA_DIR: dataDir },
    open: () => migrated(openPostgresDatabase(seeding.toString())),
    async dispose(keep) {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (keep) {
        console.log(`Database "${name}" kept (BENCH_KEEP=1); the next run drops it, unless BENCH_REUSE=1.`);
        return;
      }
      await onMaintenanceDatabase(target, (admin) =>
        admin.query(`DROP DATABASE IF EXISTS "${name.replace(/"/g, '""')}" WITH (FORCE)`),
      );
    },
  };
}

async function createPgliteDatabase(): Promise<BenchDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-"));
  return {
    kind: "pglite",
    description: `embedded PGlite in ${dataDir}`,
    portalEnv: { DATA_DIR: dataDir },
    // The same folder the portal opens for DATA_DIR (open-database.ts).
    open: () => migrated(openPgliteDatabase(path.join(dataDir, "db"))),
    async dispose(keep) {
      if (keep) console.log(`Embedded database kept in ${dataDir} (BENCH_KEEP=1).`);
      else fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function migrated(opening: Promise<Database>): Promise<Database> {
  const db = await opening;
  try {
    await migrate(db);
    return db;
  } catch (error) {
    await db.close();
    throw error;
  }
}

/** A database cannot drop itself: connect to the server's `postgres` database to drop or create it. */
async function onMaintenanceDatabase(target: URL, work: (admin: pg.Client) => Promise<unknown>): Promise<void> {
  const maintenance = new URL(target);
  maintenance.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: maintenance.toString() });
  await admin.connect();
  try {
    await work(admin);
  } finally {
    await admin.end();
  }
}
