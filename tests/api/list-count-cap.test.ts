import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GrievanceListResponse } from "#shared/api-types.ts";
import type { StaffQueueResponse } from "#shared/staff/staff-api.ts";
import { addStaff, staffClient } from "./staff/staff-helpers.ts";
import { createTestApp, expectHumanError, type TestApp } from "./test-app.ts";

// Matching rows are counted up to 1,000 (MATCHING_CAP); above that the answer says the count is capped (docs/product-decisions.md D12).
let t: TestApp;
let asStaff: (options: InjectOptions) => Promise<LightMyRequestResponse>;
let hiddenId: string;

beforeAll(async () => {
  t = await createTestApp();
  // 1,001 reports that all say "overflow"; the first 1,000 also say "boundary"; every other one is a leak.
  // As a script: on PostgreSQL a request's statement may take 3 s at most, and the tally trigger runs 1,001 times.
  await t.db.exec(
    `INSERT INTO grievances (title, description, category, created_at)
     SELECT 'Overflow report ' || g,
            CASE WHEN g <= 1000 THEN 'A boundary case.' ELSE 'The one more.' END,
            CASE WHEN g % 2 = 0 THEN 'Leakage Issues' ELSE 'Other' END,
            timestamptz '2026-01-01 00:00:00+00' - g * interval '1 second'
     FROM generate_series(1, 1001) AS g`,
  );
  const { rows } = await t.db.query<{ id: string }>("SELECT id FROM grievances WHERE title = 'Overflow report 1'");
  hiddenId = rows[0]!.id;
  await addStaff(t.db);
  asStaff = await staffClient(t.app);
}, 120_000);
afterAll(() => t.close());

async function list(query: string): Promise<GrievanceListResponse> {
  const res = await t.app.inject({ url: `/api/grievances?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<GrievanceListResponse>();
}

async function queue(query: string): Promise<StaffQueueResponse> {
  const res = await asStaff({ method: "GET", url: `/api/staff/grievances?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<StaffQueueResponse>();
}

const setHidden = (hidden: boolean) =>
  t.db.query(
    hidden
      ? "UPDATE grievances SET hidden_at = now(), hidden_reason = 'Spam' WHERE id = $1"
      : "UPDATE grievances SET hidden_at = NULL, hidden_reason = NULL WHERE id = $1",
    [hiddenId],
  );

describe("the public list's count", () => {
  it("stops at 1,000 matches of a search and says so", async () => {
    const body = await list("q=overflow");
    expect(body).toMatchObject({ matching: 1_000, matchingCapped: true, total: 1_001 });
    expect(body.items).toHaveLength(12);
    expect(body.nextCursor).not.toBeNull();
  });

  it("is exact at 1,000 and below", async () => {
    expect(await list("q=boundary")).toMatchObject({ matching: 1_000, matchingCapped: false, total: 1_001 });
    expect(await list("q=overflow&category=Other")).toMatchObject({ matching: 501, matchingCapped: false });
    expect(await list("q=one%20more")).toMatchObject({ matching: 1, matchingCapped: false });
  });

  it("stays exact without a search: the tallies know every number", async () => {
    expect(await list("")).toMatchObject({ matching: 1_001, matchingCapped: false, total: 1_001 });
    expect(await list("category=Leakage%20Issues")).toMatchObject({
      matching: 500,
      matchingCapped: false,
      total: 1_001,
    });
  });

  it("leaves hidden reports out of the count", async () => {
    await setHidden(true);
    try {
      expect(await list("q=overflow")).toMatchObject({ matching: 1_000, matchingCapped: false, total: 1_000 });
    } finally {
      await setHidden(false);
    }
  });

  it("pages on beyond the capped count", async () => {
    const last = await list("q=overflow&pageSize=100&page=11");
    expect(last).toMatchObject({ matchingCapped: true, nextCursor: null });
    expect(last.items.map((item) => item.title)).toEqual(["Overflow report 1001"]);
  });
});

describe("the staff queue's count", () => {
  it("is capped the same way, hidden reports included", async () => {
    await setHidden(true);
    try {
      expect(await queue("q=overflow")).toMatchObject({ matching: 1_000, matchingCapped: true, total: 1_001 });
      expect(await queue("q=overflow&hidden=exclude")).toMatchObject({
        matching: 1_000,
        matchingCapped: false,
        total: 1_001,
      });
      expect(await queue("hidden=only")).toMatchObject({ matching: 1, matchingCapped: false, total: 1_001 });
      expect(await queue("status=pending")).toMatchObject({ matching: 1_000, matchingCapped: true });
    } finally {
      await setHidden(false);
    }
  });

  it("counts every report when nothing filters them", async () => {
    expect(await queue("")).toMatchObject({ matching: 1_001, matchingCapped: false, total: 1_001 });
  });

  it("refuses the public list's cursors: the queue has an order of its own", async () => {
    const { nextCursor } = await list("q=overflow");
    const res = await asStaff({ method: "GET", url: `/api/staff/grievances?cursor=${nextCursor}` });
    expect(res.statusCode).toBe(400);
    expectHumanError(res.body, "The work queue pages by number: use page, not cursor.");
  });
});
