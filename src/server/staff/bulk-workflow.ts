import type { Status } from "#shared/domain.ts";
import type { BulkResult } from "#shared/staff/staff-api.ts";
import { STAFF_MESSAGES } from "#shared/staff/staff-messages.ts";
import type { AuditActor } from "../admin/audit-log-repository.ts";
import type { Database } from "../db/database.ts";
import { HttpError } from "../http/http-error.ts";
import { notify } from "../delivery/index.ts";
import { assignIn, type Assignment } from "./assignment-workflow.ts";
import { referencesOf } from "./bulk-repository.ts";
import { changeStatusIn } from "./workflow.ts";

/**
 * Bulk actions from the queue: each report goes through the very change a single one would (the same checks, event,
 * audit and e-mail), in a transaction of its own, so that one refused report leaves the others changed. The answer
 * says, for each report in the order asked, whether it changed and, if not, why: the message the single change
 * would have answered, in `translate`'s language.
 */

type Change = (id: string) => Promise<unknown>;

async function eachReport(
  db: Database,
  ids: string[],
  change: Change,
  translate: (text: string) => string,
): Promise<BulkResult> {
  const unique = [...new Set(ids)];
  const references = await referencesOf(db, unique);
  const results: BulkResult["results"] = [];
  // One after the other: each locks one report, and a few dozen short transactions keep others' waits short.
  for (const id of unique) {
    const reference = references.get(id) ?? null;
    try {
      if (reference === null) throw new HttpError(404, STAFF_MESSAGES.notFound);
      await change(id);
      results.push({ id, reference, ok: true, message: null });
    } catch (error) {
      // A refusal is this report's; anything else (the database down) is the whole request's.
      if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
      results.push({ id, reference, ok: false, message: translate(error.message) });
    }
  }
  const succeeded = results.filter((r) => r.ok).length;
  return { results, succeeded, failed: results.length - succeeded };
}

/** bulkAssignGrievances. */
export async function bulkAssign(
  db: Database,
  ids: string[],
  assignment: Assignment,
  actor: Exclude<AuditActor, "command line">,
  context: { mailLinkBase: string; translate: (text: string) => string },
): Promise<BulkResult> {
  return eachReport(
    db,
    ids,
    (id) => db.transaction((tx) => assignIn(tx, id, assignment, actor, context.mailLinkBase)),
    context.translate,
  );
}

/** bulkChangeGrievanceStatus: followers of each changed report are told, as for a single change. */
export async function bulkChangeStatus(
  db: Database,
  ids: string[],
  change: { status: Status; note: string | undefined },
  staffId: string,
  context: { mailLinkBase: string; translate: (text: string) => string },
): Promise<BulkResult> {
  return eachReport(
    db,
    ids,
    (id) =>
      db.transaction(async (tx) => {
        const changed = await changeStatusIn(tx, id, change.status, change.note, staffId);
        await notify(tx, { kind: "status-changed", grievanceId: id, change: changed, linkBase: context.mailLinkBase });
      }),
    context.translate,
  );
}
