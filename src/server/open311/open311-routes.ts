import formbody from "@fastify/formbody";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { OPEN311_PREFIX, open311Paths } from "../../shared/api-paths.ts";
import { REFERENCE_PATTERN } from "../../shared/reference.ts";
import { findCategoryByServiceCode, listCategories } from "../categories/category-repository.ts";
import type { Open311Settings } from "../config.ts";
import type { Database } from "../db/database.ts";
import { describeError } from "../http/error-handler.ts";
import { HttpError } from "../http/http-error.ts";
import { linkBaseOf } from "../tracking/tracking-url.ts";
import { formatOfRequest, OPEN311_FORMATS, sendOpen311, sendOpen311Error } from "./open311-format.ts";
import { findRequest, findRequests, toOpen311Request, type RequestContext } from "./open311-requests.ts";
import { createOpen311Request, open311PostSchema, type Open311PostDeps } from "./open311-post.ts";
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
const isoDate = z.iso.datetime({ offset: true, local: false, error: "must be a W3C date and time, e.g. 2026-11-01T00:00:00Z" });

const requestsQuery = z.object({
  ...jurisdiction,
  service_request_id: z.string().max(2_000).optional(),
  service_code: z.string().max(64).optional(),
  start_date: isoDate.optional(),
  end_date: isoDate.optional(),
  status: z.enum(["open", "closed"]).optional(),
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
/**
 * An answer in the format the path's suffix asks for: JSON (`.json`), or the same as GeoReport v2's schemaless XML
 * (`.xml`, served as text/xml as the standard says).
 */
const xmlOrJson = (json: z.ZodType, description = "JSON (`.json`), or the same in XML (`.xml`).") => ({
  description,
  content: { "application/json": { schema: json }, "text/xml": { schema: z.string() } },
});
const open311ErrorAnswer = xmlOrJson(open311Error, "GeoReport v2's errors: `[{ code, description }]`, or `<errors>` in XML.");
const errors = { 400: open311ErrorAnswer, 403: open311ErrorAnswer, 404: open311ErrorAnswer };

/** The plugin is registered under OPEN311_PREFIX (so that its not-found handler and error format hold there only). */
const local = (path: string) => path.slice(OPEN311_PREFIX.length);

const open311Plugin: FastifyPluginAsync<Open311RoutesOptions> = async (plugin, options) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { db, settings } = options;
  // Open311 clients post forms (application/x-www-form-urlencoded); JSON is accepted too.
  await app.register(formbody, { bodyLimit: 64 * 1024 });

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
  app.setNotFoundHandler((request, reply) =>
    sendOpen311Error(reply, formatOfRequest(request), 404, "There is no such Open311 endpoint. See /open311/v2/discovery.json."),
  );

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
      if (!category || !category.active) throw new HttpError(404, `Unknown service_code "${request.params.service_code}".`);
      if (request.params.format === "json") return sendJson(reply, { service_code: category.service_code, attributes: [] });
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
          "By default the last 90 days; start_date and end_date at most 90 days apart. service_request_id (a comma " +
          "list of references) overrides the other filters. page and page_size (≤ 100, default 50) page through.",
        params: formatParams,
        querystring: requestsQuery,
        response: { 200: xmlOrJson(z.array(requestSchema)), ...errors },
      },
    },
    async (request, reply) => {
      const query = request.query;
      checkJurisdiction(query.jurisdiction_id);
      const { start, end } = dateWindow(query.start_date, query.end_date);
      const references = query.service_request_id
        ?.split(",")
        .map((id) => id.trim().toUpperCase())
        .filter(Boolean);
      if (references && references.length > OPEN311_PAGE_SIZE.max) {
        throw new HttpError(400, `At most ${OPEN311_PAGE_SIZE.max} service_request_id values at once.`);
      }
      let categoryKey: string | undefined;
      if (query.service_code !== undefined) {
        const category = await findCategoryByServiceCode(db, query.service_code);
        if (!category) throw new HttpError(400, `Unknown service_code "${query.service_code}".`);
        categoryKey = category.key;
      }
      const rows = await findRequests(db, {
        references: references?.filter((id) => REFERENCE_PATTERN.test(id)),
        categoryKey,
        start,
        end,
        status: query.status,
        page: query.page,
        pageSize: query.page_size,
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
        params: formatParams.extend({ service_request_id: z.string().max(20) }),
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

  app.post(
    local(open311Paths.requests),
    {
      schema: {
        operationId: "createServiceRequest",
        tags: ["open311"],
        summary: "File a service request (needs an API key issued by an administrator)",
        description:
          "Form-encoded or JSON. Required: api_key, service_code, description, and lat+long or address_string. " +
          "Optional: email, phone (kept private, like the form's contact details), first_name and last_name (not " +
          "kept), media_url (kept as a link at the end of the description).",
        params: formatParams,
        // As the standard and FixMyStreet send it; JSON is accepted too.
        consumes: ["application/x-www-form-urlencoded", "application/json"],
        body: open311PostSchema,
        response: {
          201: xmlOrJson(
            z.array(z.object({ service_request_id: z.string(), service_notice: z.string().nullable(), account_id: z.null() })),
          ),
          ...errors,
          429: open311ErrorAnswer,
        },
      },
      config: {
        rateLimit: {
          max: settings.postsPerHour,
          timeWindow: 60 * 60 * 1000,
          keyGenerator: (request: FastifyRequest) => `open311:${apiKeyOf(request)}`,
          shared: true,
        },
      },
    },
    async (request, reply) => {
      checkJurisdiction(request.body.jurisdiction_id);
      const reference = await createOpen311Request(options, request.body);
      return sendOpen311(reply.code(201), request.params.format, "service_requests", "request", [
        { service_request_id: reference, service_notice: settings.serviceNotice ?? null, account_id: null },
      ]);
    },
  );
};

export const open311Routes: FastifyPluginAsync<Open311RoutesOptions> = async (app, options) => {
  await app.register(open311Plugin, { ...options, prefix: OPEN311_PREFIX });
};

/** The rate limit's key: the API key sent, so that each client has its own allowance. */
function apiKeyOf(request: FastifyRequest): string {
  const body = request.body as { api_key?: unknown } | undefined;
  const query = request.query as { api_key?: unknown } | undefined;
  const key = body?.api_key ?? query?.api_key;
  return typeof key === "string" ? key.slice(0, 100) : request.ip;
}

/** start_date / end_date as the standard has them: by default the last 90 days, and never more than 90. */
function dateWindow(startDate: string | undefined, endDate: string | undefined): { start: Date; end: Date } {
  const end = endDate ? new Date(endDate) : startDate ? new Date(new Date(startDate).getTime() + WINDOW_DAYS * DAY_MS) : new Date();
  const start = startDate ? new Date(startDate) : new Date(end.getTime() - WINDOW_DAYS * DAY_MS);
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
    for (const name of ["specification", "url", "changeset", "type"] as const) out += field(name, endpoint[name], "      ");
    out += "      <formats>\n";
    for (const format of endpoint.formats) out += field("format", format, "        ");
    out += "      </formats>\n    </endpoint>\n";
  }
  return `${out}  </endpoints>\n</discovery>\n`;
}
