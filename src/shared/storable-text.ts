/**
 * Whether text can be stored, shown as it was typed, and carried by every format it leaves the portal in. Refused:
 * - NUL, which PostgreSQL's text type refuses outright (so it would surface as a server error);
 * - an unpaired UTF-16 surrogate, which has no UTF-8 encoding and would be silently replaced on its way to the
 *   database;
 * - the other C0 controls but tab, line feed and carriage return (U+0001–U+0008, U+000B, U+000C, U+000E–U+001F),
 *   and the noncharacters U+FFFE and U+FFFF: XML 1.0 cannot carry them (its Char production), so one of them in a
 *   title would make the Atom feeds, the Open311 XML and the CAP documents unreadable for everyone.
 *   Nobody types them; they come from scripts, hand-made requests and text pasted from odd sources.
 * A browser never sends any of these from a form's own typing. A loop rather than String#isWellFormed, which older
 * browsers running the form lack.
 */
export function isStorableText(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x20 && unit !== 0x09 && unit !== 0x0a && unit !== 0x0d) return false;
    if (unit === 0xfffe || unit === 0xffff) return false;
    if (unit >= 0xdc00 && unit <= 0xdfff) return false;
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i++;
    }
  }
  return true;
}
