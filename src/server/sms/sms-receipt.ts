import { msg } from "#shared/i18n/locales.ts";
import type { Queryable } from "../db/database.ts";
import { translatorFor } from "../i18n/server-i18n.ts";
import type { SmsEntry } from "./sms-outbox.ts";
import { smsRecipientOf } from "./sms-update-repository.ts";
import { smsReporterOf } from "./sms-updates.ts";

const RECEIPT = msg("Thank you: your report {reference} is received. Follow it at {link} or reply STATUS {reference}.");

/**
 * The receipt by SMS of a report that did not come by SMS (the web form, a call taken by staff) whose reporter ticked
 * "Send me updates by SMS" (docs/decisions/038-sms-updates.md): its reference and private link, once, in the
 * submit's transaction (delivery/notify.ts queues it). A report sent by SMS has its receipt in the reply to its
 * message instead. Undefined when there is none to send.
 */
export async function smsReceipt(
  tx: Queryable,
  grievanceId: string,
  trackingUrl: string,
): Promise<SmsEntry | undefined> {
  const recipient = await smsRecipientOf(tx, grievanceId);
  const reporter = smsReporterOf(recipient);
  if (!recipient || !reporter || recipient.channel === "sms") return undefined;
  const t = translatorFor(reporter.locale);
  return {
    phone: reporter.phone,
    grievanceId,
    event: `receipt:${grievanceId}`,
    kind: "update",
    body: t(RECEIPT, { reference: recipient.reference, link: trackingUrl }),
  };
}
