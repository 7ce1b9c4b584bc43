import type { UpdateTranslations } from "#shared/incidents/incident-translations.ts";
import { INCIDENT_MESSAGES } from "./incident-messages.ts";
import { msg } from "#shared/i18n/locales.ts";
import type { DeclareIncident, IncidentArea } from "#shared/incidents/incidents.ts";
import { NOTE_MAX_LENGTH } from "#shared/staff/staff-schemas.ts";
import type { Database, Queryable } from "../db/database.ts";
import { recordAudit, type AuditActor } from "../admin/audit-log-repository.ts";
import { UUID_PATTERN } from "#shared/ids.ts";
import { HttpError } from "../http/http-error.ts";
import { notify } from "../delivery/index.ts";
import { changeStatusIn } from "../staff/workflow.ts";
import { closedRing } from "./incident-area.ts";
import {
  insertIncident,
  insertIncidentReports,
  insertIncidentUpdate,
  lockIncidentRow,
  lockReportsWithIncident,
  markIncidentClosed,
  unresolvedLinkedReportIds,
  type LockedIncident,
} from "./incident-change-repository.ts";

/**
 * The console's changes to incidents (docs/decisions/021-incidents.md). Each is one transaction with
 * everything that must hold with it: the alerts to subscribers (incident-alerts.ts, through delivery/notify.ts), the e-mail to the followers
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
    const id = await insertIncident(tx, input, storedArea(input.area), actor.staffId);
    await notify(tx, { kind: "incident", incidentId: id, event: { kind: "declared" }, linkBase: actor.linkBase });
    await recordAudit(tx, auditActor(actor), {
      action: "incident.declare",
      target: input.title,
      details: { id, type: input.type },
    });
    return id;
  });
}

/** The incident row, locked (404 for an unknown id). */
async function lockIncident(tx: Queryable, id: string): Promise<LockedIncident> {
  if (!UUID_PATTERN.test(id)) throw new HttpError(404, INCIDENT_MESSAGES.notFound);
  const incident = await lockIncidentRow(tx, id);
  if (!incident) throw new HttpError(404, INCIDENT_MESSAGES.notFound);
  return incident;
}

export async function postIncidentUpdate(
  db: Database,
  id: string,
  update: { message: string; expectedRestorationAt?: string | null | undefined; translations?: UpdateTranslations },
  actor: Actor,
): Promise<void> {
  await db.transaction(async (tx) => {
    const incident = await lockIncident(tx, id);
    if (incident.closed) throw new HttpError(409, INCIDENT_MESSAGES.closedNoUpdates);
    const restoration = update.expectedRestorationAt;
    if (restoration && new Date(restoration) < new Date(incident.starts_at)) {
      throw new HttpError(400, msg("The expected restoration must be after the start."));
    }
    // Left out, the expected restoration stays; null clears it.
    const updateId = await insertIncidentUpdate(tx, id, {
      message: update.message,
      translations: update.translations ?? {},
      restoration,
      staffId: actor.staffId,
    });
    await notify(tx, {
      kind: "incident",
      incidentId: id,
      event: { kind: "updated", updateId },
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
  close: { finalMessage: string; resolveLinkedReports: boolean; translations?: UpdateTranslations },
  actor: Actor,
): Promise<number> {
  if (close.resolveLinkedReports && close.finalMessage.length > NOTE_MAX_LENGTH) {
    throw new HttpError(400, INCIDENT_MESSAGES.finalMessageTooLongForReports(NOTE_MAX_LENGTH));
  }
  return db.transaction(async (tx) => {
    const incident = await lockIncident(tx, id);
    if (incident.closed) throw new HttpError(409, INCIDENT_MESSAGES.alreadyClosed);
    await markIncidentClosed(tx, id, close.finalMessage, close.translations ?? {}, actor.staffId);
    let resolved = 0;
    if (close.resolveLinkedReports) {
      // In id order, so that two transactions locking several reports never wait for each other forever.
      for (const reportId of await unresolvedLinkedReportIds(tx, id)) {
        const change = await changeStatusIn(tx, reportId, "resolved", close.finalMessage, actor.staffId);
        await notify(tx, { kind: "status-changed", grievanceId: reportId, change, linkBase: actor.linkBase });
        resolved++;
      }
    }
    await notify(tx, { kind: "incident", incidentId: id, event: { kind: "closed" }, linkBase: actor.linkBase });
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
    const rows = await lockReportsWithIncident(tx, ids);
    if (rows.length !== ids.length) throw new HttpError(404, INCIDENT_MESSAGES.reportsNotFound);
    if (rows.some((row) => row.incident_id !== null && row.incident_id !== id)) {
      throw new HttpError(409, INCIDENT_MESSAGES.reportsLinkedElsewhere);
    }
    const linked = await insertIncidentReports(tx, id, ids, actor.staffId);
    if (linked > 0) {
      await recordAudit(tx, auditActor(actor), {
        action: "incident.link_reports",
        target: incident.title,
        details: { id, linked },
      });
    }
    return linked;
  });
}
