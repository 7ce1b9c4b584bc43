import type { SmsKeywords } from "#shared/categories/sms-keywords.ts";
import { FIELD_LIMITS } from "#shared/domain.ts";
import { isArabicWord, wordsOf } from "./sms-words.ts";

/**
 * A report made of an SMS's words (docs/decisions/037-sms-conversations.md): its title, the place it names, and its
 * category from the administrators' keywords. Pure; the workflow stores what these say.
 */

// A title a list shows on one line; the specification's limit is far above it.
const TITLE_CHARS = 60;

/** The first words of the message, whole, within TITLE_CHARS ("…" when cut). */
export function titleOf(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= TITLE_CHARS) return flat;
  const cut = flat.slice(0, TITLE_CHARS);
  const space = cut.lastIndexOf(" ");
  const words = (space > TITLE_CHARS / 2 ? cut.slice(0, space) : cut).replace(/[\s\p{P}]+$/u, "");
  return `${words}…`.slice(0, FIELD_LIMITS.title);
}

// A place said in words starts after one of these and runs to the end of its clause. "Strong" words always name a
// place; "in", "at", "on" (and their kin) only before a name (a capital letter): "in Old Town", not "in the morning".
const STRONG_BEFORE = [
  "near",
  "opposite",
  "behind",
  "beside",
  "next to",
  "close to",
  "outside",
  "in front of",
  "cerca de",
  "cerca del",
  "frente a",
  "junto a",
  "detrás de",
  "detras de",
  "al lado de",
  "près de",
  "pres de",
  "à côté de",
  "a cote de",
  "en face de",
  "devant",
  "derrière",
  "derriere",
  "بالقرب من",
  "قرب",
  "بجانب",
  "امام",
  "أمام",
  "خلف",
  "عند",
  "مقابل",
];
const BEFORE_A_NAME = ["in", "at", "on", "en", "à", "au", "dans", "sur", "calle", "rue", "street"];
// English writes days and months with a capital: "on Monday" is no place.
const NOT_A_PLACE =
  "(?!(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|" +
  "August|September|October|November|December)(?![\\p{L}]))";
// Hindi puts the word after the place: "बाज़ार के पास" (near the market).
const HINDI_AFTER = ["के पास", "के सामने", "के पीछे", "के बगल में", "के नज़दीक", "के नजदीक"];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
// Where a clause ends: a sentence's punctuation (Latin, Arabic, Devanagari) or a line break.
const CLAUSE_END = "[.,;!?\\n،؛؟।]";
const NOT_LETTER_BEFORE = "(?<![\\p{L}\\p{M}\\p{N}])";

const strongPattern = new RegExp(
  `${NOT_LETTER_BEFORE}(?:${STRONG_BEFORE.map(escape).join("|")})\\s+[^.,;!?\\n،؛؟।]+`,
  "iu",
);
const namePattern = new RegExp(
  `${NOT_LETTER_BEFORE}(?:${BEFORE_A_NAME.flatMap((w) => [w, w[0]!.toUpperCase() + w.slice(1)])
    .map(escape)
    .join("|")})\\s+${NOT_A_PLACE}\\p{Lu}[^.,;!?\\n،؛؟।]*`,
  "u",
);
const hindiPattern = new RegExp(
  `(?:[\\p{L}\\p{M}]+\\s+){0,2}[\\p{L}\\p{M}]+\\s+(?:${HINDI_AFTER.map(escape).join("|")})`,
  "u",
);

/** The place the message names in words, kept as the report's location; undefined when it names none. */
export function placeIn(text: string): string | undefined {
  const flat = text.replace(/[ \t]+/g, " ");
  const match = strongPattern.exec(flat) ?? namePattern.exec(flat) ?? hindiPattern.exec(flat);
  const place = match?.[0].replace(new RegExp(`${CLAUSE_END}.*$`, "su"), "").trim();
  if (!place) return undefined;
  return place.length > FIELD_LIMITS.location ? place.slice(0, FIELD_LIMITS.location).trim() : place;
}

export interface KeywordCategory {
  key: string;
  service_code: string;
  sms_keywords: SmsKeywords;
}

/**
 * The category whose keywords (in any language) the message uses most; the first in the administrators' order on a
 * tie; undefined when none is used. A keyword matches the start of a word ("leak" in "leaking"); in Arabic anywhere in
 * a word, which takes its article and conjunctions as prefixes ("الماء", "والتسرب"). A keyword of several words
 * matches them in a row.
 */
export function categoryFromKeywords(text: string, categories: KeywordCategory[]): string | undefined {
  const words = wordsOf(text);
  let best: { key: string; hits: number } | undefined;
  for (const category of categories) {
    let hits = 0;
    for (const keyword of Object.values(category.sms_keywords).flat()) {
      if (keyword && matches(words, wordsOf(keyword))) hits += 1;
    }
    if (hits > 0 && (!best || hits > best.hits)) best = { key: category.key, hits };
  }
  return best?.key;
}

/** Where a message matching no keyword goes, for staff to triage: 'Other' while it is offered, else the last one. */
export function triageCategory(categories: KeywordCategory[]): string | undefined {
  return (categories.find((c) => c.service_code === "other") ?? categories.at(-1))?.key;
}

function matches(words: string[], keyword: string[]): boolean {
  if (keyword.length === 0) return false;
  const wordMatches = (word: string | undefined, part: string, last: boolean) =>
    word !== undefined && (isArabicWord(part) ? word.includes(part) : last ? word.startsWith(part) : word === part);
  for (let i = 0; i + keyword.length <= words.length; i++) {
    if (keyword.every((part, j) => wordMatches(words[i + j], part, j === keyword.length - 1))) return true;
  }
  return false;
}
