/**
 * Words as the SMS parsers compare them (docs/decisions/037-sms-conversations.md): lower case; Latin letters without
 * their accents (phones without them write "estadistica", "arret"); Arabic without its short vowels and tatweel, and
 * its letters that people write either way made one (أ إ آ → ا, ى → ي, ة → ه). Devanagari is left as written.
 */
export function foldWords(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .normalize("NFC")
    .toLowerCase()
    .replace(/[\u064b-\u065f\u0670\u0640]/g, "")
    .replace(/[أإآ]/g, "ا")
    .replace(/ى/g, "ي")
    .replace(/ة/g, "ه");
}

/** The words of a text as foldWords writes them: letters with their marks, and digits. */
export function wordsOf(text: string): string[] {
  return foldWords(text).match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
}

const ARABIC = /[\u0600-\u06ff\u0750-\u077f]/u;

/** Whether a (folded) word is written in Arabic script, whose words take prefixes ("ال", "و", "ب"). */
export const isArabicWord = (word: string): boolean => ARABIC.test(word);
