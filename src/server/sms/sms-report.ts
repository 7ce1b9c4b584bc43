import { grievanceInputSchema } from "#shared/grievances/grievance-schema.ts";
import type { Locale } from "#shared/i18n/locales.ts";
import type { Database } from "../db/database.ts";
import type { GrievanceService } from "../grievances/grievance-service.ts";
import { HttpError } from "../http/http-error.ts";
import { hashTrackingToken, newTrackingToken } from "../tracking/tracking-token.ts";
import { trackingUrlOf } from "../tracking/tracking-url.ts";
import { waterPointCodeOfSms } from "../water-points/sms-water-point.ts";
import {
  consentToSmsUpdates,
  countReportsOfDay,
  insertInboundSms,
  keywordCategories,
  upsertNumber,
} from "./sms-inbound-repository.ts";
import { enqueueSms } from "./sms-outbox.ts";
import { receiptText } from "./sms-replies.ts";
import { categoryFromKeywords, placeIn, titleOf, triageCategory } from "./sms-report-text.ts";

/** This gateway id was stored meanwhile (the same message delivered twice at once): the report is rolled back. */
export class DuplicateSms extends Error {}
/** The number reached SMS_REPORTS_PER_NUMBER_PER_DAY meanwhile: the report is rolled back and the message limited. */
export class OverDailyLimit extends Error {}

export interface SmsReport {
  deps: { db: Database; service: GrievanceService; reportsPerDay: number; linkBase: string };
  sms: { gatewayId: string; phone: string; text: string };
  /** The language the message said, kept as the number's; `locale`: the reply's. */
  said: Locale | undefined;
  locale: Locale;
  now: Date;
  day: { start: Date; end: Date };
}

/**
 * A report made of an SMS (docs/decisions/037-sms-conversations.md), through GrievanceService.submit like every
 * report, so routing and due times apply: its words as the description, a title from them, a category from the
 * administrators' keywords (else 'Other', for staff to triage), a place named in words as its location, the number
 * as user_phone with consent to updates by SMS (they wrote to us), and no pin: staff place it on the map. The
 * inbound message, the number and the receipt (reference, private link, how to ask its status) commit with it.
 */
export async function submitSmsReport({ deps, sms, said, locale, now, day }: SmsReport): Promise<"report"> {
  const categories = await keywordCategories(deps.db);
  const input = grievanceInputSchema.parse({
    title: titleOf(sms.text),
    description: sms.text,
    category: categoryFromKeywords(sms.text, categories) ?? triageCategory(categories),
    location: placeIn(sms.text),
    user_phone: sms.phone,
    // A message starting with a water point's code is about that point, and placed at it (docs/decisions/040).
    water_point: await waterPointCodeOfSms(deps.db, sms.text),
  });
  const token = newTrackingToken();
  try {
    await deps.service.submit(
      input,
      [],
      { trackingTokenHash: hashTrackingToken(token), locale, channel: "sms" },
      async (tx, row) => {
        const inboundId = await insertInboundSms(tx, {
          phone: sms.phone,
          gatewayId: sms.gatewayId,
          body: sms.text,
          handledAs: "report",
          grievanceId: row.id,
          at: now,
        });
        if (!inboundId) throw new DuplicateSms();
        await consentToSmsUpdates(tx, row.id);
        // The number's row is locked from here: a second message of this number waits, then counts this report.
        await upsertNumber(tx, sms.phone, said);
        if ((await countReportsOfDay(tx, sms.phone, day)) > deps.reportsPerDay) throw new OverDailyLimit();
        await enqueueSms(tx, {
          phone: sms.phone,
          grievanceId: row.id,
          event: `receipt:${row.id}`,
          kind: "reply",
          body: receiptText(locale, row.reference, trackingUrlOf(deps.linkBase, token)),
        });
      },
    );
  } catch (error) {
    // GrievanceService.submit wraps what is not an HttpError in one (a 500); these two are ours to handle.
    const cause = error instanceof HttpError ? error.cause : error;
    if (cause instanceof DuplicateSms || cause instanceof OverDailyLimit) throw cause;
    throw error;
  }
  return "report";
}
