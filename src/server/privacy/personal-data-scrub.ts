import { ERASED_MARKER } from "#shared/privacy/personal-data.ts";

/**
 * Finds e-mail addresses and phone numbers typed into a report's text (docs/decisions/043): an address is anything
 * shaped like local@domain.tld; a phone number a run of 7 to 15 digits, which may start with + and be broken by
 * spaces, dots, dashes or brackets ("+254 712-345 678", "(020) 123 4567"). Shorter runs are kept: a street number,
 * a year or a meter reading is not a phone number, and the report must still make sense.
 */
const EMAIL = /[^\s@<>()[\]"',;:]+@[^\s@<>()[\]"',;:]+\.[a-z]{2,}/giu;
const PHONE_CANDIDATE = /\+?\(?\d[\d\s().-]{5,22}\d/gu;

// A date written with dashes or dots (2025-03-12, 12.03.2025) has eight digits too.
const DATE = /^(?:\d{4}[-.]\d{1,2}[-.]\d{1,2}|\d{1,2}[-.]\d{1,2}[-.]\d{4})$/u;

function isPhoneNumber(candidate: string): boolean {
  if (DATE.test(candidate.trim())) return false;
  const digits = candidate.replace(/\D/g, "").length;
  return digits >= 7 && digits <= 15;
}

/** The text with every e-mail address and phone number replaced by the marker, and how many were replaced. */
export function scrubContactDetails(text: string): { text: string; replaced: number } {
  let replaced = 0;
  const withoutEmails = text.replace(EMAIL, () => {
    replaced++;
    return ERASED_MARKER;
  });
  const withoutPhones = withoutEmails.replace(PHONE_CANDIDATE, (candidate) => {
    if (!isPhoneNumber(candidate)) return candidate;
    replaced++;
    return ERASED_MARKER;
  });
  return { text: withoutPhones, replaced };
}

/** The last nine digits of a phone number: how a number typed as "0712 345 678" and one kept as +254712345678 meet. */
export function phoneKey(phone: string): string {
  return phone.replace(/\D/g, "").slice(-9);
}
