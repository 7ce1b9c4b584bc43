import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errorResponses } from "#shared/api-schemas/errors.ts";
import { erasureResultSchema } from "#shared/api-schemas/personal-data.ts";
import { trackingTokenParamsSchema } from "#shared/api-schemas/progress.ts";
import { personalDataPaths } from "#shared/privacy/personal-data.ts";
import { msg } from "#shared/i18n/locales.ts";
import type { Database } from "../db/database.ts";
import { findByTrackingTokenHash } from "../tracking/tracking-repository.ts";
import { trackingNotFound } from "../tracking/reporter-workflow.ts";
import { trackingTokenHashOf } from "../tracking/tracking-token.ts";
import { erasePersonalData } from "./personal-data-workflow.ts";

/** The reason the audit log records when a reporter removes their own contact details. */
export const REPORTER_ERASURE_REASON = "Removed by the reporter on their private page.";

/**
 * POST /api/track/:token/contact-details/erase: the reporter removes their own contact details (and any typed into
 * their report) from their private page (docs/decisions/043). The private link keeps working; no message reaches
 * them any more. Registered inside trackingRoutes, whose hook marks every answer no-store and noindex.
 */
export const contactEraseRoutes: FastifyPluginAsync<{ db: Database }> = async (plainApp, { db }) => {
  const app = plainApp.withTypeProvider<ZodTypeProvider>();
  app.post(
    personalDataPaths.eraseMine,
    {
      config: {
        rateLimit: {
          max: 10,
          timeWindow: 60_000,
          refusal: msg(
            "Too many requests to remove contact details from your connection. Please wait a minute and try again.",
          ),
        },
      },
      schema: {
        operationId: "eraseMyContactDetails",
        summary: "The reporter removes their contact details",
        description:
          "Erases the report's e-mail address and phone number, and e-mail addresses and phone numbers typed into " +
          "it, as erasePersonalData does; the reporter stops receiving messages about it. Recorded in the audit log.",
        tags: ["tracking"],
        params: trackingTokenParamsSchema,
        response: { 200: erasureResultSchema, ...errorResponses(404, 429, 500, 503) },
      },
    },
    async (request) => {
      const tokenHash = trackingTokenHashOf(request.params.token);
      const report = tokenHash && (await findByTrackingTokenHash(db, tokenHash));
      if (!report) throw trackingNotFound();
      return erasePersonalData(db, report.id, "reporter", REPORTER_ERASURE_REASON);
    },
  );
};
