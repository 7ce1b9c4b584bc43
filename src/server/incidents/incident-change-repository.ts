import type { DeclareIncident, IncidentArea, IncidentSeverity, IncidentType } from "#shared/incidents/incidents.ts";
import type { IncidentTranslations, UpdateTranslations } from "#shared/incidents/incident-translations.ts";
import type { Queryable } from "../db/database.ts";

/**
 * The console's writes to incidents, and the rows its changes lock and read, each in the caller's transaction
 * (incident-workflow.ts runs them together with the alerts, the followers' e-mail and the audit log).
 */

/** Returns the new incident's id. `area`: as stored (JSON), or null. */
export async function insertIncident(
  tx: Queryable,
  input: DeclareIncident,
  area: string | null,
  staffId: string,
): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO incidents (type, severity, title, message, instructions, area, localities, starts_at,
       expected_restoration_at, declared_by, translations)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::text[], $8, $9, $10, $11::jsonb) RETURNING id::text`,
    [
      input.type,
      input.severity,
      input.title,
      input.message,
      input.instructions,
      area,
      input.localities,
      input.startsAt,
      input.expectedRestorationAt,
      staffId,
      JSON.stringify(input.translations),
    ],
  );
  return rows[0]!.id;
}

export interface LockedIncident {
  title: string;
  starts_at: Date | string;
  closed: boolean;
}

/** The incident row, locked: an update and a closure at once are serialised, and the second sees the first. */
export async function lockIncidentRow(tx: Queryable, id: string): Promise<LockedIncident | undefined> {
  const { rows } = await tx.query<LockedIncident>(
    "SELECT title, starts_at, closed_at IS NOT NULL AS closed FROM incidents WHERE id = $1 FOR UPDATE",
    [id],
  );
  return rows[0];
}

/**
 * Adds an update and dates the incident by it; `restoration`: undefined keeps the expected restoration, null clears
 * it. Returns the update's id.
 */
export async function insertIncidentUpdate(
  tx: Queryable,
  id: string,
  update: {
    message: string;
    translations: UpdateTranslations;
    restoration: string | null | undefined;
    staffId: string;
  },
): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO incident_updates (incident_id, message, staff_id, translations) VALUES ($1, $2, $3, $4::jsonb)
     RETURNING id::text`,
    [id, update.message, update.staffId, JSON.stringify(update.translations)],
  );
  await tx.query(
    `UPDATE incidents SET updated_at = now(),
       expected_restoration_at = CASE WHEN $2 THEN $3::timestamptz ELSE expected_restoration_at END
     WHERE id = $1`,
    [id, update.restoration !== undefined, update.restoration ?? null],
  );
  return rows[0]!.id;
}

/** Closes the incident; `translations`: the final message in other languages, kept beside each one's other texts. */
export async function markIncidentClosed(
  tx: Queryable,
  id: string,
  finalMessage: string,
  translations: UpdateTranslations,
  staffId: string,
) {
  // Each language's object gets its finalMessage (jsonb || merges one level: the language's other texts stay).
  const merged = Object.fromEntries(
    Object.entries(translations).map(([locale, text]) => [locale, { finalMessage: text }]),
  );
  await tx.query(
    `UPDATE incidents SET closed_at = now(), updated_at = now(), final_message = $2, closed_by = $3,
       translations = (
         SELECT coalesce(jsonb_object_agg(key, coalesce(translations -> key, '{}'::jsonb) || value), '{}'::jsonb)
           FROM jsonb_each($4::jsonb)
       ) || (SELECT coalesce(jsonb_object_agg(key, value), '{}'::jsonb) FROM jsonb_each(translations)
              WHERE NOT $4::jsonb ? key)
     WHERE id = $1`,
    [id, finalMessage, staffId, JSON.stringify(merged)],
  );
}

/**
 * The incident's linked reports not yet resolved, in id order: two transactions locking several reports take them
 * in the same order, so neither waits forever.
 */
export async function unresolvedLinkedReportIds(tx: Queryable, id: string): Promise<string[]> {
  const { rows } = await tx.query<{ id: string }>(
    `SELECT g.id::text FROM incident_reports r JOIN grievances g ON g.id = r.grievance_id
     WHERE r.incident_id = $1 AND g.status <> 'resolved' ORDER BY g.id`,
    [id],
  );
  return rows.map((row) => row.id);
}

/** The reports of these ids that exist, locked, with the incident each is linked to (null: none). */
export async function lockReportsWithIncident(
  tx: Queryable,
  grievanceIds: string[],
): Promise<{ id: string; incident_id: string | null }[]> {
  const { rows } = await tx.query<{ id: string; incident_id: string | null }>(
    `SELECT g.id::text, r.incident_id::text FROM grievances g LEFT JOIN incident_reports r ON r.grievance_id = g.id
     WHERE g.id = ANY($1::uuid[]) FOR UPDATE OF g`,
    [grievanceIds],
  );
  return rows;
}

/** Links the reports not linked yet; returns how many were linked now. */
export async function insertIncidentReports(
  tx: Queryable,
  id: string,
  grievanceIds: string[],
  staffId: string,
): Promise<number> {
  const { rows } = await tx.query(
    `INSERT INTO incident_reports (grievance_id, incident_id, linked_by) SELECT unnest($1::uuid[]), $2, $3
     ON CONFLICT (grievance_id) DO NOTHING RETURNING 1`,
    [grievanceIds, id, staffId],
  );
  return rows.length;
}

export interface AlertedIncident {
  type: IncidentType;
  severity: IncidentSeverity;
  title: string;
  message: string;
  instructions: string;
  area: IncidentArea | null;
  localities: string[];
  expected_restoration_at: Date | null;
  final_message: string | null;
  translations: IncidentTranslations;
}

/** What an alert about the incident says of it. */
export async function findAlertedIncident(tx: Queryable, id: string): Promise<AlertedIncident | undefined> {
  const { rows } = await tx.query<AlertedIncident>(
    `SELECT type, severity, title, message, instructions, area, localities, expected_restoration_at, final_message,
       translations
     FROM incidents WHERE id = $1`,
    [id],
  );
  return rows[0];
}

/** An update's message and its versions in other languages, when it is one of this incident's. */
export async function findUpdateMessage(
  tx: Queryable,
  id: string,
  updateId: string,
): Promise<{ message: string; translations: UpdateTranslations } | undefined> {
  const { rows } = await tx.query<{ message: string; translations: UpdateTranslations }>(
    "SELECT message, translations FROM incident_updates WHERE id = $1 AND incident_id = $2",
    [updateId, id],
  );
  return rows[0];
}
