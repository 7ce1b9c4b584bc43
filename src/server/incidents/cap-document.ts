import { incidentPagePath } from "#shared/api-paths.ts";
import {
  INCIDENT_TYPE_NAMES,
  type IncidentArea,
  type IncidentSeverity,
  type IncidentType,
} from "#shared/incidents/incidents.ts";
import { msg, type Locale } from "#shared/i18n/locales.ts";
import { incidentTextsIn, translatedLocalesOf, updateMessageIn } from "#shared/incidents/incident-texts.ts";
import { translatorFor } from "../i18n/server-i18n.ts";
import type { PublicIncident } from "./incident-repository.ts";
import { xmlElement } from "../http/xml-text.ts";

/**
 * An incident as a CAP 1.2 alert (OASIS Common Alerting Protocol, urn:oasis:names:tc:emergency:cap:1.2), for alert
 * aggregators and public-warning systems (GET /incidents/:id.cap.xml, decision 021).
 *
 * Each version of the incident is one CAP message: its declaration, each public update, its closure. Only the
 * current state is stored, so the identifier of a version is derived from its time (declaredAt, an update's `at`,
 * updatedAt): the same version always has the same identifier, and a later one can name the earlier ones in
 * <references>.
 *
 * msgType: "Alert" while nothing was posted after the declaration, "Update" after that, the closure included. CAP's
 * "Cancel" withdraws the earlier messages as if never sent (aggregators take the alert down at once), which would
 * hide the closing message from the people who still need it ("the water is safe again, run your taps for two
 * minutes"); an end is an Update with responseType AllClear and urgency Past, the use CAP 1.2 added AllClear for.
 * The portal never sends Cancel: a wrongly declared incident is closed with a final message saying so.
 */

export interface CapOptions {
  /** Where the portal's public pages are: PUBLIC_URL or the request's origin, without a trailing slash. */
  publicUrl: string;
  /** CAP's sender, globally unique: the portal's host name. */
  senderDomain: string;
}

export const CAP_NAMESPACE = "urn:oasis:names:tc:emergency:cap:1.2";
export const CAP_MEDIA_TYPE = "application/cap+xml";
const SENDER_NAME = "Clean Water & Sanitation Grievance Portal";
/** How long aggregators keep showing the all-clear after the closure. */
const ALL_CLEAR_HOURS = 24;

type CapCategory = "Health" | "Env" | "Safety" | "Infra" | "Other";
type CapResponse = "Prepare" | "Execute" | "Avoid" | "Monitor" | "AllClear";

/** A water-quality advisory is a health matter; a sewage overflow both environmental and a health risk. */
const CATEGORIES: Record<IncidentType, CapCategory[]> = {
  "supply-interruption": ["Infra"],
  "boil-water": ["Health"],
  "do-not-drink": ["Health"],
  "do-not-use": ["Health"],
  "sewage-overflow": ["Env", "Health"],
  flooding: ["Safety", "Infra"],
  other: ["Other"],
};

/** What residents are asked to do while it lasts: boiling water is a step to take, not an avoidance. */
const RESPONSES: Record<IncidentType, CapResponse> = {
  "supply-interruption": "Prepare",
  "boil-water": "Execute",
  "do-not-drink": "Avoid",
  "do-not-use": "Avoid",
  "sewage-overflow": "Avoid",
  flooding: "Avoid",
  other: "Monitor",
};

const SEVERITIES: Record<IncidentSeverity, string> = {
  minor: "Minor",
  moderate: "Moderate",
  severe: "Severe",
  extreme: "Extreme",
};

export type CapMsgType = "Alert" | "Update";

export function capMsgType(incident: PublicIncident): CapMsgType {
  return incident.updates.length === 0 && incident.closedAt === null ? "Alert" : "Update";
}

/**
 * Immediate for a severe or extreme incident under way, Expected for a milder one, Future for one announced before
 * it starts (a planned interruption), Past once closed.
 */
export function capUrgency(incident: PublicIncident): "Immediate" | "Expected" | "Future" | "Past" {
  if (incident.closedAt !== null) return "Past";
  if (Date.parse(incident.startsAt) > Date.parse(incident.updatedAt)) return "Future";
  return incident.severity === "severe" || incident.severity === "extreme" ? "Immediate" : "Expected";
}

/**
 * CAP's date-time (section 3.3.2): seconds, an offset, no "Z"; UTC is written -00:00. A CAP message's identifier
 * needs millisecond precision to tell apart two updates posted in the same second, so the identifier keeps them.
 */
export const capDateTime = (iso: string): string => `${new Date(iso).toISOString().slice(0, 19)}-00:00`;
const compactTime = (iso: string): string => new Date(iso).toISOString().replace(/[-:]/g, "");

export const capIdentifier = (senderDomain: string, incidentId: string, at: string): string =>
  `${senderDomain}:incident:${incidentId}:${compactTime(at)}`;

/** The earlier versions, oldest first: the declaration, then each update other than the one this version is. */
function references(incident: PublicIncident, senderDomain: string): string[] {
  const current = compactTime(incident.updatedAt);
  const earlier = [incident.declaredAt, ...incident.updates.map((update) => update.at)];
  const seen = new Set<string>([current]);
  const triplets: string[] = [];
  for (const at of earlier) {
    const key = compactTime(at);
    if (seen.has(key)) continue;
    seen.add(key);
    triplets.push(`${senderDomain},${capIdentifier(senderDomain, incident.id, at)},${capDateTime(at)}`);
  }
  return triplets;
}

/** CAP's "lat,lon" pairs (GeoJSON writes [lon, lat]), in plain decimals, at most six places (about 0.1 m). */
const decimal = (value: number, places: number): string => String(Number(value.toFixed(places)));
const pair = ([lon, lat]: readonly [number, number]): string => `${decimal(lat, 6)},${decimal(lon, 6)}`;

/** The ring as CAP wants it: closed (first pair repeated last), whether or not it was stored closed. */
export function capPolygon(ring: readonly (readonly [number, number])[]): string {
  const pairs = ring.map(pair);
  if (pairs.length > 0 && pairs[0] !== pairs[pairs.length - 1]) pairs.push(pairs[0]!);
  return pairs.join(" ");
}

/** "lat,lon radius" with the radius in kilometres. */
export const capCircle = (area: Extract<IncidentArea, { type: "Circle" }>): string =>
  `${pair(area.center)} ${decimal(area.radiusMetres / 1000, 3)}`;

function description(incident: PublicIncident, locale: Locale): string {
  const message = incidentTextsIn(incident, locale).message;
  const latest = incident.updates.at(-1);
  if (!latest) return message;
  const update = translatorFor(locale)(msg("Update ({time}): {message}"), {
    time: capDateTime(latest.at),
    message: updateMessageIn(latest, locale),
  });
  return `${message}\n\n${update}`;
}

function expires(incident: PublicIncident): string | null {
  if (incident.closedAt !== null) {
    return capDateTime(new Date(Date.parse(incident.closedAt) + ALL_CLEAR_HOURS * 3_600_000).toISOString());
  }
  return incident.expectedRestorationAt === null ? null : capDateTime(incident.expectedRestorationAt);
}

function areaLines(incident: PublicIncident): string[] {
  const area = incident.area;
  const areaDesc = incident.localities.length > 0 ? incident.localities.join(", ") : incident.title;
  return [
    "    <area>",
    ...xmlElement("      ", "areaDesc", areaDesc),
    ...(area?.type === "Polygon" ? xmlElement("      ", "polygon", capPolygon(area.coordinates[0])) : []),
    ...(area?.type === "Circle" ? xmlElement("      ", "circle", capCircle(area)) : []),
    "    </area>",
  ];
}

/** The CAP 1.2 document of the incident's current version, as UTF-8 XML text. */
export function capDocument(incident: PublicIncident, options: CapOptions): string {
  const { senderDomain } = options;
  const closed = incident.closedAt !== null;
  const refs = capMsgType(incident) === "Update" ? references(incident, senderDomain) : [];
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<alert xmlns="${CAP_NAMESPACE}">`,
    ...xmlElement("  ", "identifier", capIdentifier(senderDomain, incident.id, incident.updatedAt)),
    ...xmlElement("  ", "sender", senderDomain),
    ...xmlElement("  ", "sent", capDateTime(incident.updatedAt)),
    "  <status>Actual</status>",
    `  <msgType>${capMsgType(incident)}</msgType>`,
    "  <scope>Public</scope>",
    ...xmlElement("  ", "note", closed ? "The incident is over: all clear." : null),
    ...xmlElement("  ", "references", refs.length > 0 ? refs.join(" ") : null),
    // Every version of one incident shares this, so that a consumer groups them without following references.
    ...xmlElement("  ", "incidents", `${senderDomain}:incident:${incident.id}`),
    // One <info> in English, then one per language staff wrote the incident's texts in (CAP 1.2, 3.2.2).
    ...(["en", ...translatedLocalesOf(incident.translations)] as const).flatMap((locale) =>
      infoLines(incident, locale, options),
    ),
    "</alert>",
    "",
  ];
  return lines.join("\n");
}

/** One <info> block: the incident in one language (staff's version of each text there, else the original). */
function infoLines(incident: PublicIncident, locale: Locale, options: CapOptions): string[] {
  const closed = incident.closedAt !== null;
  const texts = incidentTextsIn(incident, locale);
  const t = translatorFor(locale);
  return [
    "  <info>",
    ...xmlElement("    ", "language", locale),
    ...CATEGORIES[incident.type].map((category) => `    <category>${category}</category>`),
    ...xmlElement("    ", "event", t(INCIDENT_TYPE_NAMES[incident.type])),
    `    <responseType>${closed ? "AllClear" : RESPONSES[incident.type]}</responseType>`,
    `    <urgency>${capUrgency(incident)}</urgency>`,
    `    <severity>${SEVERITIES[incident.severity]}</severity>`,
    "    <certainty>Observed</certainty>",
    ...xmlElement("    ", "effective", capDateTime(incident.startsAt)),
    ...xmlElement("    ", "expires", expires(incident)),
    ...xmlElement("    ", "senderName", t(SENDER_NAME)),
    ...xmlElement("    ", "headline", texts.title),
    ...xmlElement("    ", "description", description(incident, locale)),
    ...xmlElement("    ", "instruction", closed ? texts.finalMessage : texts.instructions),
    ...xmlElement("    ", "web", `${options.publicUrl}${incidentPagePath(incident.id)}`),
    ...areaLines(incident),
    "  </info>",
  ];
}
