import type { Queryable } from "../db/database.ts";
import { endsInPlainWord } from "./search-query.ts";

interface CommonWords {
  /** Lexemes in code-unit order, for a prefix search. */
  lexemes: string[];
  /** The sampled share of reports holding each lexeme, at the same index. */
  shares: number[];
}

/** PostgreSQL re-samples them at ANALYZE (autovacuum, or the embedded database's hourly maintenance). */
const DEFAULT_MAX_AGE_MS = 5 * 60_000;

/**
 * What PostgreSQL's statistics say about the words of grievances.search_vector: the sampled share of reports that
 * hold each of its most common words (pg_stats.most_common_elems, a few hundred of them), kept in memory for a few
 * minutes. Reading pg_stats for every search cost 6 ms on the embedded database (it turns an anyarray into text and
 * back), more than the search itself; looking the word up here costs microseconds.
 */
export class WordStatistics {
  private readonly db: Queryable;
  private readonly maxAgeMs: number;
  private words: CommonWords = { lexemes: [], shares: [] };
  private loadedAt = Number.NEGATIVE_INFINITY;
  private loading: Promise<void> | undefined;

  constructor(db: Queryable, maxAgeMs = DEFAULT_MAX_AGE_MS) {
    this.db = db;
    this.maxAgeMs = maxAgeMs;
  }

  /**
   * The least share of reports that hold `text` when it is one plain word, matched as the search matches it (the
   * word or a word it begins): any report holding one of the common words that begin with it matches, so the
   * largest of their shares is a lower bound. 0 when the text is not one word or no common word begins with it,
   * which only means "count them".
   */
  async leastShare(text: string): Promise<number> {
    const word = text.trim();
    // One word, and one matched by its beginning, as the search matches it ("or" alone is not).
    if (/\s/.test(word) || !endsInPlainWord(word)) return 0;
    const { lexemes, shares } = await this.current();
    // The 'simple' configuration lower-cases as PostgreSQL does; where JavaScript would differ, nothing is found.
    const prefix = word.toLowerCase();
    let share = 0;
    for (let i = firstAtOrAfter(lexemes, prefix); i < lexemes.length && lexemes[i]!.startsWith(prefix); i++) {
      share = Math.max(share, shares[i] ?? 0);
    }
    return share;
  }

  private async current(): Promise<CommonWords> {
    if (performance.now() - this.loadedAt >= this.maxAgeMs) {
      this.loading ??= this.load().finally(() => (this.loading = undefined));
      await this.loading;
    }
    return this.words;
  }

  private async load(): Promise<void> {
    const { rows } = await this.db.query<{ lexeme: string; share: number }>(
      `SELECT e.lexeme, e.share::float8 AS share
       FROM pg_stats s
       CROSS JOIN LATERAL unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) AS e(lexeme, share)
       WHERE s.schemaname = current_schema() AND s.tablename = 'grievances' AND s.attname = 'search_vector'
         AND e.lexeme IS NOT NULL`,
    );
    const sorted = rows.sort((a, b) => (a.lexeme < b.lexeme ? -1 : a.lexeme > b.lexeme ? 1 : 0));
    this.words = { lexemes: sorted.map((r) => r.lexeme), shares: sorted.map((r) => r.share) };
    this.loadedAt = performance.now();
  }
}

/** Index of the first of the sorted `items` not before `key` (binary search). */
function firstAtOrAfter(items: string[], key: string): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (items[middle]! < key) low = middle + 1;
    else high = middle;
  }
  return low;
}
