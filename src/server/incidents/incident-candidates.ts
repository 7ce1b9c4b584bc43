import type { z } from "zod";
import type { incidentCandidatesResponseSchema } from "#shared/api-schemas/incidents.ts";
import { INCIDENT_LIMITS } from "#shared/incidents/incidents.ts";
import type { Queryable } from "../db/database.ts";
import { areaBbox, pointInIncidentArea, textNamesLocality } from "./incident-area.ts";
import { candidatesInBox, candidatesWithLocation, type CandidateRow } from "./incident-candidate-repository.ts";
import type { PublicIncident } from "./incident-repository.ts";

type Candidates = z.output<typeof incidentCandidatesResponseSchema>;

/**
 * Reports made this long before the incident's start may still be about it: a main often leaks for a day or two
 * before it bursts, and residents report the low pressure first.
 */
export const CANDIDATE_LEAD_DAYS = 2;

/**
 * How many rows each search reads at most before the exact test in code: a box's corners lie outside a polygon or
 * circle, and a location text names a locality less often than it is read.
 */
const READ_LIMIT = INCIDENT_LIMITS.linkBatch * 4;

/**
 * The bulk preview: open public reports, of `category` when given, made since CANDIDATE_LEAD_DAYS before the
 * incident's start, whose pin lies in its drawn area (read through the GiST index on `position` by the area's
 * box, then tested exactly) or whose location text names one of its localities. Reports already linked to this
 * incident are left out; those linked to another are shown with its id and are not taken. Newest first, at most
 * INCIDENT_LIMITS.linkBatch.
 */
export async function findCandidates(
  db: Queryable,
  incident: PublicIncident,
  category: string | undefined,
): Promise<Candidates> {
  const since = new Date(new Date(incident.startsAt).getTime() - CANDIDATE_LEAD_DAYS * 86_400_000).toISOString();
  const filter = { since, incidentId: incident.id, category };
  const found = new Map<string, CandidateRow>();
  let readAll = true;

  const area = incident.area;
  if (area) {
    const rows = await candidatesInBox(db, areaBbox(area), filter, READ_LIMIT + 1);
    if (rows.length > READ_LIMIT) readAll = false;
    for (const row of rows.slice(0, READ_LIMIT)) {
      if (row.latitude !== null && row.longitude !== null && pointInIncidentArea(area, row.latitude, row.longitude)) {
        found.set(row.id, row);
      }
    }
  }

  if (incident.localities.length > 0) {
    // Accents and word boundaries are compared in code (incident-area.ts); the time bound keeps the read short.
    const rows = await candidatesWithLocation(db, filter, READ_LIMIT + 1);
    if (rows.length > READ_LIMIT) readAll = false;
    for (const row of rows.slice(0, READ_LIMIT)) {
      const location = row.location;
      if (location && incident.localities.some((locality) => textNamesLocality(location, locality)))
        found.set(row.id, row);
    }
  }

  const sorted = [...found.values()].sort(
    (a, b) => new Date(b.created_at).getTime() - new Date(a.created_at).getTime() || b.id.localeCompare(a.id),
  );
  return {
    items: sorted.slice(0, INCIDENT_LIMITS.linkBatch).map((row) => ({
      id: row.id,
      reference: row.reference,
      title: row.title,
      category: row.category,
      status: row.status,
      location: row.location ?? "",
      createdAt: new Date(row.created_at).toISOString(),
      linkedIncidentId: row.linked_incident_id,
    })),
    truncated: sorted.length > INCIDENT_LIMITS.linkBatch || !readAll,
  };
}
