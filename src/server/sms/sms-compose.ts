import { MAX_PARTS, partsOf } from "./sms-text.ts";

/**
 * An SMS made of a head, words of someone's that may be long (a public note, an incident's message) and a tail
 * that must arrive whole ("Is it fixed? Reply YES, …", how to stop alerts): the words are cut, ending in "...", so
 * that the whole stays within MAX_PARTS. fitToParts (sms-text.ts) would cut the tail instead.
 */
export function composeSms(head: string, words: string | null, tail: string | null = null): string {
  const join = (middle: string | null) => [head, middle, tail].filter((piece) => piece).join("\n");
  const whole = join(words?.trim() || null);
  if (!words || partsOf(whole) <= MAX_PARTS) return whole;
  const chars = Array.from(words.trim());
  // The longest prefix that fits: adding characters never makes a text shorter, so the search may halve.
  let low = 0;
  let high = chars.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (partsOf(join(`${chars.slice(0, middle).join("").trimEnd()}...`)) <= MAX_PARTS) low = middle;
    else high = middle - 1;
  }
  return join(low === 0 ? null : `${chars.slice(0, low).join("").trimEnd()}...`);
}
