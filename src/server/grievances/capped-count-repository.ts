import type { Queryable } from "../db/database.ts";

/**
 * Matching rows are counted exactly up to this many; above it the answer only says "more" (docs/product-decisions.md
 * D12). A thousand keeps a search at a million reports within twice its cost at a thousand, whatever the word's
 * frequency (docs/decisions/034-a-count-cap-of-a-thousand.md).
 */
export const MATCHING_CAP = 1_000;

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
