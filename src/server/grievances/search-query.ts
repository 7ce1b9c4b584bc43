/**
 * The search box as a PostgreSQL full-text condition (docs/decisions/011-full-text-search.md): the visitor's text,
 * always a bound parameter, goes whole to websearch_to_tsquery, so "quoted phrases", `or` and `-word` keep their
 * web-search meaning and no input is a tsquery syntax error. The configuration must stay the one of the generated
 * column grievances.search_vector (migrations/009_full_text_search.sql).
 */

// Letters and digits only: no quote (a closed phrase), no leading minus (an exclusion), no punctuation that the
// text search parser would split the word at. Marks follow a letter in many scripts (Devanagari, Arabic...).
const PLAIN_WORD = /^[\p{L}\p{N}][\p{L}\p{M}\p{N}]*$/u;

// A minus sign and what follows it up to the next letter or digit, where an operand could start.
const MINUS_AND_NON_WORD = /-[^\p{L}\p{N}]*/gu;

/**
 * Whether the text ends in a word the visitor may still be typing, to be matched as a prefix ("pip" finds "pipe").
 * websearch_to_tsquery reads "or" between words as the operator, never as a word to complete.
 */
export function endsInPlainWord(text: string): boolean {
  const last = text.trim().split(/\s+/).at(-1) ?? "";
  return PLAIN_WORD.test(last) && last.toLowerCase() !== "or";
}

/**
 * websearch_to_tsquery nests one NOT per minus sign before a word and fails past 32 ("tsquery stack too small"), so
 * "--------…pipe" would be a server error. Minus signs with no word between them are one minus: nobody searching
 * means "not not".
 */
export function withSingleMinus(text: string): string {
  return text.replace(MINUS_AND_NON_WORD, (run) => `-${run.slice(1).replaceAll("-", " ")}`);
}

/** `vector @@ tsquery` for the search text, appended to `params`; uses the GIN index on `vector`. */
export function searchCondition(vector: string, text: string, params: unknown[]): string {
  params.push(withSingleMinus(text));
  const query = `websearch_to_tsquery('simple', $${params.length})`;
  if (!endsInPlainWord(text)) return `${vector} @@ ${query}`;
  // The last operand of the query's canonical text is the last word's lexeme: marking it ':*' makes it a prefix.
  // Only PostgreSQL's own output is edited, and only when it ends in a quoted lexeme, so the cast always parses.
  // Every function here is immutable, so the planner folds the tsquery to a constant and estimates it.
  return `${vector} @@ regexp_replace(${query}::text, '''$', ''':*')::tsquery`;
}
