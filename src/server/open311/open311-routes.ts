import formbody from "@fastify/formbody";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { OPEN311_PREFIX, open311Paths } from "#shared/api-paths.ts";
import { REFERENCE_PATTERN } from "#shared/grievances/reference.ts";
import { findCategoryByServiceCode, listCategories } from "../categories/category-repository.ts";
import type { Open311Settings } from "../config.ts";
import type { Database } from "../db/database.ts";
import { describeError } from "../http/error-handler.ts";
import { HttpError } from "../http/http-error.ts";
import { linkBaseOf } from "../tracking/tracking-url.ts";
import { formatOfRequest, OPEN311_FORMATS, sendOpen311, sendOpen311Error } from "./open311-format.ts";
import { findRequest, findRequests, toOpen311Request, type RequestContext } from "./open311-requests.ts";
import { createOpen311Request, open311PostSchema, type Open311PostDeps } from "./open311-post.ts";
import { apiKeyOfRequest, postingLimitKey, sentApiKey } from "./open311-api-key.ts";
import { commaList, plainOpen311Params } from "./open311-params.ts";
import { findStatusUpdates, toOpen311Update } from "./open311-updates.ts";
import { createOpen311Update, open311UpdatePostSchema } from "./open311-update-post.ts";
import { isW3cDatetime, parseW3cDatetime, W3C_DATETIME_HELP } from "./w3c-datetime.ts";
import { xmlText } from "../http/xml-text.ts";

/**
 * Open311 GeoReport v2 (docs/integrators.md): the portal's categories as services, its public reports as service
 * requests, and new reports from clients holding an API key. Answers are JSON or XML by the path's suffix; errors
 * are the standard's `[{ code, description }]`, the one error body that differs from the rest of the API
 * (docs/api-conventions.md).
 */
export interface Open311RoutesOptions extends Open311PostDeps {
  db: Database;
  settings: Open311Settings;
  publicUrl: string | undefined;
}

/** The standard's default window, and its limit: at most 90 days between start_date and end_date. */
const WINDOW_DAYS = 90;
const DAY_MS = 86_400_000;
export const OPEN311_PAGE_SIZE = { default: 50, max: 100 } as const;

const formatParams = z.object({ format: z.enum(OPEN311_FORMATS) });
const jurisdiction = { jurisdiction_id: z.string().max(100).optional() };
// Every precision of W3C-DTF (w3c-datetime.ts). Empty parameters never reach a schema: they count as absent
// (open311-params.ts).
const w3cDate = z
  .string()
  .max(40)
  .refine(isW3cDatetime, { error: `must be ${W3C_DATETIME_HELP}` });
/** At most this many service_request_id at once: FixMyStreet asks for all its open reports' in one request. */
const MAX_REQUEST_IDS = 1_000;

const requestsQuery = z.object({
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

const open311Error = z.array(z.object({ code: z.number().int(), description: z.string() }));
const serviceSchema = z.object({
  service_code: z.string(),
  service_name: z.string(),
  description: z.string(),
  metadata: z.boolean(),
  type: z.literal("realtime"),
  keywords: z.string(),
  group: z.string(),
});
const requestSchema = z.object({
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
  expected_datetime: z.null(),
  address: z.string().nullable(),
  address_id: z.null(),
  zipcode: z.null(),
  lat: z.number().nullable(),
  long: z.number().nullable(),
  media_url: z.string().nullable(),
  title: z.string().describe("An extension: the report's title."),
});
const updateSchema = z.object({
  update_id: z.string(),
  service_request_id: z.string(),
  status: z.enum(["OPEN", "IN_PROGRESS", "FIXED"]),
  updated_datetime: z.string(),
  description: z.string(),
  media_url: z.null(),
});
const updatesQuery = z.object({
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
const xmlOrJson = (json: z.ZodType, description = "JSON (`.json`), or the same in XML (`.xml`).") => ({
  description,
  content: { "application/json": { schema: json }, "text/xml": { schema: z.string() } },
});
const open311ErrorAnswer = xmlOrJson(
  open311Error,
  "GeoReport v2's errors: `[{ code, description }]`, or `<errors>` in XML.",
);
const errors = { 400: open311ErrorAnswer, 403: open311ErrorAnswer, 404: open311ErrorAnswer };

/** The plugin is registered under OPEN311_PREFIX (so that its not-found handler and error format hold there only). */
const local = (path: string) => path.slice(OPEN311_PREFIX.length);

const open311Plugin: FastifyPluginAsync<Open311RoutesOptions> = async (plugin, options) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { db, settings } = options;
  // Open311 clients post forms (application/x-www-form-urlencoded); JSON is accepted too.
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  // An empty parameter is an absent one, a repeated one a comma list (open311-params.ts).
  app.addHook("preValidation", async (request) => plainOpen311Params(request));

  // What one API key may post an hour (OPEN311_POSTS_PER_HOUR), counted across instances. Per API key
  // (open311-api-key.ts): counted once the body is read, where a form carries its api_key.
  const postingLimit = (what: string) => ({
    max: settings.postsPerHour,
    timeWindow: 60 * 60 * 1000,
    hook: "preHandler" as const,
    keyGenerator: (request: FastifyRequest) => postingLimitKey(db, request),
    errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
      new HttpError(
        429,
        `At most ${settings.postsPerHour} ${what} an hour per api_key. Try again in ${Math.ceil(context.ttl / 60_000)} minute(s).`,
      ),
    shared: true,
  });

  const checkJurisdiction = (asked: string | undefined) => {
    if (asked !== undefined && settings.jurisdictionId !== undefined && asked !== settings.jurisdictionId) {
      throw new HttpError(404, `Unknown jurisdiction_id "${asked}".`);
    }
  };
  const context = async (request: FastifyRequest): Promise<RequestContext> => ({
    categories: new Map((await listCategories(db)).map((category) => [category.key, category])),
    linkBase: linkBaseOf(request, options.publicUrl),
    agencyResponsible: settings.agencyResponsible,
    serviceNotice: settings.serviceNotice,
  });

  app.setErrorHandler((error, request, reply) => {
    const { status, body } = describeError(error as Parameters<typeof describeError>[0]);
    if (status >= 500) request.log.error({ err: error }, "open311 request failed");
    return sendOpen311Error(reply, formatOfRequest(request), status, body.message);
  });
  const noSuchEndpoint = (request: FastifyRequest, reply: FastifyReply) =>
    sendOpen311Error(
      reply,
      formatOfRequest(request),
      404,
      "There is no such Open311 endpoint. See /open311/v2/discovery.json.",
    );
  app.setNotFoundHandler(noSuchEndpoint);
  // Any other path under /open311/v2/ is answered here, in the standard's format. The not-found handler alone does
  // not do: the built web app's static files are a wildcard route of their own, which would answer
  // `tokens/abc.xml` with the app's page and 200, and a client such as FixMyStreet reads a 200 as success.
  // (Only GET and its HEAD: the static files' route has no other method, so the not-found handler answers those.)
  // The endpoint's root itself (`/open311/v2`, `/open311/v2/`) too: it is no document of the standard's either.
  for (const url of ["/", "/*"]) {
    app.route({
      method: "GET",
      url,
      schema: {
        hide: true,
        tags: ["open311"],
        summary: "Any other Open311 path: 404 in the standard's format",
        response: { 404: open311Error },
      },
      handler: (request, reply) => {
        noSuchEndpoint(request, reply);
      },
    });
  }

  app.get(
    local(open311Paths.discovery),
    {
      schema: {
        operationId: "getDiscovery",
        tags: ["open311"],
        summary: "GeoReport v2 discovery: where the endpoints are and what they speak",
        params: formatParams,
        response: { 200: xmlOrJson(z.object({}).passthrough()), ...errors },
      },
    },
    async (request, reply) => {
      const base = `${linkBaseOf(request, options.publicUrl)}/open311/v2/`;
      const discovery = {
        changeset: "2026-11-22T00:00:00Z",
        contact: settings.agencyResponsible ?? "",
        key_service: "API keys are issued by the portal's administrators (console, Administration, API keys).",
        endpoints: [
          {
            specification: "http://wiki.open311.org/GeoReport_v2",
            url: base,
            changeset: "2026-11-22T00:00:00Z",
            type: "production",
            formats: ["application/json", "text/xml"],
          },
        ],
      };
      if (request.params.format === "json") return sendJson(reply, discovery);
      const { endpoints, ...fields } = discovery;
      return sendXml(reply, xmlDiscovery(fields, endpoints));
    },
  );

  app.get(
    local(open311Paths.services),
    {
      schema: {
        operationId: "listServices",
        tags: ["open311"],
        summary: "The services: the portal's active categories",
        params: formatParams,
        querystring: z.object(jurisdiction),
        response: { 200: xmlOrJson(z.array(serviceSchema)), ...errors },
      },
    },
    async (request, reply) => {
      checkJurisdiction(request.query.jurisdiction_id);
      const services = (await listCategories(db))
        .filter((category) => category.active)
        .map((category) => ({
          service_code: category.service_code,
          service_name: category.name,
          description: category.description,
          metadata: false,
          type: "realtime",
          keywords: "",
          group: category.group_name ?? "",
        }));
      return sendOpen311(reply, request.params.format, "services", "service", services);
    },
  );

  app.get(
    local(open311Paths.service),
    {
      schema: {
        operationId: "getService",
        tags: ["open311"],
        summary: "A service's definition: no extra attributes are asked for",
        params: formatParams.extend({ service_code: z.string().max(64) }),
        querystring: z.object(jurisdiction),
        response: {
          200: xmlOrJson(z.object({ service_code: z.string(), attributes: z.array(z.never()) })),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      checkJurisdiction(request.query.jurisdiction_id);
      const category = await findCategoryByServiceCode(db, request.params.service_code);
      if (!category || !category.active)
        throw new HttpError(404, `Unknown service_code "${request.params.service_code}".`);
      if (request.params.format === "json")
        return sendJson(reply, { service_code: category.service_code, attributes: [] });
      return sendXml(
        reply,
        `<?xml version="1.0" encoding="utf-8"?>\n<service_definition>\n  <service_code>${xmlText(category.service_code)}</service_code>\n  <attributes></attributes>\n</service_definition>\n`,
      );
    },
  );

  app.get(
    local(open311Paths.requests),
    {
      schema: {
        operationId: "listServiceRequests",
        tags: ["open311"],
        summary: "Service requests: the public reports, newest first",
        description:
          "By default the last 90 days; start_date and end_date (any W3C-DTF precision: 2026-11, 2026-11-01, " +
          "2026-11-01T00:00Z, with seconds or a fraction, Z or ±hh:mm) at most 90 days apart. status and service_code " +
          "take comma lists (or the parameter repeated). service_request_id (a comma list of up to 1000 references) " +
          "overrides the other filters and paging. page and page_size (≤ 100, default 50) page through. An empty " +
          "parameter counts as absent.",
        params: formatParams,
        querystring: requestsQuery,
        response: { 200: xmlOrJson(z.array(requestSchema)), ...errors },
      },
    },
    async (request, reply) => {
      const query = request.query;
      checkJurisdiction(query.jurisdiction_id);
      const { start, end } = dateWindow(query.start_date, query.end_date, WINDOW_DAYS);
      const references = commaList(query.service_request_id)?.map((id) => id.toUpperCase());
      if (references && references.length > MAX_REQUEST_IDS) {
        throw new HttpError(400, `At most ${MAX_REQUEST_IDS} service_request_id values at once.`);
      }
      let categoryKeys: string[] | undefined;
      const codes = commaList(query.service_code);
      if (codes) {
        const byCode = new Map((await listCategories(db)).map((category) => [category.service_code, category.key]));
        const unknown = codes.filter((code) => !byCode.has(code));
        if (unknown.length > 0) throw new HttpError(400, `Unknown service_code "${unknown.join(", ")}".`);
        categoryKeys = codes.map((code) => byCode.get(code)!);
      }
      const found = references?.filter((id) => REFERENCE_PATTERN.test(id));
      const rows = await findRequests(db, {
        references: found,
        categoryKeys,
        start,
        end,
        statuses: commaList(query.status) as ("open" | "closed")[] | undefined,
        // Ids override every other argument, paging included: a client asking for its reports by id (FixMyStreet
        // does, to follow them) gets each of them in one answer.
        page: found ? 1 : query.page,
        pageSize: found ? Math.max(1, found.length) : query.page_size,
      });
      const ctx = await context(request);
      return sendOpen311(
        reply,
        request.params.format,
        "service_requests",
        "request",
        rows.map((row) => toOpen311Request(row, ctx)),
      );
    },
  );

  app.get(
    local(open311Paths.request),
    {
      schema: {
        operationId: "getServiceRequest",
        tags: ["open311"],
        summary: "One service request, by its reference",
        // Any length: an id that is no reference of this portal is simply not found (404), as the standard says.
        params: formatParams.extend({ service_request_id: z.string() }),
        querystring: z.object(jurisdiction),
        response: { 200: xmlOrJson(z.array(requestSchema).length(1)), ...errors },
      },
    },
    async (request, reply) => {
      checkJurisdiction(request.query.jurisdiction_id);
      const reference = request.params.service_request_id.trim().toUpperCase();
      const row = REFERENCE_PATTERN.test(reference) ? await findRequest(db, reference) : undefined;
      if (!row) throw new HttpError(404, `Unknown service_request_id "${request.params.service_request_id}".`);
      const ctx = await context(request);
      return sendOpen311(reply, request.params.format, "service_requests", "request", [toOpen311Request(row, ctx)]);
    },
  );

  app.get(
    local(open311Paths.serviceRequestUpdates),
    {
      schema: {
        operationId: "listServiceRequestUpdates",
        tags: ["open311"],
        summary: "Service request updates (mySociety's extension): the public status changes, oldest first",
        description:
          "What FixMyStreet reads to show the utility's answers on the reports it sent (its Open311 " +
          "GetServiceRequestUpdates). One `request_update` per public status change of a visible report: " +
          "`update_id` (stable), `service_request_id`, `status` (OPEN, IN_PROGRESS or FIXED; a reopened report is " +
          "OPEN or IN_PROGRESS again), `updated_datetime` (W3C-DTF, to the second), `description` (the public note), " +
          "`media_url` (empty). start_date and end_date in any W3C-DTF precision, at most 90 days apart; by default the " +
          `last 24 hours. api_key is accepted and not needed. At most ${MAX_UPDATES} updates: a window holding more ` +
          "is refused (400), so ask for a shorter one.",
        params: formatParams,
        querystring: updatesQuery,
        response: { 200: xmlOrJson(z.array(updateSchema)), ...errors },
      },
    },
    async (request, reply) => {
      checkJurisdiction(request.query.jurisdiction_id);
      const { start, end } = dateWindow(request.query.start_date, request.query.end_date, 1);
      const rows = await findStatusUpdates(db, { start, end, limit: MAX_UPDATES + 1 });
      if (rows.length > MAX_UPDATES) {
        throw new HttpError(
          400,
          `More than ${MAX_UPDATES} updates between start_date and end_date: ask for a shorter window.`,
        );
      }
      return sendOpen311(
        reply,
        request.params.format,
        "service_request_updates",
        "request_update",
        rows.map(toOpen311Update),
      );
    },
  );

  app.post(
    local(open311Paths.serviceRequestUpdates),
    {
      schema: {
        operationId: "createServiceRequestUpdate",
        tags: ["open311"],
        summary: "Comment on a service request (mySociety's extension; needs an API key)",
        description:
          "What FixMyStreet posts for each public comment on a report it sent here (its Open311 " +
          "post_service_request_update): form-encoded or JSON. Required: api_key, service_request_id, description. " +
          "The comment is kept as an update on the report, public on its timeline and moderated by staff like a " +
          "reporter's update (at most a few a day per report); media_url, once or repeated, is kept as links. status " +
          "is read, never applied; names and contact details are not kept. Answers the portal's update_id.",
        params: formatParams,
        // As FixMyStreet sends it; JSON is accepted too.
        consumes: ["application/x-www-form-urlencoded", "application/json"],
        body: open311UpdatePostSchema,
        response: {
          201: xmlOrJson(z.array(z.object({ update_id: z.string() }))),
          ...errors,
          // A body in a media type other than the two above.
          415: open311ErrorAnswer,
          429: open311ErrorAnswer,
        },
      },
      config: { rateLimit: postingLimit("service request updates") },
    },
    async (request, reply) => {
      checkJurisdiction(request.body.jurisdiction_id);
      const key = await apiKeyOfRequest(db, request);
      const updateId = await createOpen311Update(db, request.body, key, sentApiKey(request) !== undefined);
      return sendOpen311(reply.code(201), request.params.format, "service_request_updates", "request_update", [
        { update_id: updateId },
      ]);
    },
  );

  app.post(
    local(open311Paths.requests),
    {
      schema: {
        operationId: "createServiceRequest",
        tags: ["open311"],
        summary: "File a service request (needs an API key issued by an administrator)",
        description:
          "Form-encoded or JSON. Required: api_key, service_code, description, and lat+long, address_string or " +
          "address_id (kept as the location's text). An empty field counts as absent. " +
          "Optional: email, phone (kept private, like the form's contact details), first_name and last_name (not " +
          "kept), media_url, once or repeated (kept as links at the end of the description). Each API key may post " +
          "OPEN311_POSTS_PER_HOUR requests an hour; without a valid key, the address is counted.",
        params: formatParams,
        // As the standard and FixMyStreet send it; JSON is accepted too.
        consumes: ["application/x-www-form-urlencoded", "application/json"],
        body: open311PostSchema,
        response: {
          201: xmlOrJson(
            z.array(
              z.object({ service_request_id: z.string(), service_notice: z.string().nullable(), account_id: z.null() }),
            ),
          ),
          ...errors,
          // A body in a media type other than the two above.
          415: open311ErrorAnswer,
          429: open311ErrorAnswer,
        },
      },
      config: { rateLimit: postingLimit("service requests") },
    },
    async (request, reply) => {
      checkJurisdiction(request.body.jurisdiction_id);
      const key = await apiKeyOfRequest(db, request);
      const reference = await createOpen311Request(options, request.body, key, sentApiKey(request) !== undefined);
      return sendOpen311(reply.code(201), request.params.format, "service_requests", "request", [
        { service_request_id: reference, service_notice: settings.serviceNotice ?? null, account_id: null },
      ]);
    },
  );
};

export const open311Routes: FastifyPluginAsync<Open311RoutesOptions> = async (app, options) => {
  await app.register(open311Plugin, { ...options, prefix: OPEN311_PREFIX });
};

/**
 * start_date / end_date as the standard has them: by default the last `defaultDays` (from start_date when only it
 * is given), and never more than 90 days apart. A date stands for its whole span (w3c-datetime.ts): start_date for
 * its first instant, end_date for its last.
 */
function dateWindow(
  startDate: string | undefined,
  endDate: string | undefined,
  defaultDays: number,
): { start: Date; end: Date } {
  const from = startDate === undefined ? undefined : parseW3cDatetime(startDate)?.first;
  const to = endDate === undefined ? undefined : parseW3cDatetime(endDate)?.last;
  const end = to ?? (from ? new Date(from.getTime() + defaultDays * DAY_MS) : new Date());
  const start = from ?? new Date(end.getTime() - defaultDays * DAY_MS);
  if (start > end) throw new HttpError(400, "start_date must not be after end_date.");
  if (end.getTime() - start.getTime() > WINDOW_DAYS * DAY_MS) {
    throw new HttpError(400, `start_date and end_date may be at most ${WINDOW_DAYS} days apart.`);
  }
  return { start, end };
}

const sendJson = (reply: FastifyReply, value: unknown) =>
  reply.type("application/json; charset=utf-8").send(JSON.stringify(value));
const sendXml = (reply: FastifyReply, text: string) => reply.type("text/xml; charset=utf-8").send(text);

/** Discovery in XML: `<discovery>` with its fields and `<endpoints><endpoint>…<formats><format>…`. */
function xmlDiscovery(
  fields: Record<string, string>,
  endpoints: { specification: string; url: string; changeset: string; type: string; formats: string[] }[],
): string {
  const field = (name: string, value: string, indent: string) => `${indent}<${name}>${xmlText(value)}</${name}>\n`;
  let out = '<?xml version="1.0" encoding="utf-8"?>\n<discovery>\n';
  for (const [name, value] of Object.entries(fields)) out += field(name, value, "  ");
  out += "  <endpoints>\n";
  for (const endpoint of endpoints) {
    out += "    <endpoint>\n";
    for (const name of ["specification", "url", "changeset", "type"] as const)
      out += field(name, endpoint[name], "      ");
    out += "      <formats>\n";
    for (const format of endpoint.formats) out += field("format", format, "        ");
    out += "      </formats>\n    </endpoint>\n";
  }
  return `${out}  </endpoints>\n</discovery>\n`;
}
