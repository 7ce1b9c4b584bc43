/**
 * A report's public reference, "WS-4F7K2Q" (docs/decisions/013-reference-and-tracking-token.md): short
 * enough to read out on the phone, shown on the report's card and page and found by the search box. Six characters
 * of an alphabet without 0/O and 1/I, which are easily mistaken for each other; 32 of them, 5 bits each.
 * migrations/010_report_reference_and_tracking.sql spells the same alphabet and format.
 */
export const REFERENCE_PREFIX = "WS-";
export const REFERENCE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
export const REFERENCE_CODE_LENGTH = 6;

export const REFERENCE_PATTERN = /^WS-[2-9A-HJ-NP-Z]{6}$/;

export const isReference = (text: string): boolean => REFERENCE_PATTERN.test(text);
