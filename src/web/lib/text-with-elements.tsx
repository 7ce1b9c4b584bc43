import { Fragment, type ReactNode } from "react";

// A private-use character never occurs in a translation, so it marks a slot unambiguously.
const MARK = "\uE000";
const SLOT = new RegExp(`${MARK}(\\w+)${MARK}`);

/**
 * The value of a placeholder that stands for an element (a link, a <strong>) in a translated sentence, e.g. the
 * `{myReports}` of "Reports sent from this device are in {myReports}, with their private links.", given as
 * `{ myReports: slot("myReports") }`. Each language then places the element where its grammar wants it, and the
 * sentence stays one message (docs/decisions/019-languages.md).
 */
export const slot = (name: string): string => `${MARK}${name}${MARK}`;

/** A translated text with slots, each replaced by its element. */
export function withElements(text: string, elements: Readonly<Record<string, ReactNode>>): ReactNode {
  return text.split(SLOT).map((piece, index) => (
    // split() with a capture group puts the slots' names at the odd indexes.
    <Fragment key={index}>{index % 2 === 1 ? elements[piece] : piece}</Fragment>
  ));
}
