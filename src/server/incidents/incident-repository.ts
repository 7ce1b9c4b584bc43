import type { z } from "zod";
import type { publicIncidentSchema, staffIncidentSchema } from "#shared/api-schemas/incidents.ts";
import {
  RECENT_INCIDENT_DAYS,
  type IncidentArea,
  type IncidentSeverity,
  type IncidentType,
} from "#shared/incidents/incidents.ts";
import type { IncidentTranslations, UpdateTranslations } from "#shared/incidents/incident-translations.ts";
import type { Queryable } from "../db/database.ts";
import { UUID_PATTERN } from "#shared/ids.ts";

/**
 * Reading incidents (migration 018) as the public and the console see them. An incident's answer carries its
 * updates in time order and the number of its linked reports the public can see (hidden ones are not counted).
 */

export type PublicIncident = z.output<typeof publicIncidentSchema>;
export type StaffIncident = z.output<typeof staffIncidentSchema>;

interface IncidentRow {
  id: string;
  type: IncidentType;
  severity: IncidentSeverity;
  title: string;
  message: string;
  instructions: string;
  area: IncidentArea | string | null;
  localities: string[];
  starts_at: Date | string;
  expected_restoration_at: Date | string | null;
  declared_at: Date | string;
  updated_at: Date | string;
  closed_at: Date | string | null;
  final_message: string | null;
  affected_count: number;
  report_count: number | string;
  declared_by: string | null;
  closed_by: string | null;
  translations: IncidentTranslations;
}

interface UpdateRow {
  id: string;
  incident_id: string;
  message: string;
  created_at: Date | string;
  translations: UpdateTranslations;
}

const iso = (value: Date | string): string => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null): string | null => (value === null ? null : iso(value));

/** The columns every read takes: who declared and closed it by their e-mail address (as the timeline shows staff), for the console only. */
const INCIDENT_COLUMNS = `
  i.id::text, i.type, i.severity, i.title, i.message, i.instructions, i.area, i.localities, i.starts_at,
  i.expected_restoration_at, i.declared_at, i.updated_at, i.closed_at, i.final_message, i.affected_count, i.translations,
  (SELECT count(*) FROM incident_reports r JOIN grievances g ON g.id = r.grievance_id
    WHERE r.incident_id = i.id AND g.hidden_at IS NULL)::int AS report_count,
  (SELECT s.email FROM staff_accounts s WHERE s.id = i.declared_by) AS declared_by,
  (SELECT s.email FROM staff_accounts s WHERE s.id = i.closed_by) AS closed_by`;

function toPublicIncident(row: IncidentRow, updates: UpdateRow[]): PublicIncident {
  return {
    id: row.id,
    type: row.type,
    severity: row.severity,
    title: row.title,
    message: row.message,
    instructions: row.instructions,
    // PGlite and pg both parse jsonb; a driver set up otherwise would hand the text.
    area: typeof row.area === "string" ? (JSON.parse(row.area) as IncidentArea) : row.area,
    localities: row.localities,
    startsAt: iso(row.starts_at),
    expectedRestorationAt: isoOrNull(row.expected_restoration_at),
    declaredAt: iso(row.declared_at),
    updatedAt: iso(row.updated_at),
    closedAt: isoOrNull(row.closed_at),
    finalMessage: row.final_message,
    affectedCount: row.affected_count,
    reportCount: Number(row.report_count),
    translations: row.translations,
    updates: updates.map((update) => ({
      id: update.id,
      at: iso(update.created_at),
      message: update.message,
      translations: update.translations,
    })),
  };
}

/** The incidents of `where` with their updates: two queries, whatever their number. */
async function readIncidents(db: Queryable, where: string, params: unknown[], orderBy: string) {
  const { rows } = await db.query<IncidentRow>(
    `SELECT ${INCIDENT_COLUMNS} FROM incidents i WHERE ${where} ORDER BY ${orderBy}`,
    params,
  );
  if (rows.length === 0) return [];
  const updates = await db.query<UpdateRow>(
    `SELECT id::text, incident_id::text, message, created_at, translations FROM incident_updates
     WHERE incident_id = ANY($1::uuid[]) ORDER BY created_at, id`,
    [rows.map((row) => row.id)],
  );
  return rows.map((row) => ({
    row,
    incident: toPublicIncident(
      row,
      updates.rows.filter((update) => update.incident_id === row.id),
    ),
  }));
}

export async function getPublicIncident(db: Queryable, id: string): Promise<PublicIncident | undefined> {
  if (!UUID_PATTERN.test(id)) return undefined;
  const [found] = await readIncidents(db, "i.id = $1", [id], "i.id");
  return found?.incident;
}

/** /incidents and the feeds: the active ones newest first, then those closed in the last RECENT_INCIDENT_DAYS. */
export async function listPublicIncidents(
  db: Queryable,
): Promise<{ active: PublicIncident[]; recent: PublicIncident[] }> {
  const found = await readIncidents(
    db,
    `i.closed_at IS NULL OR i.closed_at > now() - make_interval(days => $1)`,
    [RECENT_INCIDENT_DAYS],
    "i.closed_at DESC NULLS FIRST, i.declared_at DESC",
  );
  const incidents = found.map((each) => each.incident);
  return {
    active: incidents.filter((incident) => incident.closedAt === null),
    recent: incidents.filter((incident) => incident.closedAt !== null),
  };
}

/** The banner and the form's matching: only the active ones. */
export async function listActiveIncidents(db: Queryable): Promise<PublicIncident[]> {
  const found = await readIncidents(db, "i.closed_at IS NULL", [], "i.declared_at DESC");
  return found.map((each) => each.incident);
}

/** The console's list: every incident, the active ones first, newest first. */
export async function listAllIncidents(db: Queryable): Promise<PublicIncident[]> {
  const found = await readIncidents(db, "true", [], "(i.closed_at IS NULL) DESC, i.declared_at DESC");
  return found.map((each) => each.incident);
}

interface LinkedReportRow {
  id: string;
  reference: string;
  title: string;
  status: string;
  category: string;
  created_at: Date | string;
}

/** The console's view of one incident: with who declared and closed it, and every linked report, hidden ones too. */
export async function getStaffIncident(db: Queryable, id: string): Promise<StaffIncident | undefined> {
  if (!UUID_PATTERN.test(id)) return undefined;
  const [found] = await readIncidents(db, "i.id = $1", [id], "i.id");
  if (!found) return undefined;
  const linked = await db.query<LinkedReportRow>(
    `SELECT g.id::text, g.reference, g.title, g.status, g.category, g.created_at
     FROM incident_reports r JOIN grievances g ON g.id = r.grievance_id
     WHERE r.incident_id = $1 ORDER BY g.created_at, g.id`,
    [id],
  );
  return {
    ...found.incident,
    declaredBy: found.row.declared_by,
    closedBy: found.row.closed_by,
    linkedReports: linked.rows.map((row) => ({
      id: row.id,
      reference: row.reference,
      title: row.title,
      status: row.status,
      category: row.category,
      createdAt: iso(row.created_at),
    })),
  };
}

/** A report's public page: the incident it is linked to, if any. */
export async function findIncidentOfReport(
  db: Queryable,
  grievanceId: string,
): Promise<{ id: string; title: string; type: IncidentType; closedAt: string | null } | null> {
  if (!UUID_PATTERN.test(grievanceId)) return null;
  const { rows } = await db.query<{ id: string; title: string; type: IncidentType; closed_at: Date | string | null }>(
    `SELECT i.id::text, i.title, i.type, i.closed_at FROM incident_reports r JOIN incidents i ON i.id = r.incident_id
     WHERE r.grievance_id = $1`,
    [grievanceId],
  );
  const row = rows[0];
  return row ? { id: row.id, title: row.title, type: row.type, closedAt: isoOrNull(row.closed_at) } : null;
}
