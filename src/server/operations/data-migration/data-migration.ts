import fs from "node:fs";
import path from "node:path";
import type { Database, Queryable } from "#server/db/database.ts";
import { migrate } from "#server/db/migrate.ts";
import { openPgliteDatabase } from "#server/db/pglite-database.ts";
import { assertSameChecksums, tableChecksum, type TableChecksum } from "./data-migration-checksums.ts";
import { copySequences, copyTable, DEFAULT_BATCH_ROWS } from "./data-migration-copy.ts";
import { assertSameTables, sequencesOf, tablesToCopy, type CopiedTable } from "./data-migration-tables.ts";
import { assertTargetEmpty, beginTargetTransaction, CANONICAL_SESSION_SETTINGS } from "./data-migration-target.ts";

export interface DataMigrationOptions {
  /** DATA_DIR: the embedded database is `<dataDir>/db`. */
  dataDir: string;
  /** The empty PostgreSQL database to copy into. */
  targetUrl: string;
  batchRows?: number;
  /** Progress lines for the operator; awaited, so that a line is out before the work it announces goes on. */
  log?: (line: string) => void | Promise<void>;
  /**
   * Runs once both databases are checked (portal stopped, target empty) and before any row is copied: copying the
   * images, so that no refusal comes after minutes of uploads. A failure there leaves the target empty too.
   */
  beforeCopy?: () => Promise<void>;
}

export interface DataMigrationReport {
  /** Migrations applied to the embedded database before copying (it is brought to the code's schema first). */
  sourceMigrations: string[];
  /** Migrations applied to the target: the whole schema. */
  targetMigrations: string[];
  /** Per table, in copy order: rows and checksum, equal on both sides. */
  tables: TableChecksum[];
}

/** A refusal or failure the operator can act on; the message says what happened to the target. */
export class DataMigrationError extends Error {}

const ROLLED_BACK =
  "Nothing was written to the target database (the copy was rolled back); fix the cause and run the command again.";

/**
 * `npm run migrate-data`: copies every row of the embedded database in DATA_DIR into an empty PostgreSQL database
 * and proves the copy by row counts and checksums, table by table.
 *
 * The embedded database is opened under its folder lock (so the portal must be stopped) and first brought to this
 * version's latest migration, exactly as starting this version would; the target gets the same migrations, so both
 * have the same tables and columns. Schema, rows, sequence positions and the checks all happen in one target
 * transaction: the target ends up either a verified copy or as empty as it was.
 */
export async function migrateData(options: DataMigrationOptions): Promise<DataMigrationReport> {
  const log = options.log ?? (() => undefined);
  const batchRows = options.batchRows ?? DEFAULT_BATCH_ROWS;
  const source = await openSource(options.dataDir);
  try {
    let newerSchema: string | undefined;
    const sourceMigrations = await migrate(source, undefined, { warn: (message) => (newerSchema = message) });
    if (newerSchema) {
      throw new DataMigrationError(
        `${newerSchema}\nCopy it with the newest version of the portal instead: the target must get the same schema.`,
      );
    }
    if (sourceMigrations.length > 0)
      await log(`Brought the embedded database up to date first: ${sourceMigrations.join(", ")}.`);

    const target = await beginTargetTransaction(options.targetUrl).catch((error: unknown) => {
      throw new DataMigrationError(`Could not connect to the target database: ${(error as Error).message}`, {
        cause: error,
      });
    });
    try {
      await assertTargetEmpty(target);
      let targetMigrations: string[];
      let tables: TableChecksum[];
      try {
        await options.beforeCopy?.();
        targetMigrations = await migrate(target.db);
        await log(`Created the portal's schema in the target (${targetMigrations.length} migrations).`);
        tables = await source.transaction((src) => copyAll(src, target.db, batchRows, log));
      } catch (error) {
        throw new DataMigrationError(`${(error as Error).message}\n${ROLLED_BACK}`, { cause: error });
      }
      try {
        await target.commit();
      } catch (error) {
        throw new DataMigrationError(
          `The target did not confirm the commit (${(error as Error).message}). If it holds the portal's tables now, ` +
            "the copy was committed and verified; if it is empty, run the command again.",
          { cause: error },
        );
      }
      return { sourceMigrations, targetMigrations, tables };
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
}

/** The embedded database, under its lock; refuses a folder that holds none rather than create an empty one. */
async function openSource(dataDir: string): Promise<Database> {
  const dbDir = path.join(dataDir, "db");
  if (!fs.existsSync(path.join(dbDir, "PG_VERSION"))) {
    throw new DataMigrationError(
      `There is no embedded database in ${dbDir}. Set DATA_DIR to the folder the portal uses (its db/ and storage/ are in it).`,
    );
  }
  return openPgliteDatabase(dbDir);
}

async function copyAll(
  source: Queryable,
  target: Database,
  batchRows: number,
  log: (line: string) => void | Promise<void>,
): Promise<TableChecksum[]> {
  for (const setting of CANONICAL_SESSION_SETTINGS) await source.exec(`SET LOCAL ${setting}`);
  const sourceTables = await tablesToCopy(source);
  const targetTables = await tablesToCopy(target);
  assertSameTables(sourceTables, targetTables);
  const sourceByName = new Map(sourceTables.map((t) => [t.name, t]));
  const pairs = targetTables.map((t): [CopiedTable, CopiedTable] => [sourceByName.get(t.name)!, t]);

  // Triggers would act on copied rows as on new ones: the tallies (migration 004) would count every report a
  // second time on top of the copied grievance_tallies rows. Foreign keys are not user triggers and stay checked.
  for (const [, t] of pairs) await target.exec(`ALTER TABLE ${t.sql} DISABLE TRIGGER USER`);
  // Rows the migrations themselves inserted (the seven categories of 016) are in the source too: children first.
  for (const [, t] of [...pairs].reverse()) await target.exec(`DELETE FROM ${t.sql}`);
  for (const [s, t] of pairs) {
    const rows = await copyTable(source, s, target, t, batchRows);
    await log(`Copied ${t.name}: ${rows} row${rows === 1 ? "" : "s"}.`);
  }
  await copySequences(source, await sequencesOf(source), target, await sequencesOf(target));
  for (const [, t] of pairs) await target.exec(`ALTER TABLE ${t.sql} ENABLE TRIGGER USER`);

  await log("Verifying: row counts and checksums of every table on both sides...");
  const expected: TableChecksum[] = [];
  const actual: TableChecksum[] = [];
  for (const [s, t] of pairs) {
    expected.push(await tableChecksum(source, s));
    actual.push(await tableChecksum(target, t));
  }
  assertSameChecksums(expected, actual);
  return actual;
}

/** The counts as a table for the terminal. */
export function formatTableCounts(tables: TableChecksum[]): string {
  const width = Math.max(5, ...tables.map((t) => t.table.length));
  const lines = tables.map((t) => `${t.table.padEnd(width)}  ${String(t.rows).padStart(9)}  ${t.checksum}  equal`);
  return [
    `${"table".padEnd(width)}  ${"rows".padStart(9)}  ${"checksum (md5)".padEnd(32)}  source = target`,
    ...lines,
  ].join("\n");
}
