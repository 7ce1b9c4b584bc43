/**
 * Whether text can be stored and shown as it was typed. Two things cannot: NUL, which PostgreSQL's text type
 * refuses outright (so it would surface as a server error), and an unpaired UTF-16 surrogate, which has no UTF-8
 * encoding and would be silently replaced on its way to the database. A browser never sends either from a form;
 * they come from scripts and hand-made requests. A loop rather than String#isWellFormed, which older browsers
 * running the form lack.
 */
export function isStorableText(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit === 0) return false;
    if (unit >= 0xdc00 && unit <= 0xdfff) return false;
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i++;
    }
  }
  return true;
}
