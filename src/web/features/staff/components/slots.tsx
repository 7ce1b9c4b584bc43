import { Fragment, type ReactNode } from "react";

// A translated sentence with an element inside it ("Signed in as <strong>…</strong>", "Queued <time>…</time>"):
// the element's place is a placeholder of the message, so each language puts it where its word order wants it.
// `slot(name)` is the value given to t() for that placeholder; `fillSlots` then puts the element there.
const OPEN = "\uE000";
const CLOSE = "\uE001";
const SLOT = /\uE000(\w+)\uE001/;

export const slot = (name: string): string => `${OPEN}${name}${CLOSE}`;

export function fillSlots(text: string, elements: Record<string, ReactNode>): ReactNode {
  return (
    <>
      {text.split(SLOT).map((piece, index) => (index % 2 === 0 ? piece : <Fragment key={index}>{elements[piece]}</Fragment>))}
    </>
  );
}
