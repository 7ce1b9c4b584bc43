import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/max";

export type { CountryCode };

/** SMS_DEFAULT_COUNTRY's value, or undefined when it names no country libphonenumber knows. */
export function parseCountryCode(text: string): CountryCode | undefined {
  const code = text.trim().toUpperCase();
  return isSupportedCountry(code) ? code : undefined;
}

/**
 * A phone number as every SMS table keeps it, E.164 (+254712345678), or undefined when it is not a possible number.
 * A gateway hands the sender's number as the operator wrote it: international with or without "+" or "00", or
 * local ("0712 345 678"), read with the default country.
 */
export function toE164(text: string, defaultCountry: CountryCode | undefined): string | undefined {
  const trimmed = text.trim().replace(/^00/, "+");
  const parsed =
    parsePhoneNumberFromString(trimmed, defaultCountry) ??
    (/^[1-9]\d{6,14}$/.test(trimmed) ? parsePhoneNumberFromString(`+${trimmed}`) : undefined);
  return parsed?.isPossible() ? parsed.number : undefined;
}
