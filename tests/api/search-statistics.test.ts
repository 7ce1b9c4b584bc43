import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#server/db/database.ts";
import { MATCHING_CAP, SURELY_ABOVE_CAP } from "#server/grievances/capped-count-repository.ts";
import type { GrievancePage } from "#server/grievances/grievance-page-repository.ts";
import { GrievanceRepository } from "#server/grievances/grievance-repository.ts";
import type { SortKey } from "#server/grievances/list-cursor.ts";
import { WordStatistics } from "#server/grievances/word-statistics-repository.ts";
import { openTestDatabase } from "./test-app.ts";

// A word the statistics show in more reports than the cap is not counted, and a rare word's page is read with its
// count, through the search index (capped-count-repository.ts, grievance-repository.ts, docs/decisions/011-full-text-search.md).
const REPORTS = SURELY_ABOVE_CAP + 500;
const NEEDLE_EVERY = 97;

let db: Database;
let drop: () => Promise<void>;
let counts: string[];
/** Every query of the repository that reads the table grievances. */
let reads: string[];
let repository: GrievanceRepository;
let words: WordStatistics;

beforeAll(async () => {
  ({ db, drop } = await openTestDatabase());
  // Every report says "common"; one in NEEDLE_EVERY also "needle"; one in a hundred says "commonplace" as well; one
  // in ten (250, twenty pages) "tenth". The tallies are made once at the end, as bench/seed.ts does, not by the row
  // trigger for each report.
  await db.exec(
    `ALTER TABLE grievances SET (autovacuum_enabled = false); -- on PostgreSQL: no ANALYZE but the tests' own
     ALTER TABLE grievances DISABLE TRIGGER grievances_tally_row;
     INSERT INTO grievances (title, description, category, created_at)
     SELECT 'Common report ' || g,
            CASE WHEN g % ${NEEDLE_EVERY} = 0 THEN 'A needle.' WHEN g % 100 = 0 THEN 'Commonplace.' ELSE 'Plain.' END
              || CASE WHEN g % 10 = 5 THEN ' Tenth.' ELSE '' END,
            'Other', timestamptz '2026-01-01 00:00:00+00' - g * interval '1 second'
     FROM generate_series(1, ${REPORTS}) AS g;
     ALTER TABLE grievances ENABLE TRIGGER grievances_tally_row;
     INSERT INTO grievance_tallies (category, priority, status, n)
     SELECT category, priority, status, count(*) FROM grievances GROUP BY 1, 2, 3;`,
  );
  counts = [];
  reads = [];
  // The repository's queries are watched to tell whether it counted, and how often it read the table.
  const watched = new Proxy(db, {
    get(target, property, receiver) {
      if (property === "query") {
        return (sql: string, params?: unknown[]) => {
          if (sql.includes("count(*)")) counts.push(sql);
          if (/FROM grievances\b/.test(sql)) reads.push(sql);
          return target.query(sql, params);
        };
      }
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
  // Read again at every search (no minutes in memory), so that the test sees ANALYZE at once.
  words = new WordStatistics(db, 0);
  repository = new GrievanceRepository(watched, words);
}, 180_000);
afterAll(() => drop());

const firstPage = { page: 1, pageSize: 12 };
const after = (key: SortKey) => ({ ...key, direction: "after" as const });
const before = (key: SortKey) => ({ ...key, direction: "before" as const });

describe("the share of reports holding a word, from the statistics", () => {
  let kept: WordStatistics;

  it("is unknown (0) before the statistics are gathered, so the matches are counted", async () => {
    expect(await words.leastShare("common")).toBe(0);
    kept = new WordStatistics(db);
    expect(await kept.leastShare("common")).toBe(0);
    counts.length = 0;
    expect(await repository.list({ q: "common" }, firstPage)).toMatchObject({
      matching: MATCHING_CAP,
      matchingCapped: true,
    });
    // Up to one match past the cap, and no more counting once they are more.
    expect(counts).toHaveLength(1);
  });

  it("is the largest share of the words the search would match, once ANALYZE has run", async () => {
    await db.exec("ANALYZE grievances");
    expect(await words.leastShare("common")).toBeGreaterThan(0.95);
    expect(await words.leastShare("COMMONPL")).toBeCloseTo(0.01, 2);
    // By default what was read is kept for minutes.
    expect(await kept.leastShare("common")).toBe(0);
    // Not one word matched by its beginning: no lower bound.
    for (const text of ["common report", '"common"', "-common", "or", "zebra"]) {
      expect(await words.leastShare(text), text).toBe(0);
    }
  });

  it("spares the count when one word is surely in more reports than the cap", async () => {
    counts.length = 0;
    const page = await repository.list({ q: "common" }, firstPage);
    expect(page).toMatchObject({ matching: MATCHING_CAP, matchingCapped: true, total: REPORTS });
    expect(page.rows.map((r) => r.title)).toEqual(Array.from({ length: 12 }, (_, i) => `Common report ${i + 1}`));
    expect(counts).toEqual([]);
  });

  it("still counts a word with another filter, or a less common word", async () => {
    counts.length = 0;
    expect(await repository.list({ q: "common", category: "Other" }, firstPage)).toMatchObject({
      matchingCapped: true,
    });
    expect(await repository.list({ q: "commonplace" }, firstPage)).toMatchObject({
      matching: Math.floor(REPORTS / 100),
      matchingCapped: false,
    });
    // The first: as above; the second: few enough to be counted with its page.
    expect(counts).toHaveLength(2);
  });

  it("reads a word in fewer reports than the cap once, for its count and any page", async () => {
    const tenths = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => `Common report ${5 + 10 * (from + i)}`);
    // Known to the statistics, and below the cap.
    expect(await words.leastShare("tenth")).toBeGreaterThan(0.05);
    for (const page of [1, 20]) {
      reads.length = 0;
      const found = await repository.list({ q: "tenth" }, { page, pageSize: 12 });
      expect(found).toMatchObject({ matching: REPORTS / 10, matchingCapped: false });
      expect(found.rows.map((r) => r.title)).toEqual(tenths((page - 1) * 12, 12));
      // Before, a page walked the date index beside the count: two reads of the table.
      expect(reads).toHaveLength(1);
    }
  });
});

describe("a rare word's pages, read through the search index", () => {
  const needles = Array.from(
    { length: Math.floor(REPORTS / NEEDLE_EVERY) },
    (_, i) => `Common report ${(i + 1) * NEEDLE_EVERY}`,
  );
  const titles = (page: GrievancePage) => page.rows.map((r) => r.title);

  it("are newest first, by number and by cursor in both directions", async () => {
    const pageSize = 4;
    const byNumber: string[] = [];
    for (let page = 1; page <= Math.ceil(needles.length / pageSize); page++) {
      byNumber.push(...titles(await repository.list({ q: "needle" }, { page, pageSize })));
    }
    expect(byNumber).toEqual(needles);

    const first = await repository.list({ q: "needle" }, { page: 1, pageSize });
    expect(first).toMatchObject({ matching: needles.length, matchingCapped: false });
    const forward = [...titles(first)];
    const pages = [first];
    let page = first;
    while (page.older) {
      page = await repository.list({ q: "needle" }, { page: 1, pageSize, cursor: after(page.older) });
      forward.push(...titles(page));
      pages.push(page);
    }
    expect(forward).toEqual(needles);

    const last = pages.at(-1)!;
    const back = await repository.list({ q: "needle" }, { page: 1, pageSize, cursor: before(last.newer!) });
    expect(titles(back)).toEqual(titles(pages.at(-2)!));
  });
});
