import { INCIDENT_SEVERITY_NAMES, INCIDENT_TYPE_NAMES } from "#shared/incidents/incidents.ts";
import { CAP_MEDIA_TYPE } from "./cap-document.ts";
import type { PublicIncident } from "./incident-repository.ts";
import { xmlText } from "../http/xml-text.ts";

export interface IncidentFeedInfo {
  /** The feed's own address (rel=self); its id is idOf(selfUrl). */
  selfUrl: string;
  /** The public /incidents page (rel=alternate). */
  listUrl: string;
  incidentUrl: (id: string) => string;
  capUrl: (id: string) => string;
  /** An absolute id for a link (http/public-links.ts): links may be relative, Atom ids may not. */
  idOf: (href: string) => string;
  generatorUri: string | undefined;
}

/**
 * Atom 1.0 (RFC 4287) of the active and recently closed incidents (decision 021): one entry per incident, its id the
 * incident's page and its <updated> the last change the public saw, so a feed reader shows each update and the
 * closure as a change of the same entry. Each entry links to the page and to the CAP document, which aggregators
 * that speak CAP follow (the usual shape of a CAP index feed).
 */
export function incidentAtom(info: IncidentFeedInfo, incidents: PublicIncident[]): string {
  const sorted = [...incidents].sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt));
  const updated = sorted[0]?.updatedAt ?? new Date(0).toISOString();
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${xmlText(info.idOf(info.selfUrl))}</id>`,
    "  <title>Water and sanitation incidents</title>",
    `  <updated>${new Date(updated).toISOString()}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${xmlText(info.selfUrl)}"/>`,
    `  <link rel="alternate" type="text/html" href="${xmlText(info.listUrl)}"/>`,
    "  <author><name>Clean Water &amp; Sanitation Grievance Portal</name></author>",
    `  <generator${info.generatorUri ? ` uri="${xmlText(info.generatorUri)}"` : ""}>Clean Water &amp; Sanitation Grievance Portal</generator>`,
  ];
  for (const incident of sorted) lines.push(...entryLines(incident, info));
  lines.push("</feed>", "");
  return lines.join("\n");
}

function entryLines(incident: PublicIncident, info: IncidentFeedInfo): string[] {
  const url = info.incidentUrl(incident.id);
  const closed = incident.closedAt !== null;
  const type = INCIDENT_TYPE_NAMES[incident.type];
  const latest = incident.updates.at(-1);
  const summary = [
    closed
      ? `Closed ${incident.closedAt}: ${incident.finalMessage}`
      : `${INCIDENT_SEVERITY_NAMES[incident.severity]} ${type.toLowerCase()}.`,
    incident.message,
    closed ? null : `What to do: ${incident.instructions}`,
    latest && `Latest update (${latest.at}): ${latest.message}`,
    incident.localities.length > 0 ? `Areas: ${incident.localities.join(", ")}` : null,
    !closed && incident.expectedRestorationAt ? `Expected restoration: ${incident.expectedRestorationAt}` : null,
  ];
  return [
    "  <entry>",
    `    <id>${xmlText(info.idOf(url))}</id>`,
    `    <title>${xmlText(`${closed ? "Closed: " : ""}${type}: ${incident.title}`)}</title>`,
    `    <published>${incident.declaredAt}</published>`,
    `    <updated>${incident.updatedAt}</updated>`,
    `    <link rel="alternate" type="text/html" href="${xmlText(url)}"/>`,
    `    <link rel="alternate" type="${CAP_MEDIA_TYPE}" href="${xmlText(info.capUrl(incident.id))}"/>`,
    `    <category term="${xmlText(incident.type)}" label="${xmlText(type)}"/>`,
    `    <summary type="text">${xmlText(summary.filter(Boolean).join("\n"))}</summary>`,
    "  </entry>",
  ];
}
