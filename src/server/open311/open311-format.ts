import type { FastifyReply, FastifyRequest } from "fastify";
import { XMLBuilder } from "fast-xml-parser";
import { xmlText } from "../http/xml-text.ts";

/**
 * GeoReport v2 answers in both of its formats: JSON, or XML whose root and item elements the standard names
 * (`<services><service>`, `<service_requests><request>`, `<errors><error>`). The format is the path's suffix.
 */
export const OPEN311_FORMATS = ["json", "xml"] as const;
export type Open311Format = (typeof OPEN311_FORMATS)[number];

type Scalar = string | number | boolean | null;
export type Open311Item = Record<string, Scalar | Scalar[] | Open311Item[]>;

// Every value is written by the portal's one XML text writer (escaping, and dropping what XML 1.0 cannot carry).
const xml = new XMLBuilder({
  format: true,
  indentBy: "  ",
  suppressEmptyNode: false,
  processEntities: false,
  tagValueProcessor: (_name, value) => xmlText(String(value)),
});

export function renderOpen311(format: Open311Format, root: string, item: string, items: Open311Item[]): string {
  if (format === "json") return JSON.stringify(items);
  return `<?xml version="1.0" encoding="utf-8"?>\n${xml.build({ [root]: { [item]: items.map(toXmlValues) } })}`;
}

/**
 * A document that is no list of items (discovery, a service definition) as XML: `value`'s fields as elements in
 * their order, an array as the element repeated, through the same writer as every other answer.
 */
export function renderOpen311Xml(root: string, value: Open311Item): string {
  return `<?xml version="1.0" encoding="utf-8"?>\n${xml.build({ [root]: toXmlValues(value) })}`;
}

/** XML has no null: an absent value is an empty element, as the standard's examples show. */
function toXmlValues(item: Open311Item): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(item)) {
    if (Array.isArray(value)) {
      out[key] = value.map((entry) => (typeof entry === "object" && entry !== null ? toXmlValues(entry) : entry));
    } else out[key] = value ?? "";
  }
  return out;
}

export function sendOpen311(
  reply: FastifyReply,
  format: Open311Format,
  root: string,
  item: string,
  items: Open311Item[],
): FastifyReply {
  return reply
    .type(format === "json" ? "application/json; charset=utf-8" : "text/xml; charset=utf-8")
    .send(renderOpen311(format, root, item, items));
}

/** The format a request asked for by its path's suffix; JSON when it names none (e.g. an unknown path). */
export function formatOfRequest(request: FastifyRequest): Open311Format {
  const path = request.url.split("?")[0] ?? "";
  return path.endsWith(".xml") ? "xml" : "json";
}

/** GeoReport v2's error answer: `[{ code, description }]`, code being the HTTP status. */
export function sendOpen311Error(reply: FastifyReply, format: Open311Format, status: number, description: string) {
  return sendOpen311(reply.code(status), format, "errors", "error", [{ code: status, description }]);
}
