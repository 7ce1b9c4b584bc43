import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiPaths } from "#shared/api-paths.ts";
import { errorResponses } from "#shared/api-schemas/errors.ts";
import { nonJsonAnswer } from "#shared/api-schemas/media.ts";
import type { Queryable } from "../db/database.ts";
import { UUID_PATTERN } from "#shared/ids.ts";
import { HttpError } from "../http/http-error.ts";
import type { SmsMetrics } from "../observability/sms-metrics.ts";
import { hasInboundToken } from "./kannel-inbound.ts";
import { recordSmsDelivery, type SmsDelivery } from "./sms-outbox-repository.ts";

export interface SmsGatewayRoutesOptions {
  db: Queryable;
  /** SMS_INBOUND_TOKEN. */
  token: string;
  metrics: SmsMetrics | undefined;
}

// Kannel's %d in a dlr-url: 1 delivered to the phone, 2 failed at the phone's network, 4 buffered by the SMS
// centre, 8 taken by the SMS centre, 16 refused by it. 8 tells nothing the sendsms answer did not.
const DELIVERY_OF: Readonly<Record<string, SmsDelivery | null>> = {
  "1": "delivered",
  "2": "failed",
  "4": "buffered",
  "8": null,
  "16": "failed",
};

// For Kannel's operator, not a resident: English, like the logs.
const TOKEN_MISSING = "A token is needed: the dlr-url must carry ?token=<SMS_INBOUND_TOKEN>.";
const TOKEN_WRONG = "The token is not SMS_INBOUND_TOKEN.";
const NO_SUCH_MESSAGE = "No outgoing SMS has this id.";
const BAD_STATUS = "status must be Kannel's delivery status: 1, 2, 4, 8 or 16.";

/**
 * Delivery reports (docs/decisions/035-sms-through-a-gateway.md): Kannel calls the dlr-url each outgoing message
 * carried (kannel-gateway.ts) when the operator reports on it, and the message's delivery shows in the console.
 * Every field is read after the token, so a caller without it learns nothing, not even which fields are wrong.
 */
export const smsGatewayRoutes: FastifyPluginAsync<SmsGatewayRoutesOptions> = async (plainApp, options) => {
  const app = plainApp.withTypeProvider<ZodTypeProvider>();
  app.get(
    apiPaths.smsKannelDelivery,
    {
      schema: {
        operationId: "receiveSmsDeliveryReport",
        summary: "A delivery report from Kannel",
        description:
          "Called by Kannel (dlr-url) when the phone network reports on an SMS the portal sent: `status` is Kannel's " +
          "%d (1 delivered, 2 failed, 4 buffered, 8 taken by the SMS centre, 16 refused by it). Needs " +
          "`token=<SMS_INBOUND_TOKEN>`. Reporting the same thing twice changes nothing, and a final report is not " +
          "replaced by a later 'buffered'.",
        tags: ["sms"],
        querystring: z.object({
          token: z.string().optional().describe("SMS_INBOUND_TOKEN"),
          id: z.string().optional().describe("The outgoing message's id, as the dlr-url carried it"),
          status: z.string().optional().describe("Kannel's delivery status (%d)"),
        }),
        response: {
          200: nonJsonAnswer("text/plain", "Empty. Recorded (or already known). Kannel counts only a 200 as taken."),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { token, id, status } = request.query;
      if (!token) throw new HttpError(401, TOKEN_MISSING);
      if (!hasInboundToken(token, options.token)) throw new HttpError(403, TOKEN_WRONG);
      const delivery = status === undefined ? undefined : DELIVERY_OF[status.trim()];
      if (delivery === undefined) throw new HttpError(400, BAD_STATUS);
      if (!id || !UUID_PATTERN.test(id)) throw new HttpError(404, NO_SUCH_MESSAGE);
      if (delivery === null) {
        // Nothing to record, but the message must exist all the same.
        if (!(await recordSmsDelivery(options.db, id, null))) throw new HttpError(404, NO_SUCH_MESSAGE);
        return reply.code(200).type("text/plain; charset=utf-8").send("");
      }
      const recorded = await recordSmsDelivery(options.db, id, delivery);
      if (!recorded) throw new HttpError(404, NO_SUCH_MESSAGE);
      if (recorded.changed) options.metrics?.smsDelivery(delivery);
      return reply.code(200).type("text/plain; charset=utf-8").send("");
    },
  );
};
