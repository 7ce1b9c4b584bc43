import path from "node:path";
import type { Config } from "../config.ts";
import type { Database } from "./database.ts";
import { migrate } from "./migrate.ts";
import { openPgliteDatabase } from "./pglite-database.ts";
import { openPostgresDatabase } from "./postgres-database.ts";

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
