import type { FastifyRequest } from "fastify";

/**
 * The route a request is counted and logged under: the pattern it matched (`/api/grievances/:id`), never its
 * address, which would make a new series per report (and put tracking tokens in the figures). Requests no route
 * matched share one label; those the single-page app answered with a page (spa.ts) another.
 */
export function routeLabel(request: FastifyRequest, statusCode: number): string {
  if (request.is404) return statusCode < 400 ? "spa_page" : "unmatched";
  return request.routeOptions.url ?? "unmatched";
}
