import { WORK_MESSAGES } from "#shared/staff/call-and-duplicate-schemas.ts";
import { STAFF_MESSAGES } from "#shared/staff/staff-messages.ts";
import type { Database } from "../db/database.ts";
import { UUID_PATTERN } from "#shared/ids.ts";
import { HttpError } from "../http/http-error.ts";
import { storedLocale, translatorFor } from "../i18n/server-i18n.ts";
import { recordAudit, type AuditActor } from "../admin/audit-log-repository.ts";
import { notify } from "../delivery/index.ts";
import { duplicateOfOf, lockPair, moveFollowers, recordDuplicate } from "./duplicate-repository.ts";
import { changeStatusIn } from "./workflow.ts";

/**
 * Marking a report as a duplicate of another (markDuplicate; docs/decisions/033-duplicates-calls-and-templates.md),
 * in one transaction: the duplicate resolved with a public note naming the original's reference (in its reporter's
 * language), both timelines told, the audit log, the duplicate's followers following the original (each told
 * once), and the original's "people affected" one more.
 */

// Duplicates are never marked again and always point at a report that is not one, so chains are one link long;
// the bound only guards against data changed by hand.
const MAX_CHAIN = 10;

/** An original that is itself a duplicate is followed to the report it repeats: that one collects the people. */
async function rootOf(db: Database, id: string): Promise<string> {
  let current = id;
  for (let step = 0; step < MAX_CHAIN; step++) {
    const next = await duplicateOfOf(db, current);
    if (next === undefined) throw new HttpError(400, WORK_MESSAGES.originalNotFound);
    if (next === null) return current;
    current = next;
  }
  return current;
}

export async function markDuplicate(
  db: Database,
  duplicateId: string,
  duplicateOfId: string,
  actor: Exclude<AuditActor, "command line">,
  linkBase: string,
): Promise<{ originalId: string }> {
  if (!UUID_PATTERN.test(duplicateId)) throw new HttpError(404, STAFF_MESSAGES.notFound);
  if (!UUID_PATTERN.test(duplicateOfId)) throw new HttpError(400, WORK_MESSAGES.originalNotFound);
  const originalId = await rootOf(db, duplicateOfId);
  return db.transaction(async (tx) => {
    if (originalId === duplicateId) throw new HttpError(400, WORK_MESSAGES.duplicateOfItself);
    const locked = await lockPair(tx, [duplicateId, originalId]);
    const duplicate = locked.get(duplicateId);
    const original = locked.get(originalId);
    if (!duplicate) throw new HttpError(404, STAFF_MESSAGES.notFound);
    if (!original) throw new HttpError(400, WORK_MESSAGES.originalNotFound);
    // Checked again under the locks: someone may have marked either report meanwhile.
    if (original.duplicate_of_id !== null) throw new HttpError(409, WORK_MESSAGES.originalChanged);
    if (duplicate.duplicate_of_id !== null) throw new HttpError(400, WORK_MESSAGES.alreadyDuplicate);
    if (duplicate.status === "resolved") throw new HttpError(400, WORK_MESSAGES.resolvedNotDuplicate);
    // The public note sends readers to the original: it must be there for them to see.
    if (original.hidden) throw new HttpError(400, WORK_MESSAGES.originalHidden);

    const t = translatorFor(storedLocale(duplicate.locale));
    const note = t("This report repeats report {reference}: its progress is followed there.", {
      reference: original.reference,
    });
    // The resolution is an ordinary status change with a public note: the report's page shows it like any other.
    const change = await changeStatusIn(tx, duplicateId, "resolved", note, actor.id);
    await recordDuplicate(tx, duplicate, original, actor.id);
    await recordAudit(tx, actor, {
      action: "grievance.duplicate",
      target: duplicate.reference,
      details: { original: original.reference },
    });
    const followers = await moveFollowers(tx, duplicateId, originalId);
    // Its followers hear of the merge; its reporter's phone of the resolution, without "Is it fixed?": nothing was
    // fixed here.
    await notify(tx, { kind: "marked-duplicate", duplicate, original, followers, change, linkBase });
    return { originalId };
  });
}
