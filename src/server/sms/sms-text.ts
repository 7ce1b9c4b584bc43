/**
 * How long an SMS is (docs/decisions/035-sms-through-a-gateway.md). A text made only of the GSM 03.38 alphabet goes
 * as GSM-7: 160 characters in one part, 153 per part when split (the rest of each part holds the header that joins
 * them); the extension table's characters take two. Anything else (Arabic, Devanagari, most emoji) goes as UCS-2:
 * 70 UTF-16 units in one part, 67 per part when split. Replies stay within MAX_PARTS.
 */

export const MAX_PARTS = 3;

const GSM_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM_EXTENSION = "^{}\\[~]|€\f";
const BASIC = new Set(GSM_BASIC);
const EXTENSION = new Set(GSM_EXTENSION);

export type SmsCoding = "gsm7" | "ucs2";

export function codingOf(text: string): SmsCoding {
  for (const char of text) if (!BASIC.has(char) && !EXTENSION.has(char)) return "ucs2";
  return "gsm7";
}

/** The text's length in its coding's units: septets for GSM-7, UTF-16 units for UCS-2. */
function unitsOf(text: string, coding: SmsCoding): number {
  if (coding === "ucs2") return text.length;
  let units = 0;
  for (const char of text) units += EXTENSION.has(char) ? 2 : 1;
  return units;
}

const SINGLE = { gsm7: 160, ucs2: 70 } as const;
const PER_PART = { gsm7: 153, ucs2: 67 } as const;

/** How many parts the text takes (at least one: an empty SMS is still one). */
export function partsOf(text: string): number {
  const coding = codingOf(text);
  const units = unitsOf(text, coding);
  return units <= SINGLE[coding] ? 1 : Math.ceil(units / PER_PART[coding]);
}

/**
 * The text cut to fit in `maxParts`, ending with "..." when cut (three dots are GSM-7; "…" is not). Cuts at a word
 * boundary when one is near, never inside a surrogate pair.
 */
export function fitToParts(text: string, maxParts = MAX_PARTS): string {
  if (partsOf(text) <= maxParts) return text;
  const coding = codingOf(text);
  const budget = (maxParts === 1 ? SINGLE[coding] : PER_PART[coding] * maxParts) - 3;
  const chars = Array.from(text);
  let units = 0;
  let end = 0;
  while (end < chars.length) {
    const char = chars[end] ?? "";
    const size = coding === "ucs2" ? char.length : EXTENSION.has(char) ? 2 : 1;
    if (units + size > budget) break;
    units += size;
    end++;
  }
  const cut = chars.slice(0, end).join("");
  const space = cut.lastIndexOf(" ");
  return `${(space > cut.length - 20 && space > 0 ? cut.slice(0, space) : cut).trimEnd()}...`;
}
