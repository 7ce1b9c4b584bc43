import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Database, Queryable } from "./database.ts";

const MIGRATIONS_DIR = path.resolve(import.meta.dirname, "../../../migrations");

// Any constant works, as long as nothing else in the database takes the same advisory lock.
const MIGRATION_LOCK_KEY = 4_212_026_001;

export class MigrationError extends Error {}

export interface MigrateOptions {
  /** Where the warning about migrations this code does not know goes (default: console.warn). */
  warn?: (message: string) => void;
}

interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

/**
 * Applies every `migrations/NNN_name.sql` not yet recorded in `schema_migrations`, in name order
 * (docs/operating.md, "Several instances").
 *
 * Each migration runs in its own transaction under an advisory lock, so several portals starting at once against
 * one PostgreSQL server queue up: the first applies a migration, the next finds it recorded and moves on. A failing
 * migration throws (stopping start-up) with the file name and the database's message, keeping the ones before it.
 * A migration edited after it was applied stops start-up too: the database no longer matches what the file says.
 */
export async function migrate(db: Database, dir = MIGRATIONS_DIR, options: MigrateOptions = {}): Promise<string[]> {
  const files = await readMigrations(dir);
  const applied: string[] = [];
  try {
    for (;;) {
      const step = await db.transaction((tx) => applyNextPending(tx, files));
      if (step.applied) {
        applied.push(step.applied);
        continue;
      }
      if (step.unknown.length > 0) (options.warn ?? console.warn)(unknownMigrationsWarning(step.unknown));
      return applied;
    }
  } catch (error) {
    if (error instanceof MigrationError) throw error;
    throw new MigrationError(`Migrations could not run: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * Migrations recorded in the database that this code has no file for: a newer version migrated it. In a rolling
 * upgrade the old instances keep running (and restarting) on the new schema until they are replaced, so this is
 * worth a warning but never a refusal; migrations only add what older code can ignore (docs/operating.md).
 */
export function unknownMigrationsWarning(names: string[]): string {
  return (
    `The database has ${names.length === 1 ? "a migration" : "migrations"} this version of the portal does not know ` +
    `(${names.join(", ")}): a newer version upgraded it. Carrying on; finish the upgrade so that every instance runs the new version.`
  );
}

/**
 * Under the lock: checks what is recorded and applies the first pending migration (its name in `applied`);
 * `unknown` names the recorded migrations that have no file here.
 */
async function applyNextPending(
  tx: Queryable,
  files: MigrationFile[],
): Promise<{ applied: string | undefined; unknown: string[] }> {
  // As a script: scripts run without the request timeouts, and another portal's migration may take minutes.
  await tx.exec(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
  const recorded = await recordedChecksums(tx);
  for (const file of files) {
    const checksum = recorded.get(file.name);
    if (checksum === null) {
      // Recorded before checksums were kept: trust the file as it is now.
      await tx.query("UPDATE schema_migrations SET checksum = $2 WHERE name = $1", [file.name, file.checksum]);
    } else if (checksum !== undefined && checksum !== file.checksum) {
      throw new MigrationError(
        `Migration ${file.name} was changed after it was applied to this database. ` +
          "Restore the file as it was and put the change in a new migration.",
      );
    }
  }
  const pending = files.find((file) => !recorded.has(file.name));
  if (!pending) {
    const known = new Set(files.map((file) => file.name));
    return { applied: undefined, unknown: [...recorded.keys()].filter((name) => !known.has(name)).sort() };
  }
  try {
    await tx.exec(pending.sql);
  } catch (error) {
    throw new MigrationError(`Migration ${pending.name} failed: ${(error as Error).message}`, { cause: error });
  }
  await tx.query("INSERT INTO schema_migrations (name, checksum) VALUES ($1, $2)", [pending.name, pending.checksum]);
  return { applied: pending.name, unknown: [] };
}

async function readMigrations(dir: string): Promise<MigrationFile[]> {
  const names = (await fs.readdir(dir)).filter((f) => /^\d+_.+\.sql$/.test(f)).sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await fs.readFile(path.join(dir, name), "utf8");
      // Line endings differ between checkouts (git autocrlf); they do not change what a migration does.
      const checksum = createHash("sha256").update(sql.replace(/\r\n/g, "\n")).digest("hex");
      return { name, sql, checksum };
    }),
  );
}

async function recordedChecksums(tx: Queryable): Promise<Map<string, string | null>> {
  await tx.exec(`
    CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    );
    ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS checksum text;
  `);
  const { rows } = await tx.query<{ name: string; checksum: string | null }>(
    "SELECT name, checksum FROM schema_migrations",
  );
  return new Map(rows.map((r) => [r.name, r.checksum]));
}
