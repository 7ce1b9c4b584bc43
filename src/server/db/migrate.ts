import fs from "node:fs/promises";
import path from "node:path";
import type { Database } from "./database.ts";

const MIGRATIONS_DIR = path.resolve(import.meta.dirname, "../../../migrations");

export class MigrationError extends Error {}

/**
 * Applies every `migrations/NNN_name.sql` not yet recorded in `schema_migrations`, in name order, each in its own
 * transaction. A failing migration throws (and so stops start-up) with the file name and the database's message.
 */
export async function migrate(db: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  await db.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const done = new Set(
    (await db.query<{ name: string }>("SELECT name FROM schema_migrations")).rows.map((r) => r.name),
  );
  const files = (await fs.readdir(dir)).filter((f) => /^\d+_.+\.sql$/.test(f)).sort();
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const sql = await fs.readFile(path.join(dir, file), "utf8");
    try {
      await db.transaction(async (tx) => {
        await tx.exec(sql);
        await tx.query("INSERT INTO schema_migrations (name) VALUES ($1)", [file]);
      });
    } catch (error) {
      throw new MigrationError(`Migration ${file} failed: ${(error as Error).message}`);
    }
    applied.push(file);
  }
  return applied;
}
