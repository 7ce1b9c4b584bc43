import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GrievanceListResponse } from "#shared/api-types.ts";
import { filterConditions } from "#server/grievances/grievance-filter-repository.ts";
import { countRows, createTestApp, type TestApp } from "./test-app.ts";

// Word search (docs/decisions/011-full-text-search.md): whole words, the last one also as a prefix, websearch syntax.
let t: TestApp;

const seeds = [
  {
    key: "A",
    title: "Leaking pipe near the school",
    description: "Water runs down the road all day.",
    location: "Elm Street",
  },
  { key: "B", title: "Pipeline burst", description: "The main line burst at night.", location: "Harbour Road" },
  { key: "C", title: "Brown water", description: "Tastes of metal; the pipes are old.", location: null },
  { key: "D", title: "Burst pipe by the market", description: "Flooding the stalls.", location: "Market Square" },
  { key: "E", title: "Valve stuck", description: "The valve will not turn.", location: null },
  { key: "F", title: "Сломанный кран", description: "Вода течёт весь день.", location: "Öl-Straße 5" },
  { key: "G", title: "Discount 50% on repairs?", description: "Call 0800 123 456 now", location: null },
  { key: "H", title: "Secret pipe report", description: "A pipe that staff hid.", location: null, hidden: true },
];
const keyOf = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp();
  for (const [i, s] of seeds.entries()) {
    await t.db.query(
      `INSERT INTO grievances (title, description, location, category, hidden_at, hidden_reason, created_at)
       VALUES ($1, $2, $3, 'Other', $4::timestamptz, $5, now() - make_interval(mins => $6))`,
      [s.title, s.description, s.location, s.hidden ? new Date() : null, s.hidden ? "Spam" : null, i + 1],
    );
    keyOf.set(s.title, s.key);
  }
});
afterAll(() => t.close());

async function search(q: string, extra = "") {
  const res = await t.app.inject({ url: `/api/grievances?q=${encodeURIComponent(q)}${extra}` });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<GrievanceListResponse>();
  // Below the cap the count is exact: it agrees with the rows.
  expect(body).toMatchObject({ matching: body.items.length, matchingCapped: false, total: 7 });
  return body.items.map((item) => keyOf.get(item.title)).join("");
}

describe("search by words", () => {
  it.each([
    ["a word", "school", "A"],
    ["a word in any case", "ELM STREET", "A"],
    ["words from title, description and location together", "main harbour", "B"],
    ["every word of several", "burst market", "D"],
    ["a word of another script", "кран", "F"],
    ["a word joined by a hyphen", "Straße", "F"],
    ["a number in a text", "123", "G"],
  ])("finds %s", async (_what, q, expected) => {
    expect(await search(q)).toBe(expected);
  });

  it("completes the last word as it is typed, newest first", async () => {
    expect(await search("pip")).toBe("ABCD");
    expect(await search("Leaking pi")).toBe("A");
    expect(await search("Слом")).toBe("F");
    expect(await search("bur")).toBe("BD");
  });

  it("matches whole words, not the middle of one", async () => {
    expect(await search("ipe")).toBe("");
    expect(await search("line")).toBe("B");
    expect(await search("ine")).toBe("");
  });

  it("keeps a finished word exact: a closed phrase, or a word followed by punctuation", async () => {
    expect(await search('"pipe"')).toBe("AD");
    expect(await search("pipe.")).toBe("AD");
  });

  it("finds quoted phrases in their order only", async () => {
    expect(await search('"main line"')).toBe("B");
    expect(await search('"line main"')).toBe("");
    expect(await search('"burst at nig')).toBe("B");
  });

  it("understands or and -word", async () => {
    expect(await search("school or valve")).toBe("AE");
    expect(await search("valve OR school")).toBe("AE");
    expect(await search("burst -night")).toBe("D");
    // Without a word to look for, an exclusion alone still lists everything else; "pipes" is not "pipe".
    expect(await search("-pipe")).toBe("BCEFG");
    // PostgreSQL would nest one NOT per minus and fail past 32: a run of them means one.
    expect(await search(`${"-".repeat(60)}pipe`)).toBe("BCEFG");
    expect(await search(`${"-(".repeat(60)}pipe`)).toBe("BCEFG");
  });

  it("reads punctuation as the space between words", async () => {
    expect(await search("50%")).toBe("G");
    expect(await search("repairs?")).toBe("G");
    expect(await search("metal;")).toBe("C");
    expect(await search("water_runs")).toBe("A");
    for (const q of ["%", "!!!", '"', "-", "&|!():*<->", "\\", "''"]) expect(await search(q)).toBe("");
  });

  it("treats SQL and tsquery syntax as text", async () => {
    expect(await search("'; DROP TABLE grievances; --")).toBe("");
    expect(await search("pipe' OR '1'='1")).not.toBe("ABCDEFG");
    // & and ! are no operators in web search syntax: two words.
    expect(await search("pipe & !school")).toBe("A");
    expect(await search("pip:*")).toBe("");
    expect(await search("$1")).toBe("");
    expect(await countRows(t.db)).toBe(8);
  });

  it("takes the longest search the box allows", async () => {
    // Forty times the word: only its last time is also a prefix, so "pipe" itself must be there.
    expect(await search("pipe ".repeat(40).trim())).toBe("AD");
    expect(await search("x".repeat(200))).toBe("");
    expect(await search(`${"-".repeat(100)}${'"'.repeat(100)}`)).toBe("");
  });

  it("combines the search with the filters", async () => {
    expect(await search("pip", "&category=Other")).toBe("ABCD");
    expect(await search("pip", "&category=Leakage%20Issues")).toBe("");
  });

  it("never finds a hidden report", async () => {
    expect(await search("secret")).toBe("");
    expect(await search("staff hid")).toBe("");
  });

  it("is answered through the GIN index on the words, whether or not the last word is a prefix", async () => {
    for (const q of ["pipe", "pip", '"main line" -night']) {
      const params: unknown[] = [];
      const [condition] = filterConditions({ q }, params);
      const plan = await t.db.transaction(async (tx) => {
        // Only a bitmap scan is left, and GIN indexes offer nothing else: the plan shows whether the index applies.
        await tx.query("SET LOCAL enable_seqscan = off");
        await tx.query("SET LOCAL enable_indexscan = off");
        const { rows } = await tx.query<{ "QUERY PLAN": string }>(
          `EXPLAIN SELECT id FROM grievances WHERE ${condition}`,
          params,
        );
        return rows.map((row) => row["QUERY PLAN"]).join("\n");
      });
      expect(plan).toContain("grievances_search_vector_idx");
      expect(plan).not.toContain("Seq Scan");
    }
  });
});
