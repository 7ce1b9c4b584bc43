import { createHash, timingSafeEqual } from "node:crypto";

/**
 * What Kannel's sms-service hands the inbound URL (docs/decisions/037-sms-conversations.md):
 * `?token=…&from=%p&to=%P&text=%a&id=%I&coding=%c&charset=%C`. `%a` is the message's bytes, percent-encoded as they
 * are: UTF-8 for a GSM-7 message (`coding=0&charset=UTF-8`), UTF-16BE for a UCS-2 one (`coding=2&charset=UTF-16BE`,
 * Arabic, Hindi, emoji), whatever the sender's phone put in an 8-bit one. A UTF-8 query parser would turn UTF-16BE
 * into noise, so the text is read from the raw query string as bytes and decoded here.
 */

/** Kannel's %c: DC_7BIT, DC_8BIT, DC_UCS2. */
const UCS2_CODING = "2";

/** The raw bytes of each parameter of a query string (the part after "?"), "+" read as a space as forms write it. */
export function rawQueryParameters(url: string): Map<string, Buffer> {
  const query = url.includes("?") ? url.slice(url.indexOf("?") + 1) : "";
  const parameters = new Map<string, Buffer>();
  for (const pair of query.split("&")) {
    if (pair === "") continue;
    const equals = pair.indexOf("=");
    const name = percentDecodedBytes(equals === -1 ? pair : pair.slice(0, equals)).toString("latin1");
    // The first of a repeated name wins, as Fastify's parser would not: one message has one text.
    if (!parameters.has(name)) parameters.set(name, percentDecodedBytes(equals === -1 ? "" : pair.slice(equals + 1)));
  }
  return parameters;
}

function percentDecodedBytes(text: string): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (char === 0x2b) bytes.push(0x20);
    else if (char === 0x25 && /^[0-9a-fA-F]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (char < 0x80) bytes.push(char);
    // A raw non-ASCII character in a URL (never from Kannel, which encodes every byte): its UTF-8 bytes.
    else bytes.push(...Buffer.from(text[i] ?? "", "utf8"));
  }
  return Buffer.from(bytes);
}

const utf8 = new TextDecoder("utf-8", { fatal: true });
const utf16be = new TextDecoder("utf-16be");
const latin1 = new TextDecoder("latin1");

/**
 * The message's text from its bytes, by Kannel's coding (%c) and charset (%C). UCS-2 is UTF-16BE whatever the
 * charset says (that is what the air interface carried); otherwise the charset decides, and bytes that are not valid
 * UTF-8 are read as Latin-1, Kannel's older default, rather than refused: a resident's message is never dropped for
 * its encoding.
 */
export function decodeSmsText(bytes: Buffer, coding: string | undefined, charset: string | undefined): string {
  const name = (charset ?? "").trim().toUpperCase().replace(/_/g, "-");
  let text: string;
  if (coding?.trim() === UCS2_CODING || /^(UTF-16(BE)?|UCS-?2)$/.test(name)) text = utf16be.decode(bytes);
  else if (/^(ISO-8859-1|LATIN-?1|WINDOWS-1252|CP1252)$/.test(name)) text = latin1.decode(bytes);
  else text = utf8OrLatin1(bytes);
  return storable(text);
}

function utf8OrLatin1(bytes: Buffer): string {
  try {
    return utf8.decode(bytes);
  } catch {
    return latin1.decode(bytes);
  }
}

/**
 * The text with what cannot be stored (src/shared/storable-text.ts) replaced: controls but tab and line breaks by a
 * space, U+FFFE/U+FFFF and broken surrogates (already U+FFFD from the decoder) by U+FFFD. A phone's odd byte must
 * not cost the resident their report.
 */
function storable(text: string): string {
  let kept = "";
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    const control = (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f;
    kept += control ? " " : code === 0xfffe || code === 0xffff ? "\ufffd" : char;
  }
  return kept.normalize("NFC");
}

/** Whether the request carries the shared secret, compared in constant time (hashes: equal lengths whatever was sent). */
export function hasInboundToken(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();
  return timingSafeEqual(digest(given), digest(expected));
}
