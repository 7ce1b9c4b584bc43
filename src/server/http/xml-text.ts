import { withoutBidiControls } from "./outgoing-text.ts";

/**
 * The one way text gets into the portal's XML (the Atom feeds, the CAP documents, Open311's XML answers): every
 * value goes through xmlText, which escapes markup and drops what XML 1.0 cannot carry at all (its Char
 * production: the C0 controls but tab, LF and CR; U+FFFE and U+FFFF; a UTF-16 surrogate without its pair). Such
 * characters are refused at the door (src/shared/storable-text.ts), but rows stored before that, or written by
 * other means, must not make a whole feed unreadable: one of them fails every feed reader's parse, and an Open311
 * client gets 200 and imports nothing. Bidirectional controls are taken out too (outgoing-text.ts).
 */

// With the u flag a surrogate in this class matches only when it is unpaired: a pair is one code point.
// eslint-disable-next-line no-control-regex
const NOT_XML_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff\ud800-\udfff]/gu;

const ENTITIES: Record<string, string> = { "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" };

/** The characters XML 1.0 can carry and a reader shows as they are, not yet escaped (for a writer that escapes). */
export function xmlCharacters(text: string): string {
  return withoutBidiControls(text.replace(NOT_XML_CHARACTER, ""));
}

/** Text as element content or an attribute's value (either quote): markup escaped, forbidden characters dropped. */
export function xmlText(text: string): string {
  return xmlCharacters(text).replace(/[<>&"']/g, (c) => ENTITIES[c]!);
}

/** `<name>text</name>` on a line of its own at `indent`, or no line at all for an absent value. */
export function xmlElement(indent: string, name: string, value: string | null | undefined): string[] {
  return value === null || value === undefined ? [] : [`${indent}<${name}>${xmlText(value)}</${name}>`];
}
