import type { Queryable } from "../db/database.ts";
import { endsInPlainWord } from "./search-query.ts";

interface CommonWords {
  /** Lexemes in code-unit order, for a prefix search. */
  lexemes: string[];
  /** The sampled share of reports holding each lexeme, at the same index. */
  shares: number[];
  /**
   * pg_stats.histogram_bounds of created_at in epoch milliseconds, oldest first: between two neighbours lies the
   * same share of the reports. Empty when unknown.
   */
  dates: number[];
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
  private words: CommonWords = { lexemes: [], shares: [], dates: [] };
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

  /**
   * The time after which, by the statistics, about `share` of the reports were made, counted back from `from`
   * (a created_at as ISO text; undefined: from the newest): where a walk of the list from that place would have
   * passed that share of the reports. Within the histogram's buckets the reports are taken as spread evenly.
   * Undefined when the statistics know no dates or the share reaches past the oldest report. Reports made since
   * ANALYZE lie after it, so they only make the stretch hold more than `share`.
   */
  async dateBefore(share: number, from?: string): Promise<string | undefined> {
    const { dates } = await this.current();
    const buckets = dates.length - 1;
    if (buckets < 1 || !(share >= 0)) return undefined;
    // How far back `from` lies, in buckets from the newest bound, and then `share` further back.
    const back = (from === undefined ? 0 : bucketsAfter(dates, Date.parse(from))) + share * buckets;
    if (back >= buckets) return undefined;
    const bucket = buckets - 1 - Math.floor(back);
    const [older, newer] = [dates[bucket]!, dates[bucket + 1]!];
    return new Date(newer - (back - Math.floor(back)) * (newer - older)).toISOString();
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
    const dates = await this.db.query<{ at: number }>(
      `SELECT extract(epoch FROM b.at)::float8 * 1000 AS at
       FROM pg_stats s CROSS JOIN LATERAL unnest(s.histogram_bounds::text::timestamptz[]) AS b(at)
       WHERE s.schemaname = current_schema() AND s.tablename = 'grievances' AND s.attname = 'created_at'`,
    );
    this.words = {
      lexemes: sorted.map((r) => r.lexeme),
      shares: sorted.map((r) => r.share),
      dates: dates.rows.map((r) => r.at).sort((a, b) => a - b),
    };
    this.loadedAt = performance.now();
  }
}

/** How many of the histogram's buckets lie after `at` (fractions of a bucket included), 0 past the newest bound. */
function bucketsAfter(dates: number[], at: number): number {
  const buckets = dates.length - 1;
  if (!(at < dates[buckets]!)) return 0;
  if (at <= dates[0]!) return buckets;
  let bucket = buckets - 1;
  while (dates[bucket]! > at) bucket--;
  const [older, newer] = [dates[bucket]!, dates[bucket + 1]!];
  return buckets - 1 - bucket + (newer - at) / (newer - older || 1);
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
