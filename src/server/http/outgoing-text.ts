/**
 * Text on its way out of the portal into something other than its own pages (e-mail, CSV, the XML feeds and
 * documents), where no page's markup isolates it: the bidirectional controls are taken out (docs/api-conventions.md).
 * The embeddings and overrides (U+202A–U+202E), the isolates (U+2066–U+2069) and the marks (U+200E, U+200F, U+061C)
 * change the order in which the rest of a line is shown, so a report title holding a right-to-left override can
 * make an e-mail subject, a spreadsheet cell or a feed entry read as something it does not say ("…gnp.exe"). Text
 * in Arabic or Hebrew needs none of them to show right: its letters carry their own direction. The portal's own
 * texts (the catalogues) hold none either, so whole messages can go through here.
 */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, "");
}
