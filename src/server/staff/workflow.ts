import type { Status } from "#shared/domain.ts";
import { STAFF_MESSAGES } from "#shared/staff/staff-messages.ts";
import { transitionProblem } from "#shared/staff/staff-schemas.ts";
import type { Database, Queryable } from "../db/database.ts";
import { HttpError } from "../http/http-error.ts";
import { notify } from "../delivery/index.ts";
import { UUID_PATTERN } from "#shared/ids.ts";
import {
  lockGrievanceRow,
  recordStatusChange,
  recordVisibilityChange,
  type LockedGrievance,
} from "./staff-change-repository.ts";

/**
 * The write side of the console. Each action is one transaction: lock the report row (FOR UPDATE, so two staff
 * acting at once are serialised and the second sees the first's result), check, update, record the event.
 */

async function lockGrievance(tx: Queryable, id: string): Promise<LockedGrievance> {
  if (!UUID_PATTERN.test(id)) throw new HttpError(404, STAFF_MESSAGES.notFound);
  const row = await lockGrievanceRow(tx, id);
  if (!row) throw new HttpError(404, STAFF_MESSAGES.notFound);
  return row;
}

/** A recorded status change, for work that must commit or roll back with it (e-mail to followers, decision 014). */
export interface StatusChanged {
  eventId: string;
  from: Status;
  to: Status;
  note: string | null;
}

export async function changeStatus(
  db: Database,
  id: string,
  to: Status,
  note: string | undefined,
  staffId: string,
  alsoInTransaction?: (tx: Queryable, change: StatusChanged) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const change = await changeStatusIn(tx, id, to, note, staffId);
    await alsoInTransaction?.(tx, change);
  });
}

/**
 * A status change from the console, its followers told in the same transaction: a message exists if and only if
 * the change committed (docs/decisions/014-transactional-outbox-email.md). `linkBase`: where the e-mail's links
 * start (from configuration only).
 */
export async function changeStatusAndNotify(
  db: Database,
  id: string,
  to: Status,
  note: string | undefined,
  staffId: string,
  linkBase: string,
): Promise<void> {
  await changeStatus(db, id, to, note, staffId, (tx, change) =>
    notify(tx, { kind: "status-changed", grievanceId: id, change, linkBase }).then(() => undefined),
  );
}

/**
 * A status change inside the caller's transaction, for work that changes several reports at once (closing an
 * incident resolves its linked reports, src/server/incidents/): the same checks and the same one event per report.
 */
export async function changeStatusIn(
  tx: Queryable,
  id: string,
  to: Status,
  note: string | undefined,
  staffId: string,
): Promise<StatusChanged> {
  const { status: from } = await lockGrievance(tx, id);
  const problem = transitionProblem(from, to);
  if (problem) throw new HttpError(409, problem);
  const eventId = await recordStatusChange(tx, { id, from, to, note: note ?? null, staffId });
  return { eventId, from, to, note: note ?? null };
}

export async function setHidden(
  db: Database,
  id: string,
  hide: { reason: string } | false,
  staffId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { hidden_at } = await lockGrievance(tx, id);
    if (hide && hidden_at !== null) throw new HttpError(409, STAFF_MESSAGES.alreadyHidden);
    if (!hide && hidden_at === null) throw new HttpError(409, STAFF_MESSAGES.notHidden);
    await recordVisibilityChange(tx, id, hide, staffId);
  });
}
