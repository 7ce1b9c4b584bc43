import fs from "node:fs/promises";
import path from "node:path";
import type { Config } from "../config.ts";
import type { Database } from "../db/database.ts";
import { describeDatabase, openDatabase } from "../db/open-database.ts";
import { DataDirectoryInUseError } from "../db/pglite-database.ts";
import { requestOfPortal } from "../operations/backup/control-socket-client.ts";
import {
  controlSocketPath,
  RETENTION_DRY_RUN_REQUEST,
  RETENTION_REQUEST,
  type ControlHandlers,
} from "../operations/backup/control-socket-protocol.ts";
import { createImageStore } from "../storage/create-image-store.ts";
import type { ImageStore } from "../storage/image-store.ts";
import type { RetentionPeriods } from "./privacy-config.ts";
import { runRetention, type RetentionReport } from "./retention-run.ts";

/** An operator-facing failure of `npm run retention`: printed as it is. */
export class RetentionCommandError extends Error {}

export interface RetentionCommandResult {
  report: RetentionReport;
  /** Who ran it: the portal running on the embedded database (asked through its control socket), or this process. */
  ranBy: "running portal" | "this command";
  database: string;
}

/**
 * `npm run retention [--dry-run]` while the portal runs or not (docs/operating.md): PostgreSQL is used directly, as
 * the portal's instances do (each batch skips rows another holds); the embedded database, which only one process may
 * open, is asked of the portal running on DATA_DIR through its control socket, as `npm run backup` does, or opened
 * here (under its lock, migrated as at start-up) when no portal runs.
 */
export async function runRetentionCommand(config: Config, dryRun: boolean): Promise<RetentionCommandResult> {
  const database = describeDatabase(config);
  if (!config.databaseUrl) {
    const socket = controlSocketPath(config.dataDir);
    const answer = await requestOfPortal(socket, dryRun ? RETENTION_DRY_RUN_REQUEST : RETENTION_REQUEST);
    if (answer)
      return { report: JSON.parse(answer.toString("utf8")) as RetentionReport, ranBy: "running portal", database };
    if (!(await fs.stat(path.join(config.dataDir, "db", "PG_VERSION")).catch(() => undefined))) {
      throw new RetentionCommandError(
        `There is no embedded database in ${path.join(config.dataDir, "db")}. Check DATA_DIR (now ${config.dataDir}), ` +
          "or set DATABASE_URL when the portal uses PostgreSQL.",
      );
    }
  }
  let db: Database;
  try {
    db = await openDatabase(config);
  } catch (error) {
    if (error instanceof DataDirectoryInUseError) {
      throw new RetentionCommandError(
        `A portal is running on ${config.dataDir} but did not answer on its control socket. Run the command as the ` +
          "same user as the portal, or stop the portal and run it again.",
      );
    }
    throw new RetentionCommandError(`Could not open ${database}: ${(error as Error).message}`);
  }
  try {
    const report = await runRetention({
      db,
      imageStore: createImageStore(config),
      periods: config.privacy.retention,
      now: new Date(),
      dryRun,
      actor: "command line",
    });
    return { report, ranBy: "this command", database };
  } finally {
    await db.close();
  }
}

/** The running portal's side: the control socket's retention requests, run by the portal on its own database. */
export function retentionControlHandlers(
  db: Database,
  imageStore: ImageStore,
  periods: RetentionPeriods,
): ControlHandlers {
  const run = async (dryRun: boolean) => {
    const report = await runRetention({ db, imageStore, periods, now: new Date(), dryRun, actor: "command line" });
    return Buffer.from(JSON.stringify(report));
  };
  return { [RETENTION_REQUEST]: () => run(false), [RETENTION_DRY_RUN_REQUEST]: () => run(true) };
}

const LABELS: Record<keyof RetentionReport["counts"], string> = {
  contactDetails: "Contact details of resolved reports",
  followers: "Follows of reports",
  alertSubscriptions: "Alert subscriptions (e-mail and SMS)",
  hiddenReports: "Hidden reports' text and photos",
  hiddenUpdates: "Hidden reporter updates' text and photos",
  photos: "Photos deleted from storage",
  auditEntries: "Audit log entries",
  smsMessages: "SMS numbers and texts",
  emailRecipients: "E-mail recipients' addresses",
};

/** The lines `npm run retention` prints: what was erased (or would be), kind by kind. */
export function describeRetention({ report, ranBy, database }: RetentionCommandResult): string[] {
  const width = Math.max(...Object.values(LABELS).map((label) => label.length));
  return [
    `${report.dryRun ? "Dry run (nothing changed): would erase" : "Retention run: erased"} in ${database}, run ${ranBy === "running portal" ? "by the running portal" : "by this command"}, at ${report.at}:`,
    ...Object.entries(LABELS).map(
      ([kind, label]) => `  ${label.padEnd(width)}  ${String(report.counts[kind as keyof typeof LABELS]).padStart(8)}`,
    ),
    report.dryRun
      ? "Run without --dry-run to erase them; the run is recorded in the audit log."
      : "Recorded in the audit log (retention.run).",
  ];
}
