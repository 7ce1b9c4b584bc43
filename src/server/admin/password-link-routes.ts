import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ADMIN_MESSAGES, passwordLinkInfoSchema, setPasswordSchema } from "#shared/admin/admin-schemas.ts";
import { apiErrorSchema } from "#shared/api-schemas/errors.ts";
import { msg } from "#shared/i18n/locales.ts";
import { staffApiPaths, underStaffPrefix } from "#shared/staff/staff-api.ts";
import type { Database } from "../db/database.ts";
import { HttpError } from "../http/http-error.ts";
import { inMinutes, type LimitRefusal } from "../http/rate-limit-refusal.ts";
import { setPasswordWithLink } from "./admin-workflow.ts";
import { findPasswordLink } from "./password-link-repository.ts";

// Guessing links is hopeless (256 bits), but each try costs a lookup, and setting a password costs a hash.
const TRIES_PER_HOUR = 30;

/**
 * The holder of a new account (or of a new link) sets a password: GET says which account the link is for, POST
 * sets it once. Outside the console's guard: the holder is not signed in.
 */
export const passwordLinkRoutes: FastifyPluginAsync<{ db: Database }> = async (plugin, { db }) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const path = underStaffPrefix(staffApiPaths.passwordLink);
  const params = z.object({ token: z.string().max(100) });
  const limit = (refusal: LimitRefusal) => ({
    rateLimit: { max: TRIES_PER_HOUR, timeWindow: 60 * 60 * 1000, shared: true, refusal },
  });
  const gone = () => new HttpError(404, ADMIN_MESSAGES.linkInvalid);

  app.get(
    path,
    {
      config: limit(
        inMinutes(
          msg("Too many set-password links opened from your connection. Please try again in {minutes} minute."),
          msg("Too many set-password links opened from your connection. Please try again in {minutes} minutes."),
        ),
      ),
      schema: {
        tags: ["staff"],
        operationId: "getPasswordLink",
        summary: "Which account a one-time set-password link is for, while it is valid",
        params,
        response: { 200: passwordLinkInfoSchema, 404: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      const link = await findPasswordLink(db, request.params.token);
      if (!link) throw gone();
      return { email: link.email, expiresAt: link.expiresAt.toISOString() };
    },
  );

  app.post(
    path,
    {
      config: limit(
        inMinutes(
          msg("Too many attempts to set a password from your connection. Please try again in {minutes} minute."),
          msg("Too many attempts to set a password from your connection. Please try again in {minutes} minutes."),
        ),
      ),
      schema: {
        tags: ["staff"],
        operationId: "setPasswordWithLink",
        summary: "Set the account's password through its one-time link",
        params,
        body: setPasswordSchema,
        response: { 200: passwordLinkInfoSchema, 400: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      const used = await setPasswordWithLink(db, request.params.token, request.body.password);
      if (!used) throw gone();
      return { email: used.email, expiresAt: new Date().toISOString() };
    },
  );
};
