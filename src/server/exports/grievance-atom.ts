import { statusLabel } from "#shared/format.ts";
import type { Status } from "#shared/domain.ts";
import { xmlText } from "../http/xml-text.ts";

/** One entry of the feed: a new report, or a status change of one. */
export interface FeedEntry {
  kind: "new" | "status";
  /** The status event's id; 0 for a new report. */
  eventId: string;
  at: Date;
  grievanceId: string;
  reference: string;
  title: string;
  description: string;
  category: string;
  location: string | null;
  toStatus: Status | null;
  note: string | null;
}

export interface FeedInfo {
  title: string;
  /** The feed's own address (rel=self); its id is idOf(selfUrl). */
  selfUrl: string;
  /** The list page with the same filters (rel=alternate). */
  listUrl: string;
  reportUrl: (id: string) => string;
  /** An absolute id for a link (http/public-links.ts): links may be relative, Atom ids may not. */
  idOf: (href: string) => string;
  generatorUri: string | undefined;
}

const SUMMARY_LENGTH = 300;
const cut = (text: string, length: number) =>
  text.length <= length ? text : `${text.slice(0, length - 1).trimEnd()}…`;

/** Atom 1.0 (RFC 4287): the feed's id, title, updated, author and links, and per entry the same. */
export function grievanceAtom(info: FeedInfo, entries: FeedEntry[]): string {
  const updated = (entries[0]?.at ?? new Date(0)).toISOString();
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${xmlText(info.idOf(info.selfUrl))}</id>`,
    `  <title>${xmlText(info.title)}</title>`,
    `  <updated>${updated}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${xmlText(info.selfUrl)}"/>`,
    `  <link rel="alternate" type="text/html" href="${xmlText(info.listUrl)}"/>`,
    "  <author><name>Clean Water &amp; Sanitation Grievance Portal</name></author>",
    `  <generator${info.generatorUri ? ` uri="${xmlText(info.generatorUri)}"` : ""}>Clean Water &amp; Sanitation Grievance Portal</generator>`,
  ];
  for (const entry of entries) lines.push(...entryLines(entry, info));
  lines.push("</feed>", "");
  return lines.join("\n");
}

function entryLines(entry: FeedEntry, info: FeedInfo): string[] {
  const url = info.reportUrl(entry.grievanceId);
  const isNew = entry.kind === "new";
  const title = isNew ? `New report: ${entry.title}` : `${entry.title}: now ${statusLabel(entry.toStatus!)}`;
  const summary = isNew
    ? [
        cut(entry.description, SUMMARY_LENGTH),
        entry.location && `Location: ${entry.location}`,
        `Category: ${entry.category}`,
      ]
    : [`${entry.reference} is now ${statusLabel(entry.toStatus!)}.`, entry.note];
  return [
    "  <entry>",
    // Stable ids: the report's page for its creation, plus the status event's id for a change.
    `    <id>${xmlText(info.idOf(isNew ? url : `${url}#status-${entry.eventId}`))}</id>`,
    `    <title>${xmlText(title)}</title>`,
    `    <updated>${entry.at.toISOString()}</updated>`,
    `    <link rel="alternate" type="text/html" href="${xmlText(url)}"/>`,
    `    <category term="${xmlText(entry.category)}"/>`,
    `    <summary type="text">${xmlText(summary.filter(Boolean).join("\n"))}</summary>`,
    "  </entry>",
  ];
}
