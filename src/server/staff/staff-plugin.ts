import cookie from "@fastify/cookie";
import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import { STAFF_MESSAGES } from "../../shared/staff-messages.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/database.ts";
import { HttpError } from "../http/http-error.ts";
import { sendImage } from "../routes/media-routes.ts";
import type { ImageStore } from "../storage/image-store.ts";
import { staffErrorHandler } from "./error-handler.ts";
import { publicProgressRoutes } from "./public-progress-routes.ts";
import { requireStaff } from "./require-staff.ts";
import { isCrossSiteRequest } from "./same-origin.ts";
import { sessionRoutes } from "./session-routes.ts";
import { staffGrievanceRoutes } from "./staff-grievance-routes.ts";
import type { SessionLimits } from "./session-store.ts";

export interface StaffPluginOptions {
  db: Database;
  config: Config;
  imageStore: ImageStore;
}

/**
 * Everything of the staff feature (issue 3) in one encapsulated plugin: the staff API under /api/staff, and the
 * public GET /api/grievances/:id/progress and GET /api/stats. Register it once: `app.register(staffPlugin, { db, config, imageStore })`.
 */
export const staffPlugin: FastifyPluginAsync<StaffPluginOptions> = async (app, { db, config, imageStore }) => {
  // The host app may already have registered the cookie plugin; decorating twice would throw.
  if (!app.hasRequestDecorator("cookies")) await app.register(cookie);
  app.setErrorHandler(staffErrorHandler);

  const limits: SessionLimits = { idleMinutes: config.sessionIdleMinutes, maxHours: config.sessionMaxHours };
  const throttle = { maxFailures: config.signInMaxFailures, windowMinutes: config.signInWindowMinutes };
  const targets = config.overdueTargetDays;

  await app.register(publicProgressRoutes, { db, targets });
  await app.register(
    async (staff: FastifyInstance) => {
      staff.decorateRequest("staff", null);
      // Before any body parsing or database work: a cross-site state change is refused outright.
      staff.addHook("onRequest", async (request) => {
        if (isCrossSiteRequest(request)) throw new HttpError(403, STAFF_MESSAGES.crossSite);
      });
      // Staff answers carry personal data: never cached by the browser or a proxy.
      staff.addHook("onSend", async (_request, reply) => {
        reply.header("cache-control", "no-store");
      });
      await staff.register(sessionRoutes, { db, limits, throttle });
      await staff.register(async (guarded: FastifyInstance) => {
        guarded.addHook("preHandler", requireStaff(db, limits));
        await guarded.register(staffGrievanceRoutes, { db, targets, publicUrl: config.publicUrl });
        // Staff see every report's images, hidden ones' too; never cached (the onSend hook above).
        guarded.get<{ Params: { key: string } }>("/media/grievance-images/:key", (request, reply) =>
          sendImage(reply, imageStore, request.params.key, "no-store"),
        );
      });
      // Unknown staff paths: a visitor learns nothing (401); a signed-in staff member gets a plain 404.
      staff.setNotFoundHandler({ preHandler: requireStaff(db, limits) }, async (_request, reply) =>
        reply.status(404).send({ message: "Not found." }),
      );
    },
    { prefix: "/api/staff" },
  );
};
