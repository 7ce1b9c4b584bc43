import cookie from "@fastify/cookie";
import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { msg } from "#shared/i18n/locales.ts";
import { STAFF_API_PREFIX, staffApiPaths, underStaffPrefix } from "#shared/staff/staff-api.ts";
import { errorResponses } from "#shared/api-schemas/errors.ts";
import { STAFF_MESSAGES } from "#shared/staff/staff-messages.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/database.ts";
import { HttpError } from "../http/http-error.ts";
import { STAFF_SECURITY } from "../http/openapi.ts";
import { imageRouteSchema, sendImage } from "../routes/media-routes.ts";
import type { ImageStore } from "../storage/image-store.ts";
import type { GrievanceService } from "../grievances/grievance-service.ts";
import { adminRoutes } from "../admin/admin-routes.ts";
import { passwordLinkRoutes } from "../admin/password-link-routes.ts";
import { categoryAdminRoutes } from "../categories/category-routes.ts";
import { waterPointAdminRoutes } from "../water-points/water-point-admin-routes.ts";
import { incidentStaffRoutes } from "../incidents/incident-staff-routes.ts";
import { targetRoutes } from "../targets/target-routes.ts";
import { routingRuleRoutes } from "../teams/routing-rule-routes.ts";
import { teamRoutes } from "../teams/team-routes.ts";
import { requireStaff } from "../auth/require-staff.ts";
import { isCrossSiteRequest } from "../auth/same-origin.ts";
import { mailLinkBaseOf } from "../http/public-links.ts";
import { sessionRoutes } from "../auth/session-routes.ts";
import { staffGrievanceRoutes } from "./staff-grievance-routes.ts";
import { callAndDuplicateRoutes } from "./call-and-duplicate-routes.ts";
import { responseTemplateRoutes } from "../admin/response-template-routes.ts";
import { workRoutes } from "./work-routes.ts";
import { staffSmsRoutes } from "./staff-sms-routes.ts";
import { technicianLinkRoutes } from "../field/technician-link-routes.ts";
import { teamWorkRoutes } from "../progress/team-work-routes.ts";
import { personalDataRoutes } from "../privacy/personal-data-routes.ts";
import type { SessionLimits } from "../auth/session-repository.ts";

export interface StaffPluginOptions {
  db: Database;
  config: Config;
  imageStore: ImageStore;
  /** The report's photo pipeline and submit, for what staff store with photos (internal notes). */
  service: GrievanceService;
  /** The clock of the sign-in throttle; undefined: the database's (tests move it). */
  now?: (() => Date) | undefined;
}

/**
 * Everything of the staff feature in one encapsulated plugin: the staff API under /api/staff. The public
 * progress and statistics it produces are served by progress/public-progress-routes.ts. Register it once: `app.register(staffPlugin, { db, config, imageStore })`.
 */
export const staffPlugin: FastifyPluginAsync<StaffPluginOptions> = async (
  app,
  { db, config, imageStore, service, now },
) => {
  // The host app may already have registered the cookie plugin; decorating twice would throw.
  if (!app.hasRequestDecorator("cookies")) await app.register(cookie);

  const limits: SessionLimits = { idleMinutes: config.sessionIdleMinutes, maxHours: config.sessionMaxHours };
  const throttle = {
    maxFailures: config.signInMaxFailures,
    maxAccountFailures: config.signInMaxAccountFailures,
    maxAddressFailures: config.signInMaxAddressFailures,
    windowMinutes: config.signInWindowMinutes,
    now,
  };
  const targets = config.overdueTargetDays;
  const mailLinkBase = mailLinkBaseOf(config);

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
      await staff.register(sessionRoutes, { db, limits, throttle, sms: config.sms !== undefined });
      // The holder of a new account sets a password through a one-time link (not signed in).
      await staff.register(passwordLinkRoutes, { db });
      await staff.register(async (guarded: FastifyInstance) => {
        guarded.addHook("preHandler", requireStaff(db, limits));
        await guarded.register(staffGrievanceRoutes, {
          db,
          targets,
          mailLinkBase,
          smsDailyLimit: config.sms?.dailyLimit,
        });
        // Assigning, bulk actions and internal notes (docs/decisions/032-internal-notes-stay-inside.md).
        await guarded.register(workRoutes, { db, targets, service, mailLinkBase });
        await guarded.register(incidentStaffRoutes, { db, mailLinkBase });
        // Technicians' one-time links and the managers' per-team view (docs/decisions/031-technician-links.md).
        const clock = now ?? (() => new Date());
        await guarded.register(technicianLinkRoutes, { db, now: clock, mailLinkBase });
        await guarded.register(teamWorkRoutes, { db, now: clock });
        // A report's priority; the administrators' service targets (docs/decisions/030).
        await guarded.register(targetRoutes, { db, targets });
        // Calls taken for residents, duplicates, response templates (docs/decisions/033).
        const serviceArea = config.serviceArea;
        await guarded.register(callAndDuplicateRoutes, { db, service, targets, mailLinkBase, serviceArea });
        await guarded.register(responseTemplateRoutes, { db });
        // Erasure and access on request, blurring a photo (docs/decisions/043-erasure-and-access-on-request.md).
        await guarded.register(personalDataRoutes, {
          db,
          service,
          imageStore,
          maxImagePixels: config.maxImagePixels,
          controller: { name: config.operator.name ?? null, contact: config.privacy.contact ?? null },
          now: clock,
        });
        // A message to the reporter by SMS, a report placed on the map (docs/decisions/041-sms-for-staff.md).
        await guarded.register(staffSmsRoutes, { db, targets, sms: config.sms, serviceArea, mailLinkBase });
        // Administration (admins only): categories, accounts, API keys, the audit log (docs/decisions/017).
        await guarded.register(categoryAdminRoutes, { db });
        // The registry of water points: import, add, edit, retire (docs/decisions/036-water-points.md).
        await guarded.register(waterPointAdminRoutes, { db });
        await guarded.register(adminRoutes, { db, publicUrl: config.publicUrl });
        // Teams (read by every member of staff, changed by administrators) and routing rules (docs/decisions/029).
        await guarded.register(teamRoutes, { db });
        await guarded.register(routingRuleRoutes, { db });
        // Staff see every report's images, hidden ones' too; never cached (the onSend hook above).
        const image = imageRouteSchema("getStaffGrievanceImage", "A stored image, a hidden report's too", ["staff"]);
        const media = { ...image, response: { ...image.response, ...errorResponses(401) }, security: STAFF_SECURITY };
        guarded
          .withTypeProvider<ZodTypeProvider>()
          .get(underStaffPrefix(staffApiPaths.media), { schema: media }, (request, reply) =>
            sendImage(reply, imageStore, request.params.key, "no-store"),
          );
      });
      // Unknown staff paths: a visitor learns nothing (401); a signed-in staff member gets a plain 404.
      staff.setNotFoundHandler({ preHandler: requireStaff(db, limits) }, async () => {
        throw new HttpError(404, msg("Not found."));
      });
    },
    { prefix: STAFF_API_PREFIX },
  );
};
