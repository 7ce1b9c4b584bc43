import type { Locale } from "#shared/i18n/locales.ts";
import { foldWords, wordsOf } from "./sms-words.ts";

/**
 * The language an SMS is written in, among the portal's five (docs/decisions/037-sms-conversations.md): Arabic and
 * Hindi by their script; Spanish, French and English by their common words, and the letters only one of them uses.
 * Undefined when the text does not say (a reference, "OK", a place name): the number's last language stays.
 */

// Short, frequent words of each language, and words residents use about water (folded: no accents).
const COMMON: Record<"en" | "es" | "fr", ReadonlySet<string>> = {
  en: new Set(
    (
      "the and is are not no water there has have since near my our street leak leaking pipe broken dirty with " +
      "from it this we i at of to for on in be been was days day week smell smells burst tap please still"
    ).split(" "),
  ),
  es: new Set(
    (
      "el la los las de del que y en no hay agua por con una un es esta desde mi calle cerca tubo tuberia fuga sin " +
      "muy para se al dias semana sucia rota todavia grifo barrio nuestra nuestro olor huele"
    ).split(" "),
  ),
  fr: new Set(
    (
      "le la les de des du et est une un pas il y a eau dans au aux pour sur avec rue pres depuis nous je ne plus " +
      "fuite tuyau quartier jours semaine sale casse toujours robinet notre odeur"
    ).split(" "),
  ),
};

// Letters only one of the three writes (é, ü, à: several do).
const SPANISH_LETTERS = /[ñ¿¡áíóú]/giu;
const FRENCH_LETTERS = /[çèêâîôûëïœ]/giu;

export function detectLanguage(text: string): Locale | undefined {
  const letters = text.match(/\p{L}/gu) ?? [];
  if (letters.length === 0) return undefined;
  const arabic = letters.filter((c) => /[\u0600-\u06ff\u0750-\u077f]/u.test(c)).length;
  const devanagari = text.match(/[\u0900-\u097f]/gu)?.length ?? 0;
  // Script first: a message mostly in Arabic or Devanagari letters is in that language, whatever Latin it quotes.
  if (arabic * 2 >= letters.length) return "ar";
  if (devanagari * 2 >= letters.length) return "hi";

  const words = wordsOf(text);
  const score = { en: 0, es: 0, fr: 0 };
  for (const word of words) {
    for (const locale of ["en", "es", "fr"] as const) if (COMMON[locale].has(word)) score[locale] += 1;
  }
  score.es += 2 * (text.match(SPANISH_LETTERS)?.length ?? 0);
  score.fr += 2 * (text.match(FRENCH_LETTERS)?.length ?? 0);
  const ranked = (Object.entries(score) as ["en" | "es" | "fr", number][]).sort((a, b) => b[1] - a[1]);
  const [best, second] = ranked;
  if (!best || best[1] === 0 || best[1] === second?.[1]) return undefined;
  return best[0];
}

/** For the tests and the decision: whether a folded word counts for a language. */
export const isCommonWord = (locale: "en" | "es" | "fr", word: string): boolean => COMMON[locale].has(foldWords(word));
