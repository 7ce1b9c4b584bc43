import fs from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { DataDirectoryInUseError, openPgliteDatabase, PGLITE_OPTIONS } from "#server/db/pglite-database.ts";
import { BackupError } from "./backup-error.ts";
import { readDatabaseFacts, type DatabaseFacts } from "./backup-database-facts.ts";
import { requestDatabaseDump } from "./control-socket-client.ts";
import { controlSocketPath } from "./control-socket-protocol.ts";

export interface EmbeddedDump extends DatabaseFacts {
  source: "running portal" | "data folder";
}

/**
 * Writes a consistent copy of the embedded database (`<dataDir>/db`) to `target`: asked of the portal running on
 * that folder through its control socket, or, when none runs, taken by opening the folder under its lock (which
 * also keeps a portal from starting meanwhile). Nothing is migrated: the copy is the database as it is.
 */
export async function dumpEmbeddedDatabase(dataDir: string, target: string): Promise<EmbeddedDump> {
  const socket = controlSocketPath(dataDir);
  let source: EmbeddedDump["source"] = "running portal";
  let dump = await requestDatabaseDump(socket);
  if (!dump) {
    source = "data folder";
    dump = await dumpFolder(path.join(dataDir, "db"), dataDir, socket);
  }
  await fs.mkdir(path.dirname(target), { recursive: true });
  await fs.writeFile(target, dump);
  return { source, ...(await factsOfDump(dump)) };
}

async function dumpFolder(dbDir: string, dataDir: string, socket: string): Promise<Buffer> {
  if (!(await fs.stat(path.join(dbDir, "PG_VERSION")).catch(() => undefined))) {
    throw new BackupError(
      `There is no embedded database in ${dbDir} to back up. Check DATA_DIR (now ${dataDir}), or set DATABASE_URL ` +
        "when the portal uses PostgreSQL.",
    );
  }
  let db;
  try {
    db = await openPgliteDatabase(dbDir);
  } catch (error) {
    if (error instanceof DataDirectoryInUseError) {
      throw new BackupError(
        `A portal is running on ${dataDir} but did not answer on ${socket}. Run the backup as the same user as ` +
          "the portal, or stop the portal and run it again.",
      );
    }
    throw error;
  }
  try {
    return Buffer.from(await (await db.dumpDataDir()).arrayBuffer());
  } finally {
    await db.close();
  }
}

/**
 * Opens the copy itself, in memory: that proves it can be opened (recovering exactly as a restore will), and the
 * counts describe what was copied, not the live database a moment later.
 */
async function factsOfDump(dump: Buffer): Promise<DatabaseFacts> {
  let copy: PGlite;
  try {
    copy = await PGlite.create({ loadDataDir: new Blob([new Uint8Array(dump)]), ...PGLITE_OPTIONS });
  } catch (error) {
    throw new BackupError(`The database copy cannot be opened, so it was not saved: ${(error as Error).message}`);
  }
  try {
    return await readDatabaseFacts({
      query: (sql, params) => copy.query(sql, params),
      exec: async (sql) => void (await copy.exec(sql)),
    });
  } finally {
    await copy.close();
  }
}
