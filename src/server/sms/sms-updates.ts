import type { Status } from "#shared/domain.ts";
import { statusLabel } from "#shared/format.ts";
import { isLocale, msg, type Locale } from "#shared/i18n/locales.ts";
import type { Queryable } from "../db/database.ts";
import { storedLocale, translatorFor } from "../i18n/server-i18n.ts";
import { composeSms } from "./sms-compose.ts";
import type { SmsEntry } from "./sms-outbox.ts";
import { smsRecipientOf, type SmsRecipient } from "./sms-update-repository.ts";

/**
 * A report's status changes told to its reporter by SMS (docs/product-decisions.md D18,
 * docs/decisions/038-sms-updates.md): when they asked for updates there (`sms_updates`: a report sent by SMS, or "Send
 * me updates by SMS" ticked) and the number has not said STOP. Queued by notify (delivery/notify.ts) in the change's
 * own transaction, beside the followers' e-mail (docs/decisions/014-transactional-outbox-email.md), keyed by the
 * status event as that e-mail is,
 * so each change reaches the phone once.
 */

export const FIXED_QUESTION = msg("Is it fixed? Reply YES, or NO and what is still wrong");

const E164 = /^\+[1-9][0-9]{6,14}$/;

/** The reporter's number when they may be told by SMS; their language: the number's own, else the report's. */
export function smsReporterOf(recipient: SmsRecipient | undefined): { phone: string; locale: Locale } | undefined {
  if (!recipient || recipient.hidden || !recipient.sms_updates || !recipient.user_phone) return undefined;
  // Consent is only kept with a number read into E.164 (sms-consent.ts); one typed before that is never guessed at.
  if (!E164.test(recipient.user_phone)) return undefined;
  const locale = isLocale(recipient.number_locale) ? recipient.number_locale : storedLocale(recipient.locale);
  return { phone: recipient.user_phone, locale };
}

export interface StatusChangeForSms {
  eventId: string;
  from: Status;
  to: Status;
  note: string | null;
}

/** The update's text: the new status and its public note; once resolved, "Is it fixed?" at its end. */
export function statusSmsText(
  locale: Locale,
  reference: string,
  change: Pick<StatusChangeForSms, "to" | "note">,
  askFixed: boolean,
): string {
  const t = translatorFor(locale);
  return composeSms(
    t("Report {reference} is now {status}.", { reference, status: t(statusLabel(change.to)) }),
    change.note,
    askFixed ? t(FIXED_QUESTION) : null,
  );
}

/**
 * The SMS of a status change to the report's reporter, if they are to be told (delivery/notify.ts queues it).
 * `askFixed` (default: when it is resolved) ends it with "Is it fixed?", which a YES or NO by SMS answers
 * (sms-fixed-answer.ts); a duplicate's resolution does not ask, since nothing was fixed.
 */
export async function statusSms(
  tx: Queryable,
  grievanceId: string,
  change: StatusChangeForSms,
  options: { askFixed?: boolean } = {},
): Promise<SmsEntry | undefined> {
  const recipient = await smsRecipientOf(tx, grievanceId);
  const reporter = smsReporterOf(recipient);
  if (!recipient || !reporter) return undefined;
  const askFixed = (options.askFixed ?? true) && change.to === "resolved";
  return {
    phone: reporter.phone,
    grievanceId,
    event: `status:${change.eventId}`,
    kind: askFixed ? "fixed-question" : "update",
    body: statusSmsText(reporter.locale, recipient.reference, change, askFixed),
  };
}
