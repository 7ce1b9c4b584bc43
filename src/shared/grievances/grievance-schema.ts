import { z } from "zod/mini";
import { DEFAULT_PAGE_SIZE, DEFAULT_PRIORITY, FIELD_LIMITS, MAX_PAGE_SIZE, PRIORITIES, STATUSES } from "../domain.ts";
import { isLatitude, isLongitude, isNullIsland, parseBbox, parseDecimal, roundCoordinate } from "../places/geo.ts";
import { msg } from "../i18n/locales.ts";
import { LOCATION_MESSAGES } from "../places/location-messages.ts";
import { MESSAGES } from "../messages.ts";
import { isStorableText } from "../storable-text.ts";
import { waterPointCodeSchema } from "../water-points/report-water-point.ts";

/**
 * The one schema for a new report: the form validates with it before sending, and the server validates the
 * multipart fields with it again. Field names are the specification's column names (§3).
 */

// zod/mini: zod's validators as functions, so that the browser's bundle holds only those used here, and none of
// zod's JSON-schema code (docs/decisions/012). The server validates with these same schemas.

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/** zod's preprocess, which zod/mini spells as a pipe: a blank value counts as absent. */
const blankAsAbsent = <T extends z.ZodMiniType>(schema: T) => z.pipe(z.transform(blankToUndefined), schema);

/** A category's key (migration 016: at most 100 characters); which keys exist is the database's to say. */
export const CATEGORY_KEY_MAX_LENGTH = 100;
export const categoryKeySchema = () =>
  z
    .string({ error: MESSAGES.requiredFields })
    .check(
      z.trim(),
      z.minLength(1, MESSAGES.requiredFields),
      z.maxLength(CATEGORY_KEY_MAX_LENGTH, MESSAGES.categoryNotOffered),
      z.refine(isStorableText, MESSAGES.categoryNotOffered),
    );

// `label` is the field's label as the form shows it, a message id (msg), so that it is translated with the sentence
// that names it (docs/decisions/019-languages.md).
const requiredText = (label: string, max: number) =>
  z
    .string({ error: MESSAGES.requiredFields })
    .check(
      z.trim(),
      z.minLength(1, MESSAGES.requiredFields),
      z.maxLength(max, MESSAGES.tooLong(label, max)),
      z.refine(isStorableText, MESSAGES.invalidCharacters(label)),
    );

const optionalText = (label: string, max: number) =>
  blankAsAbsent(
    z.optional(
      z
        .string()
        .check(
          z.trim(),
          z.maxLength(max, MESSAGES.tooLong(label, max)),
          z.refine(isStorableText, MESSAGES.invalidCharacters(label)),
        ),
    ),
  );

// Plausible, not strict: digits with the usual separators, 6 to 20 digits in all.
const PHONE_PATTERN = /^\+?[0-9 ()./-]+$/;
const countDigits = (value: string) => value.replace(/\D/g, "").length;

/**
 * An optional coordinate as the form sends it (text): a plain decimal in range, rounded to the 6 decimals stored
 * (geo.ts). A number is accepted too, for callers that build the input in code.
 */
const coordinate = (inRange: (value: number) => boolean, message: string) =>
  blankAsAbsent(
    z.optional(
      z.pipe(
        z.union([z.string(), z.number()], { error: message }),
        z.pipe(
          z.transform((value: string | number) =>
            typeof value === "number" ? value : (parseDecimal(value) ?? Number.NaN),
          ),
          z.number({ error: message }).check(z.refine(inRange, message), z.overwrite(roundCoordinate)),
        ),
      ),
    ),
  );

export const latitudeSchema = coordinate(isLatitude, LOCATION_MESSAGES.latitudeRange);
export const longitudeSchema = coordinate(isLongitude, LOCATION_MESSAGES.longitudeRange);

/** Both or neither: a latitude alone is no place. */
export const bothOrNeither = z.refine<{ latitude?: number | undefined; longitude?: number | undefined }>(
  (v) => (v.latitude === undefined) === (v.longitude === undefined),
  {
    message: LOCATION_MESSAGES.coordinatesPair,
    path: ["latitude"], // Runs despite other fields' problems, so the form shows this one with them; not when a coordinate itself failed.
    when: (payload) =>
      !payload.issues.some((issue) => issue.path?.[0] === "latitude" || issue.path?.[0] === "longitude"),
  },
);

/** A pin at 0,0 is a device's mistake, refused on the latitude like any other bad pin (geo.ts isNullIsland). */
export const notNullIsland = z.refine<{ latitude?: number | undefined; longitude?: number | undefined }>(
  (v) =>
    v.latitude === undefined ||
    v.longitude === undefined ||
    !isNullIsland({ latitude: v.latitude, longitude: v.longitude }),
  {
    message: LOCATION_MESSAGES.nullIsland,
    path: ["latitude"],
    // Like bothOrNeither: said with the other fields' problems, not when a coordinate itself failed.
    when: (payload) =>
      !payload.issues.some((issue) => issue.path?.[0] === "latitude" || issue.path?.[0] === "longitude"),
  },
);

/**
 * The reporter's consent to updates by SMS (docs/product-decisions.md D18): ticked on the form ("true", or "on" as a
 * plain HTML checkbox sends it), true from code; absent or blank is no. A report sent by SMS consents by itself.
 */
export const SMS_UPDATES_MESSAGES = {
  label: msg("Send me updates by SMS"),
  invalid: msg("Please tick “Send me updates by SMS” or leave it empty."),
  needsPhone: msg("Please give your phone number to receive updates by SMS, or untick “Send me updates by SMS”."),
} as const;
const smsUpdatesSchema = blankAsAbsent(
  z.optional(
    z.pipe(
      z.union([z.boolean(), z.enum(["true", "false", "on"])], { error: SMS_UPDATES_MESSAGES.invalid }),
      z.transform((value) => value === true || value === "true" || value === "on"),
    ),
  ),
);

/** Updates by SMS go to the phone number: ticked without one, the phone field says so. */
const smsNeedsPhone = z.refine<{ sms_updates?: boolean | undefined; user_phone?: string | undefined }>(
  (v) => !v.sms_updates || v.user_phone !== undefined,
  {
    message: SMS_UPDATES_MESSAGES.needsPhone,
    path: ["user_phone"],
    // Said once the phone field's own check passed: its own message says what is wrong with it.
    when: (payload) => !payload.issues.some((issue) => issue.path?.[0] === "user_phone"),
  },
);

export const grievanceInputSchema = z
  .object({
    title: requiredText(msg("Issue Title"), FIELD_LIMITS.title),
    description: requiredText(msg("Detailed Description"), FIELD_LIMITS.description),
    // Which categories exist is data: the server checks that this one is active (docs/decisions/017).
    category: categoryKeySchema(),
    priority: blankAsAbsent(
      z._default(z.enum(PRIORITIES, { error: msg("Please choose a priority from the list.") }), DEFAULT_PRIORITY),
    ),
    location: optionalText(msg("Location"), FIELD_LIMITS.location),
    user_email: blankAsAbsent(
      z.optional(
        z.pipe(
          z.string().check(z.trim(), z.maxLength(FIELD_LIMITS.email, MESSAGES.invalidEmail)),
          z.email({ error: MESSAGES.invalidEmail }),
        ),
      ),
    ),
    user_phone: blankAsAbsent(
      z.optional(
        z.string().check(
          z.trim(),
          z.maxLength(FIELD_LIMITS.phone, MESSAGES.invalidPhone),
          z.refine((v) => PHONE_PATTERN.test(v) && countDigits(v) >= 6 && countDigits(v) <= 20, MESSAGES.invalidPhone),
        ),
      ),
    ),
    // "Send me updates by SMS" (docs/product-decisions.md D18): the form sends "true" when ticked; it needs a phone
    // number.
    sms_updates: smsUpdatesSchema,
    latitude: latitudeSchema,
    longitude: longitudeSchema,
    // The code painted on the water point the report is about, in any case; the server says whether a point in
    // service has it (docs/decisions/040-reporting-against-water-points.md).
    water_point: waterPointCodeSchema,
  })
  .check(bothOrNeither, notNullIsland, smsNeedsPhone);

export type GrievanceInput = z.input<typeof grievanceInputSchema>;
export type NewGrievance = z.output<typeof grievanceInputSchema>;
export type GrievanceField = keyof NewGrievance;
export type FieldErrors = Partial<Record<GrievanceField | "images", string>>;

/** One message per field: the first problem zod found for it. */
export function fieldErrorsOf(error: z.core.$ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as GrievanceField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/**
 * The headline message for a failed validation: the specification's required-fields text wins when any
 * required field is missing, otherwise the first field's own message.
 */
export function summaryMessageOf(errors: FieldErrors): string {
  const messages = Object.values(errors);
  return messages.includes(MESSAGES.requiredFields)
    ? MESSAGES.requiredFields
    : (messages[0] ?? MESSAGES.requiredFields);
}

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) => blankAsAbsent(z.optional(z.enum(values)));

// Decimal digits only, as our own links write them: "1e3", "0x10", "2.0" or "-1" are not page numbers.
const wholeNumber = (max: number, fallback: number) =>
  blankAsAbsent(
    z._default(
      z.pipe(
        z.pipe(z.string().check(z.regex(/^[0-9]{1,9}$/, msg("Please use a whole number."))), z.transform(Number)),
        z.int().check(z.minimum(1), z.maximum(max)),
      ),
      fallback,
    ),
  );

/** "minLon,minLat,maxLon,maxLat" → Bbox (geo.ts), or a message saying how to write it. */
export function bboxSchema() {
  return z.pipe(
    z.string(),
    z.transform((text: string, ctx) => {
      const bbox = parseBbox(text);
      if (!bbox)
        ctx.issues.push({
          code: "custom",
          message: msg("Please give bbox as minLon,minLat,maxLon,maxLat."),
          input: text,
        });
      return bbox ?? z.NEVER;
    }),
  );
}

/** Query of the public list (docs/product-decisions.md D9); the web page keeps the same keys in its URL. */
export const grievanceListQuerySchema = z.object({
  q: blankAsAbsent(
    z.optional(
      z
        .string()
        .check(
          z.trim(),
          z.maxLength(FIELD_LIMITS.search),
          z.refine(isStorableText, MESSAGES.invalidCharacters(msg("Search"))),
        ),
    ),
  ),
  category: blankAsAbsent(z.optional(z.string().check(z.maxLength(CATEGORY_KEY_MAX_LENGTH)))),
  status: optionalEnum(STATUSES),
  priority: optionalEnum(PRIORITIES),
  page: wholeNumber(100_000, 1),
  pageSize: wholeNumber(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
  // A nextCursor or prevCursor of an earlier answer: opaque and URL-safe; the server checks what it says.
  cursor: blankAsAbsent(z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,200}$/)))),
  /** Only reports with a pin inside "minLon,minLat,maxLon,maxLat" (the map's visible area; geo.ts). */
  bbox: blankAsAbsent(z.optional(bboxSchema())),
});
export type GrievanceListQuery = z.output<typeof grievanceListQuerySchema>;
export type GrievanceListFilters = Omit<GrievanceListQuery, "page" | "pageSize" | "cursor">;
