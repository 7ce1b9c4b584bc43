import type { FastifyInstance, FastifyRequest } from "fastify";
import { apiPaths } from "#shared/api-paths.ts";
import { DatabaseUnavailableError } from "../db/database-unavailable.ts";
import type { PortalMetrics } from "./metrics.ts";
import { CLIENT_GONE, onRequestEnd } from "./request-end.ts";
import { routeLabel } from "./route-label.ts";
import { submissionOutcome } from "./submission-outcome.ts";

/**
 * Counts every answer (http_requests_total, http_request_duration_seconds), the form's submissions by outcome,
 * and the requests the database failed (db_errors_total).
 */
export function registerRequestMetrics(app: FastifyInstance, metrics: PortalMetrics): void {
  const errors = new WeakMap<FastifyRequest, unknown>();
  app.addHook("onError", async (request, _reply, error) => {
    errors.set(request, error);
    if (error instanceof DatabaseUnavailableError) metrics.databaseUnavailable("request");
  });
  onRequestEnd(app, (request, reply, statusCode) => {
    const route = routeLabel(request, statusCode);
    metrics.requestAnswered(request.method, route, statusCode, reply.elapsedTime / 1000);
    if (request.method !== "POST" || route !== apiPaths.grievances) return;
    metrics.submissionAnswered(
      statusCode === CLIENT_GONE
        ? { outcome: "refused", reason: "client_gone" }
        : submissionOutcome(statusCode, reply.getHeader("idempotent-replayed") === "true", errors.get(request)),
    );
  });
}
