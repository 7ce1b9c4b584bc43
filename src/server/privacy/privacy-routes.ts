import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errorResponses } from "#shared/api-schemas/errors.ts";
import { privacyNoticeSchema, type PrivacyNotice } from "#shared/api-schemas/privacy.ts";
import { PRIVACY_API_PATH } from "#shared/privacy/privacy-notice.ts";
import type { OperatorSettings } from "../operator/operator-settings.ts";
import type { PrivacyConfig } from "./privacy-config.ts";

export interface PrivacyRoutesOptions {
  operator: OperatorSettings;
  privacy: PrivacyConfig;
  /** Whether SMS is on (SMS_GATEWAY). */
  sms: boolean;
}

/** The settings change only with a restart; five minutes of staleness after one is harmless. */
const MAX_AGE_SECONDS = 300;

/** GET /api/privacy: what the privacy notice says, from the settings (docs/decisions/042-privacy-and-retention.md). */
export const privacyRoutes: FastifyPluginAsync<PrivacyRoutesOptions> = async (plainApp, options) => {
  const app = plainApp.withTypeProvider<ZodTypeProvider>();
  const notice: PrivacyNotice = {
    operator: { name: options.operator.name ?? null, url: options.operator.url ?? null },
    contact: options.privacy.contact ?? null,
    sms: options.sms,
    retention: { ...options.privacy.retention },
  };
  app.get(
    PRIVACY_API_PATH,
    {
      schema: {
        operationId: "getPrivacyNotice",
        summary: "What the privacy notice says",
        description:
          "Who runs the portal and whom to ask about personal data (PRIVACY_CONTACT), whether SMS is on, and how many " +
          "days each kind of personal data is kept (the RETENTION_… settings; 0: erased at the next daily run).",
        tags: ["privacy"],
        response: { 200: privacyNoticeSchema, ...errorResponses(500) },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", `public, max-age=${MAX_AGE_SECONDS}`);
      return notice;
    },
  );
};
