import formbody from "@fastify/formbody";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { OPEN311_PREFIX, open311Paths } from "#shared/api-paths.ts";
import type { Open311Settings } from "../config.ts";
import type { Database } from "../db/database.ts";
import { describeError } from "../http/error-handler.ts";
import { answerErrorsUnder } from "../http/error-formats.ts";
import { linkBaseOf } from "../tracking/tracking-url.ts";
import { apiKeyOfRequest, postingLimitKey, sentApiKey } from "./open311-api-key.ts";
import { formatOfRequest, renderOpen311Xml, sendOpen311, sendOpen311Error } from "./open311-format.ts";
import { plainOpen311Params } from "./open311-params.ts";
import { createOpen311Request, open311PostSchema, type Open311PostDeps } from "./open311-post.ts";
import {
  errors,
  formatParams,
  jurisdiction,
  MAX_UPDATES,
  NO_SUCH_ENDPOINT,
  open311Error,
  open311ErrorAnswer,
  requestSchema,
  requestsQuery,
  serviceSchema,
  updateSchema,
  updatesQuery,
  xmlOrJson,
} from "./open311-schemas.ts";
import { createOpen311Update, open311UpdatePostSchema } from "./open311-update-post.ts";
import {
  activeServiceCode,
  checkJurisdiction,
  discoveryForXml,
  discoveryOf,
  getRequest,
  listRequests,
  listServices,
  listUpdates,
  requestContext,
} from "./open311-workflow.ts";

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
    // In English, as every Open311 error is: its clients are programs (docs/integrators.md).
    refusal: (minutes: number) =>
      `At most ${settings.postsPerHour} ${what} an hour per api_key. Try again in ${minutes} minute(s).`,
    shared: true,
  });

  const context = (request: FastifyRequest) => requestContext(db, settings, linkBaseOf(request, options.publicUrl));

  app.setErrorHandler((error, request, reply) => {
    const { status, body } = describeError(error as Parameters<typeof describeError>[0]);
    if (status >= 500) request.log.error({ err: error }, "open311 request failed");
    return sendOpen311Error(reply, formatOfRequest(request), status, body.message);
  });
  const noSuchEndpoint = (request: FastifyRequest, reply: FastifyReply) =>
    sendOpen311Error(reply, formatOfRequest(request), 404, NO_SUCH_ENDPOINT);
  app.setNotFoundHandler(noSuchEndpoint);
  // What is refused before any route here is found (an address that cannot be decoded) is in the standard's format too.
  answerErrorsUnder(OPEN311_PREFIX, (request, reply, status, message) =>
    sendOpen311Error(reply, formatOfRequest(request), status, message),
  );
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
      const discovery = discoveryOf(settings, `${linkBaseOf(request, options.publicUrl)}/open311/v2/`);
      if (request.params.format === "json") return sendJson(reply, discovery);
      return sendXml(reply, renderOpen311Xml("discovery", discoveryForXml(discovery)));
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
      checkJurisdiction(settings, request.query.jurisdiction_id);
      return sendOpen311(reply, request.params.format, "services", "service", await listServices(db));
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
      checkJurisdiction(settings, request.query.jurisdiction_id);
      const serviceCode = await activeServiceCode(db, request.params.service_code);
      if (request.params.format === "json") return sendJson(reply, { service_code: serviceCode, attributes: [] });
      return sendXml(reply, renderOpen311Xml("service_definition", { service_code: serviceCode, attributes: "" }));
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
      checkJurisdiction(settings, query.jurisdiction_id);
      const requests = await listRequests(db, query, await context(request));
      return sendOpen311(reply, request.params.format, "service_requests", "request", requests);
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
      checkJurisdiction(settings, request.query.jurisdiction_id);
      const found = await getRequest(db, request.params.service_request_id, await context(request));
      return sendOpen311(reply, request.params.format, "service_requests", "request", [found]);
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
      checkJurisdiction(settings, request.query.jurisdiction_id);
      const updates = await listUpdates(db, request.query);
      return sendOpen311(reply, request.params.format, "service_request_updates", "request_update", updates);
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
      checkJurisdiction(settings, request.body.jurisdiction_id);
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
          "address_id (a water point's code, in any case: the report is attached to it, and takes its position when it " +
          "has no lat+long; an unknown or retired code is 400). An empty field counts as absent. " +
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
      checkJurisdiction(settings, request.body.jurisdiction_id);
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

const sendJson = (reply: FastifyReply, value: unknown) =>
  reply.type("application/json; charset=utf-8").send(JSON.stringify(value));
const sendXml = (reply: FastifyReply, text: string) => reply.type("text/xml; charset=utf-8").send(text);
