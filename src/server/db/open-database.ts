import path from "node:path";
import type { Config } from "../config.ts";
import type { Database } from "./database.ts";
import { migrate } from "./migrate.ts";
import { openPgliteDatabase } from "./pglite-database.ts";
import { openPostgresDatabase } from "./postgres-database.ts";

/** A database URL without its password, for the terminal and whatever records it. */
export function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(a database URL that is not a valid URL)";
  }
}

/**
 * Which database the configuration names, in words an operator can check against the portal's own settings: the
 * operator's commands print it, since a command run without the portal's DATA_DIR would otherwise quietly open (and
 * create) a database of its own in ./data.
 */
export function describeDatabase(config: Pick<Config, "databaseUrl" | "dataDir">): string {
  return config.databaseUrl
    ? `the PostgreSQL database ${withoutPassword(config.databaseUrl)} (DATABASE_URL)`
    : `the embedded database in ${path.join(config.dataDir, "db")} (DATA_DIR=${config.dataDir})`;
}

/** Opens the configured database and brings its schema up to date. */
export async function openDatabase(config: Pick<Config, "databaseUrl" | "dataDir">): Promise<Database> {
  const db = config.databaseUrl
    ? await openPostgresDatabase(config.databaseUrl)
    : await openPgliteDatabase(path.join(config.dataDir, "db"));
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
