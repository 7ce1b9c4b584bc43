import type { Queryable } from "../db/database.ts";
import { endsInPlainWord } from "./search-query.ts";

/** Matching rows are counted exactly up to this many; above it the answer only says "more" (DESIGN.md D12). */
export const MATCHING_CAP = 10_000;

/**
 * When the statistics say at least this many reports hold the searched word, nothing is counted: the answer is
 * "more than the cap". The margin covers the statistics' sampling error (a few percent of a share this large) and
 * reports hidden since they were gathered: half of them would have to be (docs/decisions/011-full-text-search.md).
 */
export const SURELY_ABOVE_CAP = 2 * MATCHING_CAP;

export interface MatchingCount {
  /** Exact when not capped; MATCHING_CAP when capped. */
  matching: number;
  matchingCapped: boolean;
}

export const CAPPED: MatchingCount = { matching: MATCHING_CAP, matchingCapped: true };

/**
 * How many rows `fromWhere` ("grievances WHERE ...", with `params`) selects, reading at most one row past the
 * cap: a word found in 300,000 reports would otherwise cost seconds to count while its first page costs under a
 * millisecond.
 */
export async function countCapped(db: Queryable, fromWhere: string, params: unknown[]): Promise<MatchingCount> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM ${fromWhere} LIMIT ${MATCHING_CAP + 1}) AS capped`,
    params,
  );
  const n = rows[0]?.n ?? 0;
  return n > MATCHING_CAP ? CAPPED : { matching: n, matchingCapped: false };
}

/**
 * The least share of reports that hold `text` when it is one plain word, matched as the search matches it (the
 * word or a word it begins), from PostgreSQL's own statistics of grievances.search_vector: the sampled share of
 * its most common words (pg_stats.most_common_elems, kept by ANALYZE). Any report holding one of those words
 * matches, so the largest of their shares is a lower bound. 0 when the text is not one word or the statistics do
 * not list it, which only means "count it".
 *
 * Counting even 10,001 matches of a word in 5 % of a million reports reads 200,000 rows (about 100 ms); this reads
 * one row of pg_stats.
 */
export async function leastShareWithWord(db: Queryable, text: string): Promise<number> {
  const word = text.trim();
  // One word, and one matched by its beginning, as the search matches it ("or" alone is not).
  if (/\s/.test(word) || !endsInPlainWord(word)) return 0;
  const { rows } = await db.query<{ share: number }>(
    `SELECT coalesce(max(e.freq), 0)::float8 AS share
     FROM pg_stats s
     CROSS JOIN LATERAL unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) AS e(lexeme, freq)
     WHERE s.schemaname = current_schema() AND s.tablename = 'grievances' AND s.attname = 'search_vector'
       AND starts_with(e.lexeme, lower($1))`,
    [word],
  );
  return rows[0]?.share ?? 0;
}
