import { z } from "zod/mini";
import { INCIDENT_SEVERITIES, INCIDENT_TYPES, incidentAreaSchema } from "../incidents/incidents.ts";
import { incidentTranslationsSchema, updateTranslationsSchema } from "../incidents/incident-translations.ts";

/** Answers of the incidents API (docs/decisions/021-incidents.md); times are ISO 8601 strings. */

export const incidentUpdateViewSchema = z.object({
  id: z.string(),
  at: z.string(),
  message: z.string(),
  /** The message in other languages, as staff wrote them (migration 026). */
  translations: updateTranslationsSchema,
});

/** What the public sees of an incident: no staff identity. */
export const publicIncidentSchema = z.object({
  id: z.string(),
  type: z.enum(INCIDENT_TYPES),
  severity: z.enum(INCIDENT_SEVERITIES),
  title: z.string(),
  message: z.string(),
  instructions: z.string(),
  area: z.nullable(incidentAreaSchema),
  localities: z.array(z.string()),
  startsAt: z.string(),
  expectedRestorationAt: z.nullable(z.string()),
  declaredAt: z.string(),
  updatedAt: z.string(),
  /** Null while the incident is active. */
  closedAt: z.nullable(z.string()),
  finalMessage: z.nullable(z.string()),
  affectedCount: z.number(),
  /** Public reports linked to it. */
  reportCount: z.number(),
  /** Title, message, instructions and final message in other languages, as staff wrote them (migration 026). */
  translations: incidentTranslationsSchema,
  updates: z.array(incidentUpdateViewSchema),
});

/** GET /api/incidents: the active ones (newest first), then those closed in the last RECENT_INCIDENT_DAYS. */
export const incidentListResponseSchema = z.object({
  active: z.array(publicIncidentSchema),
  recent: z.array(publicIncidentSchema),
});

/** GET /api/incidents/matching: why each active incident matched the report being written. */
export const incidentMatchSchema = z.object({
  incident: publicIncidentSchema,
  reason: z.enum(["area", "locality", "category"]),
});
export const incidentMatchResponseSchema = z.object({ items: z.array(incidentMatchSchema) });

/** A linked report as the incident's public page and a report's details show it. */
export const incidentSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  type: z.enum(INCIDENT_TYPES),
  closedAt: z.nullable(z.string()),
});

/** POST /api/incidents/:id/affected: the new count, and whether this browser had already said so. */
export const incidentAffectedResponseSchema = z.object({ affectedCount: z.number(), alreadyCounted: z.boolean() });

/** The console's view: the public one plus who declared and closed it, and the linked reports. */
export const staffIncidentSchema = z.extend(publicIncidentSchema, {
  declaredBy: z.nullable(z.string()),
  closedBy: z.nullable(z.string()),
  linkedReports: z.array(
    z.object({
      id: z.string(),
      reference: z.string(),
      title: z.string(),
      status: z.string(),
      category: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export const staffIncidentListResponseSchema = z.object({ items: z.array(publicIncidentSchema) });

/** GET /api/staff/incidents/:id/candidates: the bulk preview. */
export const incidentCandidatesResponseSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      reference: z.string(),
      title: z.string(),
      category: z.string(),
      status: z.string(),
      location: z.string(),
      createdAt: z.string(),
      /** Already linked to another incident: shown, not taken. */
      linkedIncidentId: z.nullable(z.string()),
    }),
  ),
  /** True when more open reports matched than the preview shows (INCIDENT_LIMITS.linkBatch). */
  truncated: z.boolean(),
});

/** POST /api/staff/incidents/:id/reports: how many were linked now. */
export const linkReportsResponseSchema = z.object({ linked: z.number() });

/** POST /api/staff/incidents/:id/close: the closed incident, and how many linked reports were resolved with it. */
export const closeIncidentResponseSchema = z.object({ incident: staffIncidentSchema, resolvedReports: z.number() });

/** POST /api/incident-subscriptions: the same answer whether or not the address already subscribed. */
export const incidentSubscriptionAcceptedSchema = z.object({ message: z.string() });

/** Incidents in GET /api/stats. */
export const incidentStatsSchema = z.object({
  declared: z.number(),
  active: z.number(),
  /** Of closed incidents, hours from start to closure: median; null without closed incidents. */
  medianDurationHours: z.nullable(z.number()),
  /** Linked reports per incident, mean; null without incidents. */
  reportsPerIncident: z.nullable(z.number()),
  /** Minutes from the first linked report to the declaration, median over incidents with an earlier report. */
  medianMinutesFromFirstReportToDeclaration: z.nullable(z.number()),
});
