import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { GrievanceListResponse } from "#shared/api-types.ts";
import type { GrievanceRepository } from "#server/grievances/grievance-repository.ts";
import { createTestApp, postGrievance, validFields, type TestApp } from "./test-app.ts";

// The public list's answers kept in memory on the embedded database, and forgotten at every change to what a list
// shows (src/server/grievances/public-list-cache.ts, docs/decisions/047-the-public-list-kept-in-memory.md). On a
// PostgreSQL server nothing is kept: every request reads the database.

const databases = [
  { name: "the embedded database", embedded: true },
  // CI's API tests run on its server; here too when one is named.
  ...(process.env.TEST_DATABASE_URL ? [{ name: "a PostgreSQL server", embedded: false }] : []),
];

describe.each(databases)("the public list on $name", ({ embedded }) => {
  let t: TestApp;
  /** How many times the list was read from the database. */
  let reads = 0;
  /** Run inside the next read, after its rows were read and before its answer is sent. */
  let duringRead: (() => Promise<unknown>) | undefined;

  beforeAll(async () => {
    t = await createTestApp({
      embedded,
      repository: (real) =>
        Object.assign(Object.create(real) as GrievanceRepository, {
          list: async (...args: Parameters<GrievanceRepository["list"]>) => {
            reads += 1;
            const page = await real.list(...args);
            const during = duringRead;
            duringRead = undefined;
            await during?.();
            return page;
          },
        }),
    });
    for (const [title, minutesAgo] of [
      ["Brown water at the market", 3],
      ["Burst main on Station Road", 2],
      ["Blocked drain by the school", 1],
    ] as const)
      await t.db.query(
        `INSERT INTO grievances (title, description, category, priority, status, created_at)
       VALUES ($1, 'Details follow.', 'Other', 'medium', 'pending', now() - make_interval(mins => $2))`,
        [title, minutesAgo],
      );
  });
  afterAll(() => t.close());
  beforeEach(() => {
    reads = 0;
  });

  async function list(query = "") {
    const res = await t.app.inject({ url: `/api/grievances${query}` });
    expect(res.statusCode).toBe(200);
    return { res, body: res.json<GrievanceListResponse>() };
  }
  const titles = async (query = "") => (await list(query)).body.items.map((item) => item.title);

  describe("kept in memory on the embedded database only", () => {
    it("sends the same answer again, byte for byte, without reading the database on the embedded one", async () => {
      const first = await list("?status=pending");
      const again = await list("?status=pending");
      expect(again.res.body).toBe(first.res.body);
      expect(again.res.headers["content-type"]).toBe(first.res.headers["content-type"]);
      expect(again.res.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(first.body.items).toHaveLength(3);
      expect(reads).toBe(embedded ? 1 : 2);
    });

    it("keeps each query's answer apart: other filters, another page size, another page", async () => {
      await list();
      expect(await titles("?pageSize=1")).toEqual(["Blocked drain by the school"]);
      expect(await titles("?pageSize=1&page=2")).toEqual(["Burst main on Station Road"]);
      expect(await titles("?category=Other&pageSize=2")).toEqual([
        "Blocked drain by the school",
        "Burst main on Station Road",
      ]);
      expect(await titles("?status=resolved")).toEqual([]);
    });

    it("never keeps a search's answer, which also follows the planner's statistics", async () => {
      await list("?q=drain");
      await list("?q=drain");
      expect(reads).toBe(2);
    });

    it("shows each change on the next request: a report submitted, a status changed, a report hidden, a category renamed", async () => {
      await list();
      const submitted = await postGrievance(t.app, { ...validFields, title: "Leak by the clinic" });
      expect(submitted.statusCode).toBe(201);
      expect((await titles())[0]).toBe("Leak by the clinic");

      await t.db.query("UPDATE grievances SET status = 'resolved' WHERE title = 'Burst main on Station Road'");
      expect(await titles("?status=resolved")).toEqual(["Burst main on Station Road"]);

      await t.db.query(
        "UPDATE grievances SET hidden_at = now(), hidden_reason = 'Spam' WHERE title = 'Leak by the clinic'",
      );
      expect(await titles()).not.toContain("Leak by the clinic");

      await t.db.query("UPDATE categories SET name = 'Something else' WHERE key = 'Other'");
      try {
        expect(new Set((await list()).body.items.map((item) => item.category))).toEqual(new Set(["Something else"]));
      } finally {
        await t.db.query("UPDATE categories SET name = 'Other' WHERE key = 'Other'");
      }
      expect((await list()).body.items[0]?.category).toBe("Other");
    });

    it("keeps its answer through a change rolled back", async () => {
      await list();
      const before = reads;
      await expect(
        t.db.transaction(async (tx) => {
          await tx.query("UPDATE grievances SET title = 'Never seen' WHERE title = 'Brown water at the market'");
          throw new Error("rolled back");
        }),
      ).rejects.toThrow("rolled back");
      expect(await titles()).not.toContain("Never seen");
      expect(reads).toBe(embedded ? before : before + 1);
    });

    it("does not keep an answer read before a change that committed while it was being made", async () => {
      // Whatever an earlier test left kept is forgotten: this request reads.
      await t.db.query("UPDATE grievances SET status = status WHERE false");
      duringRead = () =>
        t.db.query("UPDATE grievances SET title = 'Brown water, now clear' WHERE title = 'Brown water at the market'");
      // This answer was read before the change: sent as read, but not kept for the next request.
      expect(await titles()).toContain("Brown water at the market");
      expect(await titles()).toContain("Brown water, now clear");
      expect(reads).toBe(2);
    });
  });
});
