import type { ReactNode } from "react";

/** Stands for an element in a translated sentence: a private-use character, which no translation contains. */
export const SLOT = "\uE000";

/**
 * A translated sentence with an element (a link, a date in <time>) where its placeholder was: the sentence stays one
 * message, and each language puts the element where its grammar wants it (docs/decisions/019-languages.md).
 * `fillIn(t("Submitted {date}", { date: SLOT }), <time>…</time>)`.
 */
export function fillIn(text: string, element: ReactNode): ReactNode {
  const [before = "", ...after] = text.split(SLOT);
  return (
    <>
      {before}
      {element}
      {after.join("")}
    </>
  );
}
