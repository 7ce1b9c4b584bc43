import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GrievanceListResponse } from "#shared/api-types.ts";
import { encodeCursor } from "#server/grievances/list-cursor.ts";
import { createTestApp, expectHumanError, type TestApp } from "./test-app.ts";

// Keyset paging of GET /api/grievances: ?cursor= from nextCursor / prevCursor of an earlier answer.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // 46 reports within 16 microseconds, three to a timestamp: pages must split ties by id and keep microseconds.
  // Every 7th is hidden (40 public), every 2nd mentions a hydrant, every 3rd is a leak.
  await t.db.query(
    `INSERT INTO grievances (title, description, category, hidden_at, hidden_reason, created_at)
     SELECT 'Report ' || g,
            CASE WHEN g % 2 = 0 THEN 'A hydrant leaks.' ELSE 'Brown water.' END,
            CASE WHEN g % 3 = 0 THEN 'Leakage Issues' ELSE 'Other' END,
            CASE WHEN g % 7 = 0 THEN now() END,
            CASE WHEN g % 7 = 0 THEN 'Spam' END,
            timestamptz '2026-01-01 00:00:00+00' - (g / 3) * interval '1 microsecond'
     FROM generate_series(1, 46) AS g`,
  );
});
afterAll(() => t.close());

async function get(query: string): Promise<GrievanceListResponse> {
  const res = await t.app.inject({ url: `/api/grievances?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<GrievanceListResponse>();
}
const ids = (page: GrievanceListResponse) => page.items.map((item) => item.id);

/** Every page by number, until an empty one. */
async function byOffset(filters: string, pageSize: number): Promise<string[][]> {
  const pages: string[][] = [];
  for (let page = 1; ; page++) {
    const body = await get(`${filters}&pageSize=${pageSize}&page=${page}`);
    if (body.items.length === 0) return pages;
    pages.push(ids(body));
  }
}

/** Page 1, then nextCursor after nextCursor; checks on the way that each prevCursor leads one page back. */
async function forwards(filters: string, pageSize: number): Promise<string[][]> {
  let body = await get(`${filters}&pageSize=${pageSize}`);
  expect(body.prevCursor).toBeNull();
  const pages = [ids(body)];
  while (body.nextCursor) {
    body = await get(`${filters}&pageSize=${pageSize}&cursor=${body.nextCursor}`);
    pages.push(ids(body));
    expect(body.prevCursor).not.toBeNull();
    expect(ids(await get(`${filters}&pageSize=${pageSize}&cursor=${body.prevCursor}`))).toEqual(pages.at(-2));
  }
  return pages;
}

/** The last page by number, then prevCursor after prevCursor back to the first. */
async function backwards(filters: string, pageSize: number): Promise<string[][]> {
  const { matching } = await get(`${filters}&pageSize=${pageSize}`);
  let body = await get(`${filters}&pageSize=${pageSize}&page=${Math.ceil(matching / pageSize)}`);
  expect(body.nextCursor).toBeNull();
  const pages = [ids(body)];
  while (body.prevCursor) {
    body = await get(`${filters}&pageSize=${pageSize}&cursor=${body.prevCursor}`);
    pages.unshift(ids(body));
    expect(body.nextCursor).not.toBeNull();
  }
  return pages;
}

async function publicIds(where: string): Promise<string[]> {
  const { rows } = await t.db.query<{ id: string }>(
    `SELECT id FROM grievances WHERE hidden_at IS NULL AND ${where} ORDER BY created_at DESC, id DESC`,
  );
  return rows.map((row) => row.id);
}

describe("cursor paging", () => {
  it.each([
    ["no filter", "", "true", 5],
    ["a category", "category=Other", "category = 'Other'", 7],
    ["a search", "q=hydrant", "description LIKE '%hydrant%'", 4],
    [
      "a search and a category",
      "q=hydrant&category=Leakage%20Issues",
      "description LIKE '%hydrant%' AND category = 'Leakage Issues'",
      2,
    ],
    ["an excluding search", "q=-hydrant", "description NOT LIKE '%hydrant%'", 6],
  ])(
    "walks forwards and backwards through the pages offset paging gives, with %s",
    async (_what, filters, where, pageSize) => {
      const expected = await publicIds(where);
      const offsetPages = await byOffset(filters, pageSize);
      expect(offsetPages.flat()).toEqual(expected);
      expect(offsetPages.length).toBeGreaterThan(2);
      expect(await forwards(filters, pageSize)).toEqual(offsetPages);
      expect(await backwards(filters, pageSize)).toEqual(offsetPages);
    },
  );

  it("counts and numbers the page as asked, whichever way it was found", async () => {
    const first = await get("pageSize=5");
    const second = await get(`pageSize=5&page=2&cursor=${first.nextCursor}`);
    expect(second).toMatchObject({ page: 2, pageSize: 5, matching: 40, matchingCapped: false, total: 40 });
  });

  it("keeps a cursor's page where it was when newer reports arrive", async () => {
    const first = await get("pageSize=5");
    const before = await get(`pageSize=5&cursor=${first.nextCursor}`);
    const { rows } = await t.db.query<{ id: string }>(
      "INSERT INTO grievances (title, description, category) VALUES ('Newest', 'Arrived meanwhile.', 'Other') RETURNING id",
    );
    try {
      expect(ids(await get(`pageSize=5&cursor=${first.nextCursor}`))).toEqual(ids(before));
      // By number, page 2 has moved on by one.
      expect(ids(await get("pageSize=5&page=2"))[0]).toBe(ids(first).at(-1));
    } finally {
      await t.db.query("DELETE FROM grievances WHERE id = $1", [rows[0]!.id]);
    }
  });

  it("still pages from a report that was hidden after its cursor was given out", async () => {
    const first = await get("pageSize=5");
    const second = await get(`pageSize=5&cursor=${first.nextCursor}`);
    const lastOfFirst = ids(first).at(-1)!;
    await t.db.query("UPDATE grievances SET hidden_at = now(), hidden_reason = 'Spam' WHERE id = $1", [lastOfFirst]);
    try {
      const again = await get(`pageSize=5&cursor=${first.nextCursor}`);
      expect(ids(again)).toEqual(ids(second));
      const back = await get(`pageSize=5&cursor=${again.prevCursor}`);
      expect(ids(back)).toEqual(ids(first).slice(0, 4));
      expect(back.prevCursor).toBeNull();
    } finally {
      await t.db.query("UPDATE grievances SET hidden_at = NULL, hidden_reason = NULL WHERE id = $1", [lastOfFirst]);
    }
  });

  it("answers an empty page beyond either end", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    const older = await get(`cursor=${encodeCursor({ direction: "after", at: "0001-01-01T00:00:00.000000Z", id })}`);
    expect(older).toMatchObject({ items: [], nextCursor: null, prevCursor: null, matching: 40 });
    const newer = await get(`cursor=${encodeCursor({ direction: "before", at: "9999-12-31T23:59:59.999999Z", id })}`);
    expect(newer).toMatchObject({ items: [], nextCursor: null, prevCursor: null, matching: 40 });
  });
});

describe("a malformed cursor", () => {
  const valid = { at: "2026-01-01T00:00:00.000000Z", id: "0f8fad5b-d9cb-469f-a165-70867728950e" };
  const token = (text: string) => Buffer.from(text).toString("base64url");

  it.each([
    ["plain text", "page-2"],
    ["padding", "YQ=="],
    ["a token too long", "A".repeat(201)],
    ["a space", "ab%20cd"],
    ["garbage that decodes", "abcdefgh"],
    ["an unknown direction", token(`c|${valid.at}|${valid.id}`)],
    ["30 February", token(`a|2026-02-30T00:00:00.000000Z|${valid.id}`)],
    ["a time without microseconds", token(`a|2026-01-01T00:00:00Z|${valid.id}`)],
    ["an id that is no uuid", token(`a|${valid.at}|1' OR '1'='1`)],
    ["a second spelling of a valid token", `${encodeCursor({ direction: "after", ...valid })}A`],
    [
      "two cursors",
      `${encodeCursor({ direction: "after", ...valid })}&cursor=${encodeCursor({ direction: "before", ...valid })}`,
    ],
  ])("is refused with 400 and a message: %s", async (_what, cursor) => {
    const res = await t.app.inject({ url: `/api/grievances?cursor=${cursor}` });
    expect(res.statusCode).toBe(400);
    expectHumanError(res.body, "Invalid list query: please check cursor.");
  });
});
