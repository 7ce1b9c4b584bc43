import { z } from "zod/mini";
import { msg } from "../i18n/locales.ts";
import { MESSAGES } from "../messages.ts";
import { isStorableText } from "../storable-text.ts";

/**
 * Erasure and access on request (docs/decisions/043-erasure-and-access-on-request.md): the requests' schemas and
 * texts, the same for the console and the server.
 */

export const personalDataPaths = {
  /** erasePersonalData: staff erase one report's personal data, with a reason. */
  erase: "/api/staff/grievances/:id/personal-data/erase",
  /** findPersonalData: everything held about an e-mail address or a phone number. */
  find: "/api/staff/personal-data",
  /** blurGrievancePhoto: a region of one photo blurred, the original replaced. */
  blur: "/api/staff/grievances/:id/photos/:index/blur",
  /** eraseMyContactDetails: the reporter removes their own contact details from their private page. */
  eraseMine: "/api/track/:token/contact-details/erase",
} as const;

/** What replaces an e-mail address or phone number found in a report's text. */
export const ERASED_MARKER = "[removed]";

export const REASON_MAX_LENGTH = 500;

export const PERSONAL_DATA_MESSAGES = {
  reasonRequired: msg("Please give the reason for the erasure (e.g. the person's request and its date)."),
  reasonTooLong: msg("The reason must be at most 500 characters."),
  reasonInvalidCharacters: MESSAGES.invalidCharacters(msg("Reason")),
  lookupRequired: msg("Please enter an e-mail address or a phone number."),
  lookupOne: msg("Please enter either an e-mail address or a phone number, not both."),
  emailInvalid: msg("Please enter a valid e-mail address."),
  phoneInvalid: msg("Please enter a phone number of 7 to 15 digits."),
  regionInvalid: msg("Please choose the part of the photo to blur."),
  photoNotFound: msg("This photo does not exist."),
  blurFailed: msg("The photo could not be blurred. Please try again."),
} as const;

export const eraseRequestSchema = z.object({
  reason: z
    .string({ error: PERSONAL_DATA_MESSAGES.reasonRequired })
    .check(
      z.trim(),
      z.minLength(1, PERSONAL_DATA_MESSAGES.reasonRequired),
      z.maxLength(REASON_MAX_LENGTH, PERSONAL_DATA_MESSAGES.reasonTooLong),
      z.refine(isStorableText, PERSONAL_DATA_MESSAGES.reasonInvalidCharacters),
    ),
});
export type EraseRequest = z.infer<typeof eraseRequestSchema>;

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/** findPersonalData's query: exactly one of an e-mail address or a phone number. */
export const findPersonalDataQuerySchema = z
  .object({
    email: z.optional(
      z.pipe(
        z.transform(blankToUndefined),
        z.optional(
          z
            .string()
            .check(
              z.trim(),
              z.maxLength(254, PERSONAL_DATA_MESSAGES.emailInvalid),
              z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, PERSONAL_DATA_MESSAGES.emailInvalid),
            ),
        ),
      ),
    ),
    phone: z.optional(
      z.pipe(
        z.transform(blankToUndefined),
        z.optional(
          z.string().check(
            z.trim(),
            z.refine((text) => /^\+?[\d\s().-]+$/.test(text), PERSONAL_DATA_MESSAGES.phoneInvalid),
            z.refine((text) => {
              const digits = text.replace(/\D/g, "").length;
              return digits >= 7 && digits <= 15;
            }, PERSONAL_DATA_MESSAGES.phoneInvalid),
          ),
        ),
      ),
    ),
  })
  .check(
    z.refine((query) => query.email !== undefined || query.phone !== undefined, {
      message: PERSONAL_DATA_MESSAGES.lookupRequired,
      path: ["email"],
    }),
    z.refine((query) => query.email === undefined || query.phone === undefined, {
      message: PERSONAL_DATA_MESSAGES.lookupOne,
      path: ["phone"],
    }),
  );
export type FindPersonalDataQuery = z.infer<typeof findPersonalDataQuerySchema>;

/** A rectangle of a photo, as fractions of its width and height (0 to 1), so it holds whatever size is shown. */
export const blurRequestSchema = z
  .object({
    x: z.number({ error: PERSONAL_DATA_MESSAGES.regionInvalid }).check(z.gte(0), z.lt(1)),
    y: z.number({ error: PERSONAL_DATA_MESSAGES.regionInvalid }).check(z.gte(0), z.lt(1)),
    width: z.number({ error: PERSONAL_DATA_MESSAGES.regionInvalid }).check(z.gt(0), z.lte(1)),
    height: z.number({ error: PERSONAL_DATA_MESSAGES.regionInvalid }).check(z.gt(0), z.lte(1)),
  })
  .check(
    z.refine((r) => r.x + r.width <= 1.0001 && r.y + r.height <= 1.0001, {
      message: PERSONAL_DATA_MESSAGES.regionInvalid,
      path: ["width"],
    }),
  );
export type BlurRequest = z.infer<typeof blurRequestSchema>;
