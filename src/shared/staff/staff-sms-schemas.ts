import { z } from "zod/mini";
import { FIELD_LIMITS } from "../domain.ts";
import { msg } from "../i18n/locales.ts";
import { MESSAGES } from "../messages.ts";
import { isLatitude, isLongitude, isNullIsland, roundCoordinate } from "../places/geo.ts";
import { LOCATION_MESSAGES } from "../places/location-messages.ts";
import { isStorableText } from "../storable-text.ts";

/**
 * Requests and texts of the staff's side of SMS (docs/decisions/041-sms-for-staff.md): a message to the reporter
 * from the report's page, and the place staff set for a report that came without one. zod/mini like the other staff
 * schemas.
 */

/** What sms_messages.body holds at most (migration 035); the server also keeps a message within three SMS parts. */
export const STAFF_SMS_MAX_LENGTH = 1600;

export const STAFF_SMS_MESSAGES = {
  textRequired: msg("Please write the message to send."),
  tooLong: msg(
    "The message is longer than three SMS (459 plain characters, or 201 in other alphabets such as Arabic or Hindi): please shorten it.",
  ),
  invalidCharacters: MESSAGES.invalidCharacters(msg("Message")),
  smsOff: msg("SMS is not set up on this portal, so no message can be sent."),
  noPhone: msg("This report has no phone number to send an SMS to."),
  unreadablePhone: msg("This report's phone number cannot be read as a phone number, so no SMS can be sent to it."),
  stopped: msg("The reporter sent STOP: no SMS can be sent to this number until they send START."),
  sent: msg("The message is queued and will be sent by SMS."),
  placed: msg("The report's place is saved."),
} as const;

/** sendSmsToReporter: the message's text, in the reporter's language as staff write it. */
export const staffSmsSchema = z.object({
  text: z
    .string({ error: STAFF_SMS_MESSAGES.textRequired })
    .check(
      z.trim(),
      z.minLength(1, STAFF_SMS_MESSAGES.textRequired),
      z.maxLength(STAFF_SMS_MAX_LENGTH, STAFF_SMS_MESSAGES.tooLong),
      z.refine(isStorableText, STAFF_SMS_MESSAGES.invalidCharacters),
    ),
});
export type StaffSmsInput = z.output<typeof staffSmsSchema>;

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/** setGrievanceLocation: the pin staff placed, and optionally the place in words (else the report's stays). */
export const grievanceLocationSchema = z
  .object({
    latitude: z
      .number({ error: LOCATION_MESSAGES.latitudeRange })
      .check(z.refine(isLatitude, LOCATION_MESSAGES.latitudeRange), z.overwrite(roundCoordinate)),
    longitude: z
      .number({ error: LOCATION_MESSAGES.longitudeRange })
      .check(z.refine(isLongitude, LOCATION_MESSAGES.longitudeRange), z.overwrite(roundCoordinate)),
    location: z.pipe(
      z.transform(blankToUndefined),
      z.optional(
        z
          .string()
          .check(
            z.trim(),
            z.maxLength(FIELD_LIMITS.location, MESSAGES.tooLong(msg("Location"), FIELD_LIMITS.location)),
            z.refine(isStorableText, MESSAGES.invalidCharacters(msg("Location"))),
          ),
      ),
    ),
  })
  .check(z.refine((pin) => !isNullIsland(pin), { message: LOCATION_MESSAGES.nullIsland, path: ["latitude"] }));
export type GrievanceLocationInput = z.output<typeof grievanceLocationSchema>;
