import type { Queryable } from "../db/database.ts";
import { COLUMNS } from "../grievances/grievance-filter-repository.ts";
import type { GrievanceRow } from "../grievances/grievance-row.ts";

/** Staff set a report's place (docs/decisions/041-sms-for-staff.md): the pin and its words, and the timeline's record. */

export interface ReportPlace {
  latitude: number | null;
  longitude: number | null;
  location: string | null;
}

/** The report's place now and its team, its row locked for the change; undefined when there is no such report. */
export async function lockReportPlace(
  tx: Queryable,
  id: string,
): Promise<(ReportPlace & { reference: string; team_id: string | null }) | undefined> {
  const { rows } = await tx.query<ReportPlace & { reference: string; team_id: string | null }>(
    `SELECT reference, team_id, latitude::float8 AS latitude, longitude::float8 AS longitude, location
       FROM grievances WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return rows[0];
}

/** Sets the pin, and the words when given (else the report's stay); the row as the routing step reads it. */
export async function updateReportPlace(
  tx: Queryable,
  id: string,
  place: { latitude: number; longitude: number; location?: string | undefined },
): Promise<GrievanceRow> {
  const { rows } = await tx.query<GrievanceRow>(
    `UPDATE grievances SET latitude = $2, longitude = $3, location = coalesce($4, location) WHERE id = $1
     RETURNING ${COLUMNS}`,
    [id, place.latitude, place.longitude, place.location ?? null],
  );
  return rows[0]!;
}

/** The 'location' event on the staff timeline: the place before and after. */
export async function recordPlaceEvent(
  tx: Queryable,
  id: string,
  staffId: string,
  change: { from: ReportPlace; to: ReportPlace },
): Promise<void> {
  await tx.query(
    "INSERT INTO grievance_events (grievance_id, kind, staff_id, details) VALUES ($1, 'location', $2, $3)",
    [id, staffId, JSON.stringify(change)],
  );
}
