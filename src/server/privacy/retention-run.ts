import { recordAudit } from "../admin/audit-log-repository.ts";
import type { Database, Queryable } from "../db/database.ts";
import type { StoredImage } from "../grievances/grievance-row.ts";
import type { ImageStore } from "../storage/image-store.ts";
import type { RetentionPeriods } from "./privacy-config.ts";
import * as repo from "./retention-repository.ts";

/** What one run erased (or, in a dry run, would erase), kind by kind. */
export interface RetentionCounts {
  /** Resolved reports whose e-mail address and phone number were erased. */
  contactDetails: number;
  /** Follows deleted: the reporter's with the contact details, others' after the report's resolution. */
  followers: number;
  /** E-mail and SMS alert subscriptions deleted, ended or never confirmed. */
  alertSubscriptions: number;
  /** Hidden reports whose text was replaced by the marker and photos deleted. */
  hiddenReports: number;
  /** Hidden reporter updates, likewise. */
  hiddenUpdates: number;
  /** Photos of those reports and updates deleted from storage (each with its smaller versions). */
  photos: number;
  auditEntries: number;
  /** SMS whose number and text were erased. */
  smsMessages: number;
  /** E-mail whose recipient's address was erased. */
  emailRecipients: number;
}

export interface RetentionReport {
  dryRun: boolean;
  /** The run's clock: each period counts back from it. */
  at: string;
  periods: RetentionPeriods;
  counts: RetentionCounts;
}

export interface RetentionOptions {
  db: Database;
  imageStore: ImageStore;
  periods: RetentionPeriods;
  /** The clock (a test sets it); every period's cutoff is this minus its days. */
  now: Date;
  /** Counts only, changes nothing (and records nothing). */
  dryRun: boolean;
  /** Who runs it, for the audit log: the daily maintenance ("system") or `npm run retention` ("command line"). */
  actor: "system" | "command line";
  /** Rows per statement; each batch is a transaction of its own, so no lock is held for long. */
  batchSize?: number;
}

const BATCH = 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The retention run (docs/decisions/042-privacy-and-retention.md): erases what is kept past its period, batch by
 * batch, and records the run with its counts in the audit log. Nothing public is lost: a report keeps its reference,
 * category, status, place, dates, timeline and its part in the statistics. Safe to run on several instances at once:
 * each batch takes rows no other holds (SKIP LOCKED) and each erasure is done once.
 */
export async function runRetention(options: RetentionOptions): Promise<RetentionReport> {
  const { db, periods, now, dryRun } = options;
  const cutoff = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const cut = {
    contact: cutoff(periods.contactDays),
    followers: cutoff(periods.followersDays),
    hidden: cutoff(periods.hiddenDays),
    hiddenUpdates: cutoff(periods.hiddenUpdatesDays),
    audit: cutoff(periods.auditDays),
    sms: cutoff(periods.smsDays),
    email: cutoff(periods.emailDays),
  };
  const counts = dryRun ? await countDue(db, cut) : await erase(options, cut);
  const report: RetentionReport = { dryRun, at: now.toISOString(), periods, counts };
  if (!dryRun) {
    await recordAudit(db, options.actor, {
      action: "retention.run",
      target: "retention",
      details: { ...counts, periods },
    });
  }
  return report;
}

type Cutoffs = Record<"contact" | "followers" | "hidden" | "hiddenUpdates" | "audit" | "sms" | "email", Date>;

async function countDue(db: Database, cut: Cutoffs): Promise<RetentionCounts> {
  const hiddenReports = await repo.countHiddenReportsDue(db, cut.hidden);
  const hiddenUpdates = await repo.countHiddenUpdatesDue(db, cut.hiddenUpdates);
  return {
    contactDetails: await repo.countContactDue(db, cut.contact),
    followers: await repo.countFollowersDue(db, cut.followers, cut.contact),
    alertSubscriptions: await repo.countSubscriptionsDue(db, cut.followers),
    hiddenReports: hiddenReports.rows,
    hiddenUpdates: hiddenUpdates.rows,
    photos: hiddenReports.photos + hiddenUpdates.photos,
    auditEntries: await repo.countAuditDue(db, cut.audit),
    smsMessages: await repo.countSmsDue(db, cut.sms, cut.contact),
    emailRecipients: await repo.countEmailDue(db, cut.email, cut.contact),
  };
}

async function erase(options: RetentionOptions, cut: Cutoffs): Promise<RetentionCounts> {
  const { db, imageStore } = options;
  const limit = options.batchSize ?? BATCH;
  const counts: RetentionCounts = {
    contactDetails: 0,
    followers: 0,
    alertSubscriptions: 0,
    hiddenReports: 0,
    hiddenUpdates: 0,
    photos: 0,
    auditEntries: 0,
    smsMessages: 0,
    emailRecipients: 0,
  };
  /** Runs `batch` in transactions of its own until one handles fewer than `limit` rows; the rows handled in all. */
  const repeat = async (batch: (tx: Queryable) => Promise<number>) => {
    let total = 0;
    for (;;) {
      const handled = await db.transaction(batch);
      total += handled;
      if (handled < limit) return total;
    }
  };

  counts.contactDetails = await repeat(async (tx) => {
    const erased = await repo.eraseContactBatch(tx, cut.contact, limit);
    counts.followers += erased.followers;
    counts.emailRecipients += erased.emails;
    counts.smsMessages += erased.sms;
    return erased.reports;
  });
  counts.followers += await windows(db, "followers", limit, (after, last) =>
    repo.deleteFollowersIn(db, after, last, cut.followers),
  );
  counts.alertSubscriptions += await windows(db, "incident_subscriptions", limit, (after, last) =>
    repo.deleteSubscriptionsIn(db, after, last, cut.followers),
  );
  counts.alertSubscriptions += await windows(db, "sms_alert_subscriptions", limit, (after, last) =>
    repo.deleteSmsSubscriptionsIn(db, after, last, cut.followers),
  );
  // Photos leave storage after their rows let go of them: a failed delete leaves an unreferenced object, which the
  // orphan sweep removes, never a row that names a missing photo.
  const deletePhotos = async (lists: StoredImage[][]) => {
    for (const image of lists.flat()) {
      for (const key of [image.key, image.thumbnailKey, image.mediumKey]) if (key) await imageStore.delete(key);
      counts.photos += 1;
    }
  };
  const eraseHidden = async (batch: (tx: Queryable) => Promise<StoredImage[][]>) => {
    let rows = 0;
    for (;;) {
      const lists = await db.transaction(batch);
      await deletePhotos(lists);
      rows += lists.length;
      if (lists.length < limit) return rows;
    }
  };
  counts.hiddenReports = await eraseHidden((tx) => repo.eraseHiddenReportsBatch(tx, cut.hidden, limit));
  counts.hiddenUpdates = await eraseHidden((tx) => repo.eraseHiddenUpdatesBatch(tx, cut.hiddenUpdates, limit));
  counts.auditEntries = await repeat((tx) => repo.deleteAuditBatch(tx, cut.audit, limit));
  counts.smsMessages += await repeat((tx) => repo.eraseSmsBatch(tx, cut.sms, limit));
  counts.emailRecipients += await repeat((tx) => repo.eraseEmailBatch(tx, cut.email, limit));
  return counts;
}

/** Walks `table` in windows of `limit` ids, one statement each, so that a large table is read once per run. */
async function windows(
  db: Database,
  table: repo.WindowedTable,
  limit: number,
  work: (after: string, last: string) => Promise<number>,
): Promise<number> {
  let total = 0;
  let after = "0";
  for (;;) {
    const last = await repo.windowEnd(db, table, after, limit);
    if (last === null) return total;
    total += await work(after, last);
    after = last;
  }
}
