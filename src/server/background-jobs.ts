import type { FastifyBaseLogger } from "fastify";
import type { Config } from "./config.ts";
import type { Database } from "./db/database.ts";
import { outboxJob, type Job } from "./delivery/index.ts";
import { mailLinkBaseOf } from "./http/public-links.ts";
import { maintenanceJobs } from "./maintenance/maintenance.ts";
import { EMAIL_RETRIES, emailChannel } from "./notifications/email-channel.ts";
import { createMailTransport } from "./notifications/mail-transport.ts";
import type { SmsMetrics } from "./observability/sms-metrics.ts";
import { createSmsGateway } from "./sms/create-sms-gateway.ts";
import { SMS_RETRIES, smsChannel } from "./sms/sms-channel.ts";
import type { ImageStore } from "./storage/image-store.ts";
import { escalationJob } from "./targets/escalation-job.ts";

export interface BackgroundDeps {
  config: Config;
  db: Database;
  imageStore: ImageStore;
  smsMetrics?: SmsMetrics | undefined;
}

/**
 * What a serving portal runs in the background, on the one loop of the app (delivery/delivery-plugin.ts,
 * docs/decisions/046-one-delivery-runtime.md), on every instance: the outboxes, the escalation check, the
 * housekeeping and the retention run. Composition only, as app.ts is: each job is its slice's.
 */
export function backgroundJobs(
  { config, db, imageStore, smsMetrics }: BackgroundDeps,
  logger: FastifyBaseLogger,
): Job[] {
  const jobs: Job[] = maintenanceJobs({
    db,
    imageStore,
    orphanGraceMinutes: config.orphanGraceMinutes,
    logger,
    analyze: db.kind === "pglite",
    retention: config.privacy.retention,
  });
  // E-mail (decision 014): SMTP_URL's server, or .eml files.
  const mailTransport = createMailTransport(config.mail);
  jobs.push(outboxJob(emailChannel(db, mailTransport), { logger, ...EMAIL_RETRIES }));
  if (config.mail.smtpUrl) logger.info(`E-mail is sent through the ${mailTransport.description}.`);
  else
    logger.warn(`SMTP_URL is not set: e-mail is not sent but written as .eml files to ${mailTransport.description}.`);
  // Missed service targets escalated through that outbox (docs/decisions/030).
  jobs.push(escalationJob({ db, linkBase: mailLinkBaseOf(config), logger, intervalSeconds: config.slaCheckSeconds }));
  // SMS (docs/decisions/035-sms-through-a-gateway.md) when SMS_GATEWAY is set (config.ts then requires PUBLIC_URL,
  // where the gateway sends delivery reports).
  if (config.sms && config.publicUrl) {
    const gateway = createSmsGateway(config.sms, config.publicUrl);
    const channel = smsChannel({ db, gateway, logger, dailyLimit: config.sms.dailyLimit, metrics: smsMetrics });
    jobs.push(outboxJob(channel, { logger, ...SMS_RETRIES }));
    logger.info(`SMS are sent through ${gateway.description}.`);
  }
  return jobs;
}
