import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errorResponses } from "#shared/api-schemas/errors.ts";
import { grievanceIdParamsSchema } from "#shared/api-schemas/grievances.ts";
import { grievanceProgressSchema, statsHotspotsSchema } from "#shared/api-schemas/progress.ts";
import { publicStatsSchema } from "#shared/api-schemas/staff.ts";
import { staffApiPaths } from "#shared/staff/staff-api.ts";
import { MESSAGES } from "#shared/messages.ts";
import type { Database } from "../db/database.ts";
import { HttpError } from "../http/http-error.ts";
import type { OverdueTargets } from "../targets/overdue-targets.ts";
import { findProgress } from "./progress-repository.ts";
import { computeStats } from "./stats-repository.ts";
import { StatsSnapshot } from "./stats-snapshot.ts";
import { computeHotspots } from "./stats-trends-repository.ts";

export interface PublicProgressRouteOptions {
  db: Database;
  targets: OverdueTargets;
  /** The statistics' clock; undefined: the database's (tests move it). */
  now?: () => Date;
}

/** Public answers added by the staff feature: a report's progress timeline and the portal's statistics. */
export async function publicProgressRoutes(
  plainApp: FastifyInstance,
  { db, targets, now }: PublicProgressRouteOptions,
) {
  const app = plainApp.withTypeProvider<ZodTypeProvider>();
  // A distinct suffix, so it never competes with the public app's GET /api/grievances/:id.
  const progress = {
    operationId: "getGrievanceProgress",
    summary: "A report's progress timeline",
    description: "Status changes with their public notes, the reporter's visible updates; no staff identity.",
    tags: ["grievances"],
    params: grievanceIdParamsSchema,
    response: { 200: grievanceProgressSchema, ...errorResponses(404, 500, 503) },
  };
  app.get(staffApiPaths.progress, { schema: progress }, async (request) => {
    const found = await findProgress(db, request.params.id);
    if (!found) throw new HttpError(404, MESSAGES.grievanceNotFound);
    return found;
  });

  // Not cached by browsers or proxies: a visitor checking right after a report was resolved must see it counted.
  // Only a large portal's figures are kept, for a minute, in the instance (stats-snapshot.ts).
  const stats = {
    operationId: "getStatistics",
    summary: "The portal's statistics",
    description:
      "Counts by status and category, median response and resolution times, overdue share, and the charts' figures " +
      "for the last twelve weeks (docs/decisions/027-statistics-charts.md); hidden reports not counted.",
    tags: ["grievances"],
    response: { 200: publicStatsSchema, ...errorResponses(500, 503) },
  };
  // A portal of a hundred thousand reports or more (stats-snapshot.ts).
  const snapshot = new StatsSnapshot(
    () => computeStats(db, targets, now?.() ?? null),
    (answer) => answer.total >= 100_000,
  );
  app.get(staffApiPaths.stats, { schema: stats }, async () => snapshot.get());

  const hotspots = {
    operationId: "getStatisticsHotspots",
    summary: "Where reports came from",
    description:
      "Pinned public reports of the last twelve weeks counted per grid cell of `cellDegrees` (south-west corners), " +
      "the busiest 500 cells; the statistics page's map.",
    tags: ["grievances"],
    response: { 200: statsHotspotsSchema, ...errorResponses(500, 503) },
  };
  // Twenty thousand pins or more in the twelve weeks: kept like the statistics.
  const hotspotSnapshot = new StatsSnapshot(
    () => computeHotspots(db, now?.() ?? null),
    (answer) => answer.cells.reduce((sum, cell) => sum + cell.count, 0) >= 20_000,
  );
  app.get(staffApiPaths.statsHotspots, { schema: hotspots }, async () => hotspotSnapshot.get());
}
