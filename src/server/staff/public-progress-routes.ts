import type { FastifyInstance } from "fastify";
import { MESSAGES } from "../../shared/messages.ts";
import type { Database } from "../db/database.ts";
import { HttpError } from "../http/http-error.ts";
import type { OverdueTargets } from "./overdue-targets.ts";
import { findProgress } from "./progress-repository.ts";
import { computeStats } from "./stats-repository.ts";

export interface PublicProgressRouteOptions {
  db: Database;
  targets: OverdueTargets;
}

/** Public answers added by the staff feature: a report's progress timeline and the portal's statistics. */
export async function publicProgressRoutes(app: FastifyInstance, { db, targets }: PublicProgressRouteOptions) {
  // A distinct suffix, so it never competes with the public app's GET /api/grievances/:id.
  app.get<{ Params: { id: string } }>("/api/grievances/:id/progress", async (request) => {
    const progress = await findProgress(db, request.params.id);
    if (!progress) throw new HttpError(404, MESSAGES.grievanceNotFound);
    return progress;
  });

  // Not cached: a visitor checking right after a report was resolved must see it counted.
  app.get("/api/stats", async () => computeStats(db, targets));
}
