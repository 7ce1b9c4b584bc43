import { SMS_UPDATES_MESSAGES } from "#shared/grievances/grievance-schema.ts";
import { msg } from "#shared/i18n/locales.ts";
import { HttpError } from "../http/http-error.ts";
import { toE164 } from "./phone-number.ts";
import type { SmsConfig } from "./sms-config.ts";

/**
 * "Send me updates by SMS" on a new report (docs/product-decisions.md D18, docs/decisions/038-sms-updates.md): kept
 * only while SMS is configured, and only with a number the gateway can reach, stored in E.164 as every SMS table keeps
 * numbers, so that a STOP from that phone finds the report. A number that cannot be read refuses the consent on the
 * phone's field. Without a tick the input is left as it is (a report sent by SMS consents by its channel).
 */

export const SMS_CONSENT_MESSAGES = {
  phoneUnreadable: msg("Please enter a phone number that can receive SMS, with its country code."),
} as const;

export function withSmsConsent<T extends { user_phone?: string | undefined; sms_updates?: boolean | undefined }>(
  input: T,
  sms: SmsConfig | undefined,
): T {
  if (!input.sms_updates) return input;
  // Without SMS the form does not offer it, and nothing would ever be sent.
  if (!sms) return { ...input, sms_updates: false };
  // The form's schema already asks for a number with the tick; code that builds an input is held to it too.
  if (!input.user_phone) {
    throw new HttpError(400, SMS_UPDATES_MESSAGES.needsPhone, { user_phone: SMS_UPDATES_MESSAGES.needsPhone });
  }
  const phone = toE164(input.user_phone, sms.defaultCountry);
  if (!phone) {
    throw new HttpError(400, SMS_CONSENT_MESSAGES.phoneUnreadable, {
      user_phone: SMS_CONSENT_MESSAGES.phoneUnreadable,
    });
  }
  return { ...input, user_phone: phone, sms_updates: true };
}
