import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses } from "#shared/api-schemas/errors.ts";
import { nonJsonAnswer } from "#shared/api-schemas/media.ts";
import { NOT_FOUND_MESSAGE } from "../http/error-handler.ts";
import { HttpError } from "../http/http-error.ts";
import type { PortalMetrics } from "./metrics.ts";

export const METRICS_PATH = "/metrics";

export interface MetricsRouteOptions {
  /** Undefined when METRICS_TOKEN is unset: /metrics is then a plain 404, like any unknown address. */
  metrics: PortalMetrics | undefined;
  token: string | undefined;
}

// For Prometheus's operator, not a resident: English, like the logs.
const TOKEN_NEEDED = "A valid metrics token is needed: Authorization: Bearer <METRICS_TOKEN>.";

/**
 * GET /metrics in Prometheus's text format (docs/operating.md, "Metrics"), for whoever holds METRICS_TOKEN. Always
 * registered, so that without a token it answers 404 rather than falling through to the web app's pages. Kept out
 * of the public API reference (hide).
 */
export const metricsRoute: FastifyPluginAsync<MetricsRouteOptions> = async (plainApp, { metrics, token }) => {
  const app = plainApp.withTypeProvider<ZodTypeProvider>();
  const expected = token === undefined ? undefined : digest(token);
  app.get(
    METRICS_PATH,
    {
      schema: {
        hide: true,
        operationId: "getMetrics",
        summary: "Prometheus metrics",
        description: "Requests, submissions, image processing, database and outbox figures, and the process's own.",
        tags: ["health"],
        headers: z.looseObject({ authorization: z.string().optional() }),
        response: { 200: nonJsonAnswer("text/plain", "Prometheus text format 0.0.4."), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      if (!metrics || !expected) throw new HttpError(404, NOT_FOUND_MESSAGE);
      const sent = /^Bearer +(\S+)\s*$/i.exec(request.headers.authorization ?? "")?.[1];
      // Digests of equal length, compared in constant time: the answer's timing tells nothing about the token.
      if (sent === undefined || !timingSafeEqual(digest(sent), expected)) {
        reply.header("www-authenticate", 'Bearer realm="metrics"');
        throw new HttpError(401, TOKEN_NEEDED);
      }
      const text = await metrics.registry.metrics();
      return reply.header("cache-control", "no-store").type(metrics.registry.contentType).send(text);
    },
  );
};

const digest = (text: string): Buffer => createHash("sha256").update(text).digest();
