import { z } from "zod/mini";
import { msg } from "../i18n/locales.ts";
import { MESSAGES } from "../messages.ts";
import { isStorableText } from "../storable-text.ts";
import { declareTranslationsInput, textTranslationsInput } from "./incident-translations.ts";

/**
 * Water incidents (docs/decisions/021-incidents.md): one burst main, many reports. The types, severities,
 * limits and request bodies, shared by the console's forms, the public pages and the server (migration 018).
 */

/** A supply interruption, a water-quality advisory of one of three strengths, a sewage overflow, flooding, other. */
export const INCIDENT_TYPES = [
  "supply-interruption",
  "boil-water",
  "do-not-drink",
  "do-not-use",
  "sewage-overflow",
  "flooding",
  "other",
] as const;
export type IncidentType = (typeof INCIDENT_TYPES)[number];

/** The English names of the types (message ids: translated where they are shown). */
export const INCIDENT_TYPE_NAMES: Record<IncidentType, string> = {
  "supply-interruption": msg("Supply interruption"),
  "boil-water": msg("Boil water advisory"),
  "do-not-drink": msg("Do not drink advisory"),
  "do-not-use": msg("Do not use advisory"),
  "sewage-overflow": msg("Sewage overflow"),
  flooding: msg("Flooding"),
  other: msg("Other incident"),
};

/** CAP 1.2's severity scale, so that a CAP document carries it as it is. */
export const INCIDENT_SEVERITIES = ["minor", "moderate", "severe", "extreme"] as const;
export type IncidentSeverity = (typeof INCIDENT_SEVERITIES)[number];

export const INCIDENT_SEVERITY_NAMES: Record<IncidentSeverity, string> = {
  minor: msg("Minor"),
  moderate: msg("Moderate"),
  severe: msg("Severe"),
  extreme: msg("Extreme"),
};

/**
 * Which report categories an incident type covers, for "This is probably part of …" on the form when the pin or
 * the location text does not place the report (category keys are the seven default categories' names).
 */
export const INCIDENT_TYPE_CATEGORIES: Record<IncidentType, readonly string[]> = {
  "supply-interruption": ["Water Supply Problems", "Infrastructure Problems", "Leakage Issues"],
  "boil-water": ["Water Quality Issues"],
  "do-not-drink": ["Water Quality Issues"],
  "do-not-use": ["Water Quality Issues"],
  "sewage-overflow": ["Sanitation Issues", "Drainage Problems"],
  flooding: ["Drainage Problems", "Infrastructure Problems"],
  other: [],
};

export const INCIDENT_LIMITS = {
  title: 200,
  message: 5000,
  instructions: 2000,
  locality: 200,
  localities: 50,
  /** Vertices of a drawn polygon (its ring closed by the server). */
  polygonVertices: 200,
  minRadiusMetres: 50,
  maxRadiusMetres: 50_000,
  /** Alerts: the radius around a subscriber's pin. */
  minSubscriptionRadiusMetres: 100,
  maxSubscriptionRadiusMetres: 50_000,
  /** Reports linked in one request (bulk linking). */
  linkBatch: 500,
} as const;

/** How long a closed incident stays on /incidents and in the feed. */
export const RECENT_INCIDENT_DAYS = 30;

/** A position as GeoJSON writes it: [longitude, latitude]. */
const lonLat = z.tuple([z.number().check(z.gte(-180), z.lte(180)), z.number().check(z.gte(-90), z.lte(90))]);

/**
 * The drawn area: a GeoJSON Polygon (one outer ring, no holes), or a circle, which GeoJSON has no type for (CAP
 * has: `<circle>`).
 */
export const incidentAreaSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("Polygon"),
    coordinates: z.tuple([z.array(lonLat).check(z.minLength(4), z.maxLength(INCIDENT_LIMITS.polygonVertices + 1))]),
  }),
  z.object({
    type: z.literal("Circle"),
    center: lonLat,
    radiusMetres: z.number().check(z.gte(INCIDENT_LIMITS.minRadiusMetres), z.lte(INCIDENT_LIMITS.maxRadiusMetres)),
  }),
]);
export type IncidentArea = z.output<typeof incidentAreaSchema>;

// `label` is the field's label on the console's form (a message id), named when the text cannot be stored.
const text = (max: number, label: string) =>
  z
    .string()
    .check(z.trim(), z.minLength(1), z.maxLength(max), z.refine(isStorableText, MESSAGES.invalidCharacters(label)));
const isoTime = z.iso.datetime({ offset: true });

/** POST /api/staff/incidents: declaring an incident. */
export const declareIncidentSchema = z
  .object({
    type: z.enum(INCIDENT_TYPES),
    severity: z.enum(INCIDENT_SEVERITIES),
    title: text(INCIDENT_LIMITS.title, msg("Title")),
    message: text(INCIDENT_LIMITS.message, msg("Public message")),
    instructions: text(INCIDENT_LIMITS.instructions, msg("Instructions")),
    area: z.nullable(incidentAreaSchema),
    localities: z
      .array(text(INCIDENT_LIMITS.locality, msg("Localities")))
      .check(z.maxLength(INCIDENT_LIMITS.localities)),
    startsAt: isoTime,
    expectedRestorationAt: z.nullable(isoTime),
    /** The title, message and instructions in other languages (migration 026); none by default. */
    translations: z._default(declareTranslationsInput(INCIDENT_LIMITS), {}),
  })
  .check(
    z.refine((v) => v.area !== null || v.localities.length > 0, {
      message: msg("Draw the affected area on the map or name at least one locality."),
      path: ["area"],
    }),
    z.refine((v) => v.expectedRestorationAt === null || v.expectedRestorationAt >= v.startsAt, {
      message: msg("The expected restoration must be after the start."),
      path: ["expectedRestorationAt"],
    }),
  );
export type DeclareIncident = z.output<typeof declareIncidentSchema>;

/** POST /api/staff/incidents/:id/updates: a timed public update (the expected restoration may move with it). */
export const incidentUpdateSchema = z.object({
  message: text(INCIDENT_LIMITS.message, msg("Update for the public")),
  expectedRestorationAt: z.optional(z.nullable(isoTime)),
  translations: z._default(textTranslationsInput(INCIDENT_LIMITS, msg("Update for the public")), {}),
});

/** POST /api/staff/incidents/:id/close: the final message, and whether every linked open report is resolved with it. */
export const closeIncidentSchema = z.object({
  finalMessage: text(INCIDENT_LIMITS.message, msg("Final message")),
  resolveLinkedReports: z.boolean(),
  translations: z._default(textTranslationsInput(INCIDENT_LIMITS, msg("Final message")), {}),
});

/** POST /api/staff/incidents/:id/reports: link reports one by one or in bulk (after the preview). */
export const linkReportsSchema = z.object({
  grievanceIds: z.array(z.string()).check(z.minLength(1), z.maxLength(INCIDENT_LIMITS.linkBatch)),
});

/** GET /api/staff/incidents/:id/candidates?category=…: the bulk preview, open reports of a category in the area. */
export const incidentCandidatesQuerySchema = z.object({ category: z.optional(z.string()) });

/**
 * GET /api/incidents/matching: the active incidents a report being written probably belongs to, by its pin, its
 * location text and its category (the form asks as the resident fills them in).
 */
export const incidentMatchQuerySchema = z.object({
  latitude: z.optional(z.coerce.number().check(z.gte(-90), z.lte(90))),
  longitude: z.optional(z.coerce.number().check(z.gte(-180), z.lte(180))),
  location: z.optional(z.string().check(z.maxLength(500))),
  category: z.optional(z.string().check(z.maxLength(100))),
});

/** POST /api/incident-subscriptions: alerts for an area, a pin and radius or a locality (double opt-in). */
export const incidentSubscriptionSchema = z
  .object({
    email: z.email(),
    latitude: z.optional(z.number().check(z.gte(-90), z.lte(90))),
    longitude: z.optional(z.number().check(z.gte(-180), z.lte(180))),
    radiusMetres: z.optional(
      z
        .number()
        .check(
          z.int(),
          z.gte(INCIDENT_LIMITS.minSubscriptionRadiusMetres),
          z.lte(INCIDENT_LIMITS.maxSubscriptionRadiusMetres),
        ),
    ),
    locality: z.optional(text(INCIDENT_LIMITS.locality, msg("Locality"))),
  })
  .check(
    z.refine(
      (v) =>
        (v.locality !== undefined) !==
        (v.latitude !== undefined && v.longitude !== undefined && v.radiusMetres !== undefined),
      { message: msg("Choose a place on the map with a distance, or name a locality."), path: ["locality"] },
    ),
  );
export type IncidentSubscriptionRequest = z.output<typeof incidentSubscriptionSchema>;
