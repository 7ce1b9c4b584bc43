import type { Status } from "#shared/domain.ts";
import type { GrievanceProgress, ProgressEntry } from "#shared/staff/staff-api.ts";
import type { Queryable } from "../db/database.ts";
import { UUID_PATTERN } from "#shared/ids.ts";
import { findVisibleUpdates } from "../tracking/reporter-update-repository.ts";

interface PublicEventRow {
  kind: "status" | "confirmed-fixed";
  at: Date;
  from_status: Status;
  to_status: Status;
  note: string | null;
  actor: "staff" | "reporter";
}

/**
 * The public timeline of a visible report: when it was reported, then each status change with its public note,
 * and what its reporter added from their tracking page (visible updates, "Yes, it is fixed"; their "No, it is
 * still a problem" is a status change marked as theirs). Staff identity and moderation events never leave this
 * query. Undefined for unknown or hidden reports.
 */
export async function findProgress(db: Queryable, id: string): Promise<GrievanceProgress | undefined> {
  if (!UUID_PATTERN.test(id)) return undefined;
  const { rows } = await db.query<{ status: Status; created_at: Date }>(
    "SELECT status, created_at FROM grievances WHERE id = $1 AND hidden_at IS NULL",
    [id],
  );
  const grievance = rows[0];
  if (!grievance) return undefined;
  const [events, updates] = await Promise.all([
    db.query<PublicEventRow>(
      `SELECT kind, at, from_status, to_status, note, actor FROM grievance_events
       WHERE grievance_id = $1 AND kind IN ('status', 'confirmed-fixed') ORDER BY at, id`,
      [id],
    ),
    findVisibleUpdates(db, id),
  ]);
  const entries: ProgressEntry[] = [
    ...events.rows.map(toEntry),
    ...updates.map((update) => ({ type: "reporter-update" as const, ...update })),
  ];
  // Both lists are in time order; a stable sort merges them, an event before an update of the same instant.
  entries.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  return {
    id,
    status: grievance.status,
    timeline: [{ type: "reported", at: new Date(grievance.created_at).toISOString() }, ...entries],
  };
}

function toEntry(e: PublicEventRow): ProgressEntry {
  const at = new Date(e.at).toISOString();
  if (e.kind === "confirmed-fixed") return { type: "reporter-confirmed-fixed", at };
  return {
    type: "status",
    at,
    from: e.from_status,
    to: e.to_status,
    note: e.note,
    ...(e.actor === "reporter" && { byReporter: true as const }),
  };
}
