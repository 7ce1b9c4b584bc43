import { INCIDENT_MESSAGES } from "./incident-messages.ts";
import { statusLabel } from "#shared/format.ts";
import { englishText } from "#shared/i18n/english-text.ts";
import { msg } from "#shared/i18n/locales.ts";
import type { DeclareIncident, IncidentArea } from "#shared/incidents/incidents.ts";
import { NOTE_MAX_LENGTH } from "#shared/staff/staff-schemas.ts";
import type { Database, Queryable } from "../db/database.ts";
import { recordAudit, type AuditActor } from "../admin/audit-log-repository.ts";
import { UUID_PATTERN } from "../grievances/grievance-sql.ts";
import { HttpError } from "../http/http-error.ts";
import { notifyFollowers } from "../notifications/notify.ts";
import { changeStatusIn } from "../staff/workflow.ts";
import { closedRing } from "./incident-area.ts";
import { queueIncidentAlerts } from "./incident-alerts.ts";

/**
 * The console's changes to incidents (docs/decisions/021-incidents.md). Each is one transaction with
 * everything that must hold with it: the alerts to subscribers (incident-alerts.ts), the e-mail to the followers
 * of each resolved report (decision 014), and the audit log's record.
 */

export interface Actor {
  staffId: string;
  email: string;
  /** PUBLIC_URL or the request's origin: the start of the links in the messages queued. */
  linkBase: string;
}

const auditActor = (actor: Actor): AuditActor => ({ id: actor.staffId, email: actor.email });

/** Stored as drawn, except that a polygon's ring is closed, as GeoJSON and CAP want it. */
const storedArea = (area: IncidentArea | null): string | null =>
  area === null
    ? null
    : JSON.stringify(
        area.type === "Polygon" ? { type: "Polygon", coordinates: [closedRing(area.coordinates[0])] } : area,
      );

export async function declareIncident(db: Database, input: DeclareIncident, actor: Actor): Promise<string> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO incidents (type, severity, title, message, instructions, area, localities, starts_at,
         expected_restoration_at, declared_by)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::text[], $8, $9, $10) RETURNING id::text`,
      [
        input.type,
        input.severity,
        input.title,
        input.message,
        input.instructions,
        storedArea(input.area),
        input.localities,
        input.startsAt,
        input.expectedRestorationAt,
        actor.staffId,
      ],
    );
    const id = rows[0]!.id;
    await queueIncidentAlerts(tx, { incidentId: id, event: { kind: "declared" }, linkBase: actor.linkBase });
    await recordAudit(tx, auditActor(actor), {
      action: "incident.declare",
      target: input.title,
      details: { id, type: input.type },
    });
    return id;
  });
}

interface LockedIncident {
  title: string;
  starts_at: Date | string;
  closed: boolean;
}

/** The incident row, locked: an update and a closure at once are serialised, and the second sees the first. */
async function lockIncident(tx: Queryable, id: string): Promise<LockedIncident> {
  if (!UUID_PATTERN.test(id)) throw new HttpError(404, INCIDENT_MESSAGES.notFound);
  const { rows } = await tx.query<LockedIncident>(
    "SELECT title, starts_at, closed_at IS NOT NULL AS closed FROM incidents WHERE id = $1 FOR UPDATE",
    [id],
  );
  if (!rows[0]) throw new HttpError(404, INCIDENT_MESSAGES.notFound);
  return rows[0];
}

export async function postIncidentUpdate(
  db: Database,
  id: string,
  update: { message: string; expectedRestorationAt?: string | null | undefined },
  actor: Actor,
): Promise<void> {
  await db.transaction(async (tx) => {
    const incident = await lockIncident(tx, id);
    if (incident.closed) throw new HttpError(409, INCIDENT_MESSAGES.closedNoUpdates);
    const restoration = update.expectedRestorationAt;
    if (restoration && new Date(restoration) < new Date(incident.starts_at)) {
      throw new HttpError(400, msg("The expected restoration must be after the start."));
    }
    const { rows } = await tx.query<{ id: string }>(
      "INSERT INTO incident_updates (incident_id, message, staff_id) VALUES ($1, $2, $3) RETURNING id::text",
      [id, update.message, actor.staffId],
    );
    // Left out, the expected restoration stays; null clears it.
    await tx.query(
      `UPDATE incidents SET updated_at = now(),
         expected_restoration_at = CASE WHEN $2 THEN $3::timestamptz ELSE expected_restoration_at END
       WHERE id = $1`,
      [id, restoration !== undefined, restoration ?? null],
    );
    await queueIncidentAlerts(tx, {
      incidentId: id,
      event: { kind: "updated", updateId: rows[0]!.id },
      linkBase: actor.linkBase,
    });
  });
}

/**
 * Closes an incident with its final message. With `resolveLinkedReports`, every linked report not yet resolved is
 * resolved with the final message as its public note, one status event each, and its followers (the reporter
 * among them) are told once each, all in the same transaction: the incident is closed with all of its reports or
 * not at all. Returns how many reports were resolved.
 */
export async function closeIncident(
  db: Database,
  id: string,
  close: { finalMessage: string; resolveLinkedReports: boolean },
  actor: Actor,
): Promise<number> {
  if (close.resolveLinkedReports && close.finalMessage.length > NOTE_MAX_LENGTH) {
    throw new HttpError(400, INCIDENT_MESSAGES.finalMessageTooLongForReports(NOTE_MAX_LENGTH));
  }
  return db.transaction(async (tx) => {
    const incident = await lockIncident(tx, id);
    if (incident.closed) throw new HttpError(409, INCIDENT_MESSAGES.alreadyClosed);
    await tx.query(
      "UPDATE incidents SET closed_at = now(), updated_at = now(), final_message = $2, closed_by = $3 WHERE id = $1",
      [id, close.finalMessage, actor.staffId],
    );
    let resolved = 0;
    if (close.resolveLinkedReports) {
      // In id order: two transactions locking several reports take them in the same order, so neither waits forever.
      const { rows } = await tx.query<{ id: string }>(
        `SELECT g.id::text FROM incident_reports r JOIN grievances g ON g.id = r.grievance_id
         WHERE r.incident_id = $1 AND g.status <> 'resolved' ORDER BY g.id`,
        [id],
      );
      for (const report of rows) {
        const change = await changeStatusIn(tx, report.id, "resolved", close.finalMessage, actor.staffId);
        await notifyFollowers(tx, {
          grievanceId: report.id,
          eventKey: `status:${change.eventId}`,
          headline: englishText(msg("status changed from {from} to {to}"), {
            from: statusLabel(change.from),
            to: statusLabel(change.to),
          }),
          note: change.note,
          linkBase: actor.linkBase,
        });
        resolved++;
      }
    }
    await queueIncidentAlerts(tx, { incidentId: id, event: { kind: "closed" }, linkBase: actor.linkBase });
    await recordAudit(tx, auditActor(actor), {
      action: "incident.close",
      target: incident.title,
      details: { id, resolvedReports: resolved },
    });
    return resolved;
  });
}

/**
 * Links reports to an incident, all or none: an unknown report (404) or one that belongs to another incident (409)
 * refuses the whole request, since the console's preview shows those apart and never sends them. A report already
 * linked to this incident is left as it is. Returns how many were linked now.
 */
export async function linkReports(db: Database, id: string, grievanceIds: string[], actor: Actor): Promise<number> {
  const ids = [...new Set(grievanceIds.map((each) => each.toLowerCase()))];
  if (!ids.every((each) => UUID_PATTERN.test(each))) throw new HttpError(404, INCIDENT_MESSAGES.reportsNotFound);
  return db.transaction(async (tx) => {
    const incident = await lockIncident(tx, id);
    const { rows } = await tx.query<{ id: string; incident_id: string | null }>(
      `SELECT g.id::text, r.incident_id::text FROM grievances g LEFT JOIN incident_reports r ON r.grievance_id = g.id
       WHERE g.id = ANY($1::uuid[]) FOR UPDATE OF g`,
      [ids],
    );
    if (rows.length !== ids.length) throw new HttpError(404, INCIDENT_MESSAGES.reportsNotFound);
    if (rows.some((row) => row.incident_id !== null && row.incident_id !== id)) {
      throw new HttpError(409, INCIDENT_MESSAGES.reportsLinkedElsewhere);
    }
    const inserted = await tx.query(
      `INSERT INTO incident_reports (grievance_id, incident_id, linked_by) SELECT unnest($1::uuid[]), $2, $3
       ON CONFLICT (grievance_id) DO NOTHING RETURNING 1`,
      [ids, id, actor.staffId],
    );
    if (inserted.rows.length > 0) {
      await recordAudit(tx, auditActor(actor), {
        action: "incident.link_reports",
        target: incident.title,
        details: { id, linked: inserted.rows.length },
      });
    }
    return inserted.rows.length;
  });
}
