import type { FastifyPluginAsync } from "fastify";
import type { Database } from "../db/database.ts";
import type { GrievanceService } from "../grievances/grievance-service.ts";
import type { SmsMetrics } from "../observability/sms-metrics.ts";
import type { SmsConfig } from "./sms-config.ts";
import { smsGatewayRoutes } from "./sms-gateway-routes.ts";
import { smsInboundRoutes } from "./sms-inbound-routes.ts";

export interface SmsRoutesOptions {
  db: Database;
  sms: SmsConfig;
  metrics: SmsMetrics | undefined;
  /** A report by SMS is submitted as every report is. */
  service: GrievanceService;
  /** PUBLIC_URL: the start of the private link in a receipt (http/public-links.ts). */
  linkBase: string;
  /** The portal's clock: the day SMS_REPORTS_PER_NUMBER_PER_DAY counts. */
  now: () => Date;
}

/**
 * Every route of SMS (docs/decisions/035-sms-through-a-gateway.md), registered only when SMS_GATEWAY is set: what
 * the gateway calls (messages from phones, delivery reports).
 */
export const smsRoutes: FastifyPluginAsync<SmsRoutesOptions> = async (app, options) => {
  await app.register(smsGatewayRoutes, { db: options.db, token: options.sms.inboundToken, metrics: options.metrics });
  await app.register(smsInboundRoutes, options);
};
