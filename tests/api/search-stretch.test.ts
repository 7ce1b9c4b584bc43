import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#server/db/database.ts";
import { MATCHING_CAP } from "#server/grievances/capped-count-repository.ts";
import type { GrievancePage, PageRequest } from "#server/grievances/grievance-page-repository.ts";
import { GrievanceRepository } from "#server/grievances/grievance-repository.ts";
import { WordStatistics } from "#server/grievances/word-statistics-repository.ts";
import { openTestDatabase } from "./test-app.ts";

// A word in more reports than the cap but too rare for a short walk is read from the newest stretch of the list the
// statistics say holds its page (search-window-repository.ts, docs/decisions/044-a-word-read-from-a-recent-stretch.md).
const REPORTS = 16_000;
const SPARSE_EVERY = 10;
// A page of 250 needs 251 matches: some 2,000 rows of a walk, more than a walk may pass.
const pageSize = 250;

let db: Database;
let drop: () => Promise<void>;
let reads: string[];
let repository: GrievanceRepository;
let words: WordStatistics;

/** Every report holding "sparse", newest first (report g is g seconds older than the first). */
const sparse = Array.from({ length: REPORTS / SPARSE_EVERY }, (_, i) => `Report ${(i + 1) * SPARSE_EVERY}`);

beforeAll(async () => {
  ({ db, drop } = await openTestDatabase());
  await db.exec(
    `ALTER TABLE grievances SET (autovacuum_enabled = false); -- on PostgreSQL: no ANALYZE but the tests' own
     ALTER TABLE grievances DISABLE TRIGGER grievances_tally_row;
     INSERT INTO grievances (title, description, category, created_at)
     SELECT 'Report ' || g, CASE WHEN g % ${SPARSE_EVERY} = 0 THEN 'Sparse.' ELSE 'Plain.' END,
            'Other', timestamptz '2026-01-01 00:00:00+00' - g * interval '1 second'
     FROM generate_series(1, ${REPORTS}) AS g;
     ALTER TABLE grievances ENABLE TRIGGER grievances_tally_row;
     INSERT INTO grievance_tallies (category, priority, status, n)
     SELECT category, priority, status, count(*) FROM grievances GROUP BY 1, 2, 3;
     ANALYZE grievances;`,
  );
  reads = [];
  const watched = new Proxy(db, {
    get(target, property, receiver) {
      if (property === "query") {
        return (sql: string, params?: unknown[]) => {
          if (/FROM grievances\b/.test(sql)) reads.push(sql);
          return target.query(sql, params);
        };
      }
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
  words = new WordStatistics(db, 0);
  repository = new GrievanceRepository(watched, words);
}, 180_000);
afterAll(() => drop());

const titles = (page: GrievancePage) => page.rows.map((r) => r.title);
const stretchReads = () =>
  reads.filter((sql) => sql.includes("matches AS MATERIALIZED") && sql.includes("created_at >="));

describe("the statistics' dates", () => {
  it("name the time after which a share of the reports was made, from the newest or from a place", async () => {
    const newest = Date.parse("2026-01-01T00:00:00Z");
    // A tenth of the reports: the 1,600 newest, made in the 1,600 seconds before the newest.
    const tenth = Date.parse((await words.dateBefore(0.1))!);
    expect(Math.abs(newest - 1_600_000 - tenth)).toBeLessThan(150_000);
    const from = new Date(newest - 3_000_000).toISOString();
    const further = Date.parse((await words.dateBefore(0.1, from))!);
    expect(Math.abs(newest - 4_600_000 - further)).toBeLessThan(150_000);
    // Past the oldest report: unknown.
    expect(await words.dateBefore(1.5)).toBeUndefined();
    expect(await words.dateBefore(0.5, new Date(newest - 10_000_000).toISOString())).toBeUndefined();
  });
});

describe("a word too rare for a short walk and too common to count", () => {
  it("gives the walk's pages, read from a stretch, by number and by cursor", async () => {
    expect(sparse.length).toBeGreaterThan(MATCHING_CAP);
    reads.length = 0;
    const first = await repository.list({ q: "sparse" }, { page: 1, pageSize });
    expect(titles(first)).toEqual(sparse.slice(0, pageSize));
    expect(first).toMatchObject({ matching: MATCHING_CAP, matchingCapped: true, newer: null, total: REPORTS });
    expect(first.older).not.toBeNull();
    expect(stretchReads()).toHaveLength(1);

    reads.length = 0;
    const second = await repository.list({ q: "sparse" }, { page: 2, pageSize });
    expect(titles(second)).toEqual(sparse.slice(pageSize, 2 * pageSize));
    expect(second.newer).not.toBeNull();
    expect(stretchReads()).toHaveLength(1);

    reads.length = 0;
    const request: PageRequest = { page: 2, pageSize, cursor: { ...first.older!, direction: "after" } };
    const next = await repository.list({ q: "sparse" }, request);
    expect(titles(next)).toEqual(titles(second));
    expect(next.newer).toEqual({ at: expect.any(String), id: next.rows[0]!.id });
    expect(stretchReads()).toHaveLength(1);

    // Backwards the page lies outside the stretch: walked.
    reads.length = 0;
    const back = await repository.list(
      { q: "sparse" },
      { ...request, cursor: { ...next.newer!, direction: "before" } },
    );
    expect(titles(back)).toEqual(titles(first));
    expect(stretchReads()).toHaveLength(0);
  });

  it("is walked after all when the stretch holds fewer matches than the statistics promised", async () => {
    // Hidden since ANALYZE: the newest 600 matches, so the stretch the statistics name holds too few.
    await db.exec(
      `UPDATE grievances SET hidden_at = now(), hidden_reason = 'Spam'
       WHERE description = 'Sparse.' AND created_at >= timestamptz '2026-01-01 00:00:00+00' - interval '6000 seconds'`,
    );
    reads.length = 0;
    const first = await repository.list({ q: "sparse" }, { page: 1, pageSize });
    expect(titles(first)).toEqual(sparse.slice(600, 600 + pageSize));
    expect(stretchReads()).toHaveLength(1);
    // The stretch, then the walk.
    expect(reads.filter((sql) => sql.includes("LIMIT $") && !sql.includes("MATERIALIZED")).length).toBeGreaterThan(0);
  });
});
