import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiPaths } from "#shared/api-paths.ts";
import { errorResponses } from "#shared/api-schemas/errors.ts";
import { nonJsonAnswer } from "#shared/api-schemas/media.ts";
import { msg } from "#shared/i18n/locales.ts";
import type { Database } from "../db/database.ts";
import type { GrievanceService } from "../grievances/grievance-service.ts";
import { HttpError } from "../http/http-error.ts";
import type { SmsMetrics } from "../observability/sms-metrics.ts";
import { decodeSmsText, hasInboundToken, rawQueryParameters } from "./kannel-inbound.ts";
import { toE164 } from "./phone-number.ts";
import type { SmsConfig } from "./sms-config.ts";
import { receiveSms } from "./sms-inbound-workflow.ts";

export interface SmsInboundRoutesOptions {
  db: Database;
  service: GrievanceService;
  sms: SmsConfig;
  /** PUBLIC_URL (SMS_GATEWAY requires it): the start of the private link in a receipt. */
  linkBase: string;
  now: () => Date;
  metrics: SmsMetrics | undefined;
}

// Kannel calls from one address, message by message; ten a second is far above an SMS centre's inbound rate and
// holds a flood of forged calls off the database. Counted in memory: cheap, and each instance holds its own.
const REQUESTS_PER_MINUTE = 600;
// sms_messages.body's limit: a long concatenated SMS is kept to it.
const MAX_TEXT_CHARS = 1600;

// For Kannel's operator, not a resident: English, like the logs.
const TOKEN_MISSING = "A token is needed: the sms-service's URL must carry ?token=<SMS_INBOUND_TOKEN>.";
const TOKEN_WRONG = "The token is not SMS_INBOUND_TOKEN.";

const querystring = z.object({
  token: z.string().optional().describe("SMS_INBOUND_TOKEN"),
  from: z.string().min(1).max(64).describe("The sender's number (Kannel's %p)"),
  to: z.string().max(64).optional().describe("The number written to (%P)"),
  text: z
    .string()
    .max(MAX_TEXT_CHARS * 2)
    .optional()
    .describe("The message's bytes, percent-encoded (%a): UTF-8, or UTF-16BE when coding=2"),
  id: z.string().min(1).max(200).describe("Kannel's id of the message (%I): the same id twice has effect once"),
  coding: z.string().max(8).optional().describe("0 GSM-7, 1 8-bit, 2 UCS-2 (%c)"),
  charset: z.string().max(32).optional().describe("The bytes' character set (%C), e.g. UTF-8 or UTF-16BE"),
});

/**
 * GET /api/sms/kannel/inbound (docs/decisions/037-sms-conversations.md): Kannel's sms-service hands over each message
 * from a phone. The answer is always empty: every reply goes through the SMS outbox, and Kannel (omit-empty) sends
 * nothing back itself. A wrong or missing token is refused before anything is read or stored.
 */
export const smsInboundRoutes: FastifyPluginAsync<SmsInboundRoutesOptions> = async (plainApp, options) => {
  const app = plainApp.withTypeProvider<ZodTypeProvider>();
  const { sms, metrics } = options;

  // This plugin's one route. Before the query is validated, or checked for text that cannot be stored: a UCS-2
  // text's bytes read as UTF-8 are noise (and NULs), so the text is decoded from the raw query string here; and a
  // request without the token is refused before anything else is read.
  app.addHook("onRequest", async (request) => {
    const token = (request.query as { token?: unknown }).token;
    if (typeof token !== "string" || token === "") {
      metrics?.smsRefused("token");
      throw new HttpError(401, TOKEN_MISSING);
    }
    if (!hasInboundToken(token, sms.inboundToken)) {
      metrics?.smsRefused("token");
      throw new HttpError(403, TOKEN_WRONG);
    }
    decodeTextInPlace(request);
  });

  app.get(
    apiPaths.smsKannelInbound,
    {
      config: {
        rateLimit: {
          max: REQUESTS_PER_MINUTE,
          timeWindow: 60_000,
          // Read by the gateway's operator in its log: Kannel itself retries after any answer but 200 (037).
          refusal: msg("Too many messages from the SMS gateway's address. Please wait a minute and try again."),
        },
      },
      schema: {
        operationId: "receiveSms",
        summary: "A message from a phone, from Kannel",
        description:
          "Called by Kannel's sms-service for every SMS sent to SMS_NUMBER: " +
          "`?token=…&from=%p&to=%P&text=%a&id=%I&coding=%c&charset=%C`. A report or a command (STATUS, STOP, START, " +
          "HELP, ALERTS, YES, NO); the reply is queued and sent through the gateway's sendsms, never in this answer. " +
          "The same `id` twice has effect once. A sender whose number cannot be read is ignored. The answer is an empty 200 (Kannel retries anything else, 204 included, when http-request-retry is set).",
        tags: ["sms"],
        querystring,
        response: {
          200: nonJsonAnswer(
            "text/plain",
            "Empty. Taken (or the same message again, or a sender that cannot be answered). Kannel counts only a 200 as taken.",
          ),
          ...errorResponses(400, 401, 403, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const { from, id, text = "" } = request.query;
      const phone = toE164(from, sms.defaultCountry);
      if (!phone) {
        // An operator's name or a short code (no number to answer or to store: sms_messages keeps E.164 only).
        metrics?.smsRefused("sender");
        request.log.info({ gatewayId: id }, "SMS from a sender that is no phone number: ignored");
        return reply.code(200).type("text/plain; charset=utf-8").send("");
      }
      const outcome = await receiveSms(
        {
          db: options.db,
          service: options.service,
          reportsPerDay: sms.reportsPerNumberPerDay,
          linkBase: options.linkBase,
          now: options.now,
        },
        { gatewayId: id, phone, text },
      );
      if (outcome === "limited") metrics?.smsRefused("limited");
      else if (outcome !== "duplicate") metrics?.smsReceived();
      request.log.info({ gatewayId: id, handledAs: outcome }, "SMS received");
      return reply.code(200).type("text/plain; charset=utf-8").send("");
    },
  );
};

/** Replaces the parsed `text` by the message decoded from its raw bytes by `coding` and `charset`. */
function decodeTextInPlace(request: FastifyRequest): void {
  const raw = rawQueryParameters(request.url);
  const bytes = raw.get("text");
  const query = request.query as Record<string, unknown>;
  if (!bytes) return;
  const latin = (name: string) => raw.get(name)?.toString("latin1");
  const text = decodeSmsText(bytes, latin("coding"), latin("charset"));
  // PostgreSQL's length() counts characters, not UTF-16 units.
  query.text = Array.from(text).slice(0, MAX_TEXT_CHARS).join("");
}
