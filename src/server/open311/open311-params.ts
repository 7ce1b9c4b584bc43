import type { FastifyRequest } from "fastify";

/**
 * GeoReport v2's parameters as clients send them, made plain before any schema reads them (a preValidation hook of
 * the Open311 routes):
 * - an empty parameter (`status=`, `start_date=`, `page_size=`) is one the client did not set: it counts as absent,
 *   so the default applies, never a refusal and never a filter matching nothing;
 * - a parameter the standard lets a client "declare multiple times" (`status=open&status=closed`) becomes the same
 *   comma list as `status=open,closed`.
 */
export function plainOpen311Params(request: FastifyRequest): void {
  plainFields(request.query, (values) => values.join(","));
  // Form and JSON bodies alike: an empty field of a POST is one the client left out. A repeated field stays a list
  // (FixMyStreet sends one media_url per photo, and a URL may hold a comma).
  plainFields(request.body, (values) => values);
}

function plainFields(fields: unknown, repeated: (values: string[]) => string | string[]): void {
  if (typeof fields !== "object" || fields === null || Array.isArray(fields)) return;
  const record = fields as Record<string, unknown>;
  for (const [name, value] of Object.entries(record)) {
    let plain = value;
    if (Array.isArray(value) && value.every((part) => typeof part === "string")) {
      const filled = value.filter((part) => part.trim() !== "");
      plain = filled.length === 0 ? "" : repeated(filled);
    }
    if (typeof plain === "string" && plain.trim() === "") delete record[name];
    else if (plain !== value) record[name] = plain;
  }
}

/** A comma list's values: trimmed, without empty ones and without repeats. */
export function commaList(text: string | undefined): string[] | undefined {
  if (text === undefined) return undefined;
  const values = [
    ...new Set(
      text
        .split(",")
        .map((value) => value.trim())
        .filter(Boolean),
    ),
  ];
  return values.length > 0 ? values : undefined;
}
