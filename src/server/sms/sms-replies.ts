import { statusLabel } from "#shared/format.ts";
import { msg, type Locale } from "#shared/i18n/locales.ts";
import { translatorFor } from "../i18n/server-i18n.ts";
import { composeSms } from "./sms-compose.ts";
import type { StatusOfReport } from "./sms-inbound-repository.ts";

/**
 * The replies to residents' SMS (docs/decisions/037-sms-conversations.md), in the message's language: English ids in
 * the catalogue part "sms". Each stays within three parts (a test holds every one to it, in every language, with a
 * long link); the command words they name are words the parser understands in that language.
 */
export const SMS_REPLIES = {
  // The same receipt a report from the form gets by SMS (sms-receipt.ts): one text for one thing.
  receipt: msg("Thank you: your report {reference} is received. Follow it at {link} or reply STATUS {reference}."),
  status: msg("Report {reference}: {status}."),
  latestNote: msg("Latest note: {note}"),
  noSuchReport: msg("We found no report {reference}. Please check the reference, which looks like WS-7K3M9P."),
  noReportYet: msg("We have no report from this number yet. To report a problem, describe it in a message."),
  stopped: msg("You will receive no more SMS from us, alerts included. Send START to receive them again."),
  alertsStopped: msg("Your SMS alerts have ended. You still receive the updates of your reports."),
  started: msg("SMS are on again: you will receive the updates of your reports. Send STOP to end them."),
  help: msg(
    "To report a problem, describe it in a message. STATUS WS-...: its status (STATUS alone: your latest). ALERTS and your area: incident alerts. YES or NO: is it fixed? STOP: no more SMS. START: SMS again.",
  ),
  alertsOn: msg("You will receive incident alerts for {locality} by SMS. Send STOP ALERTS to end them."),
  alertsNeedPlace: msg("Please send ALERTS and the name of your area, for example: ALERTS Old Town"),
  limited: msg(
    "You have sent {max} reports today, our daily limit. Please send new reports tomorrow. Send STATUS for your latest report.",
  ),
} as const;

export type SimpleReply = Exclude<keyof typeof SMS_REPLIES, "receipt" | "status" | "latestNote" | "noSuchReport">;

export function replyText(locale: Locale, reply: SimpleReply, values?: Record<string, unknown>): string {
  return translatorFor(locale)(SMS_REPLIES[reply], values);
}

export function receiptText(locale: Locale, reference: string, link: string): string {
  return translatorFor(locale)(SMS_REPLIES.receipt, { reference, link });
}

/** The report's status and its latest public note, the note cut so that the whole stays within three parts. */
export function statusText(locale: Locale, report: StatusOfReport): string {
  const t = translatorFor(locale);
  const head = t(SMS_REPLIES.status, { reference: report.reference, status: t(statusLabel(report.status)) });
  return composeSms(head, report.note ? t(SMS_REPLIES.latestNote, { note: report.note.replace(/\s+/g, " ") }) : null);
}

export function noSuchReportText(locale: Locale, reference: string): string {
  return translatorFor(locale)(SMS_REPLIES.noSuchReport, { reference });
}
