import type { Status } from "#shared/domain.ts";
import { STAFF_MESSAGES } from "#shared/staff/staff-messages.ts";
import { transitionProblem } from "#shared/staff/staff-schemas.ts";
import type { Database, Queryable } from "../db/database.ts";
import { HttpError } from "../http/http-error.ts";
import { UUID_PATTERN } from "../grievances/grievance-sql.ts";

/**
 * The write side of the console. Each action is one transaction: lock the report row (FOR UPDATE, so two staff
 * acting at once are serialised and the second sees the first's result), check, update, record the event.
 */

interface LockedRow {
  status: Status;
  hidden_at: Date | null;
}

async function lockGrievance(tx: Queryable, id: string): Promise<LockedRow> {
  if (!UUID_PATTERN.test(id)) throw new HttpError(404, STAFF_MESSAGES.notFound);
  const { rows } = await tx.query<LockedRow>("SELECT status, hidden_at FROM grievances WHERE id = $1 FOR UPDATE", [id]);
  const row = rows[0];
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
  // A staff status change answers the reporter's "still a problem": the queue's flag goes (decision 015).
  await tx.query("UPDATE grievances SET status = $2, reopened_by_reporter_at = NULL WHERE id = $1", [id, to]);
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO grievance_events (grievance_id, kind, from_status, to_status, note, staff_id)
     VALUES ($1, 'status', $2, $3, $4, $5) RETURNING id::text`,
    [id, from, to, note ?? null, staffId],
  );
  return { eventId: rows[0]!.id, from, to, note: note ?? null };
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
    await tx.query(
      hide
        ? "UPDATE grievances SET hidden_at = now(), hidden_reason = $2 WHERE id = $1"
        : "UPDATE grievances SET hidden_at = NULL, hidden_reason = NULL WHERE id = $1",
      hide ? [id, hide.reason] : [id],
    );
    await tx.query("INSERT INTO grievance_events (grievance_id, kind, note, staff_id) VALUES ($1, $2, $3, $4)", [
      id,
      hide ? "hidden" : "shown",
      hide ? hide.reason : null,
      staffId,
    ]);
  });
}
