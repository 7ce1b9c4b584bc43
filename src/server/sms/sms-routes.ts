import type { FastifyPluginAsync } from "fastify";
import type { Queryable } from "../db/database.ts";
import type { SmsMetrics } from "../observability/sms-metrics.ts";
import type { SmsConfig } from "./sms-config.ts";
import { smsGatewayRoutes } from "./sms-gateway-routes.ts";

export interface SmsRoutesOptions {
  db: Queryable;
  sms: SmsConfig;
  metrics: SmsMetrics | undefined;
}

/**
 * Every route of SMS (docs/decisions/035-sms-through-a-gateway.md), registered only when SMS_GATEWAY is set: what
 * the gateway calls (messages from phones, delivery reports).
 */
export const smsRoutes: FastifyPluginAsync<SmsRoutesOptions> = async (app, options) => {
  await app.register(smsGatewayRoutes, { db: options.db, token: options.sms.inboundToken, metrics: options.metrics });
};
