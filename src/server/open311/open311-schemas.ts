import { z } from "zod";
import { OPEN311_FORMATS } from "./open311-format.ts";
import { isW3cDatetime, W3C_DATETIME_HELP } from "./w3c-datetime.ts";

/**
 * The Open311 routes' own schemas (server-only, classic zod: docs/decisions/024-zod-flavours.md): parameters,
 * query strings and the answers as documented at /api/docs. The POST bodies are with their workflows
 * (open311-post.ts, open311-update-post.ts).
 */

export const OPEN311_PAGE_SIZE = { default: 50, max: 100 } as const;

export const NO_SUCH_ENDPOINT = "There is no such Open311 endpoint. See /open311/v2/discovery.json.";
// A format the portal does not write (`services.html`) names no endpoint: 404, as any other unknown path.
export const formatParams = z.object({ format: z.enum(OPEN311_FORMATS, { error: NO_SUCH_ENDPOINT }) });
export const jurisdiction = { jurisdiction_id: z.string().max(100).optional() };
// Every precision of W3C-DTF (w3c-datetime.ts). Empty parameters never reach a schema: they count as absent
// (open311-params.ts).
export const w3cDate = z
  .string()
  .max(40)
  .refine(isW3cDatetime, { error: `must be ${W3C_DATETIME_HELP}` });
/** At most this many service_request_id at once: FixMyStreet asks for all its open reports' in one request. */
export const MAX_REQUEST_IDS = 1_000;

export const requestsQuery = z.object({
  ...jurisdiction,
  service_request_id: z
    .string()
    .max(MAX_REQUEST_IDS * 12)
    .optional(),
  service_code: z.string().max(2_000).optional(),
  start_date: w3cDate.optional(),
  end_date: w3cDate.optional(),
  status: z
    .string()
    .regex(/^\s*(open|closed)\s*(,\s*(open|closed)\s*)*$/, {
      error: "must be open, closed, or both separated by a comma",
    })
    .optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(OPEN311_PAGE_SIZE.max).default(OPEN311_PAGE_SIZE.default),
});

export const open311Error = z.array(z.object({ code: z.number().int(), description: z.string() }));
export const serviceSchema = z.object({
  service_code: z.string(),
  service_name: z.string(),
  description: z.string(),
  metadata: z.boolean(),
  type: z.literal("realtime"),
  keywords: z.string(),
  group: z.string(),
});
export const requestSchema = z.object({
  service_request_id: z.string(),
  status: z.enum(["open", "closed"]),
  status_notes: z.string().nullable(),
  service_name: z.string(),
  service_code: z.string().nullable(),
  description: z.string(),
  agency_responsible: z.string().nullable(),
  service_notice: z.string().nullable(),
  requested_datetime: z.string(),
  updated_datetime: z.string(),
  expected_datetime: z.string().nullable().describe("An open request's due time by its service target."),
  address: z.string().nullable(),
  /** The code of the water point the request is about (docs/decisions/040-reporting-against-water-points.md). */
  address_id: z.string().nullable(),
  zipcode: z.null(),
  lat: z.number().nullable(),
  long: z.number().nullable(),
  media_url: z.string().nullable(),
  title: z.string().describe("An extension: the report's title."),
});
export const updateSchema = z.object({
  update_id: z.string(),
  service_request_id: z.string(),
  status: z.enum(["OPEN", "IN_PROGRESS", "FIXED"]),
  updated_datetime: z.string(),
  description: z.string(),
  media_url: z.null(),
});
export const updatesQuery = z.object({
  ...jurisdiction,
  // FixMyStreet sends its key (or an empty one); the updates are public, so it is not checked.
  api_key: z.string().max(200).optional(),
  start_date: w3cDate.optional(),
  end_date: w3cDate.optional(),
});
/** At most this many updates in one answer; a window holding more is refused, never cut short in silence. */
export const MAX_UPDATES = 10_000;
/**
 * An answer in the format the path's suffix asks for: JSON (`.json`), or the same as GeoReport v2's schemaless XML
 * (`.xml`, served as text/xml as the standard says).
 */
export const xmlOrJson = (json: z.ZodType, description = "JSON (`.json`), or the same in XML (`.xml`).") => ({
  description,
  content: { "application/json": { schema: json }, "text/xml": { schema: z.string() } },
});
export const open311ErrorAnswer = xmlOrJson(
  open311Error,
  "GeoReport v2's errors: `[{ code, description }]`, or `<errors>` in XML.",
);
export const errors = { 400: open311ErrorAnswer, 403: open311ErrorAnswer, 404: open311ErrorAnswer };
