import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { staffApiPaths, type StaffGrievanceDetail, type StaffQueueResponse } from "#shared/staff/staff-api.ts";
import { QUEUE_ORDERS } from "#server/staff/staff-grievance-repository.ts";
import { createTestApp, type TestApp } from "../test-app.ts";
import { addStaff, resetData, seedGrievance, seedStatusEvent, staffClient } from "./staff-helpers.ts";

// The work queue as a work list: its orders (newest first, most urgent first, beside oldest first and most
// affected), each report's target, the incident it is linked to and the reporter's updates staff have not acted on.

let t: TestApp;
let as: (options: InjectOptions) => Promise<LightMyRequestResponse>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetData(t.db);
  await t.db.query("TRUNCATE incidents, reporter_updates CASCADE");
  await addStaff(t.db);
  as = await staffClient(t.app);
});

const queue = async (query: string) => {
  const res = await as({ method: "GET", url: `${staffApiPaths.grievances}?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<StaffQueueResponse>();
};
const titles = (body: { items: { title: string }[] }) => body.items.map((item) => item.title);

/** Oldest first: A low, B urgent, C medium, D urgent, E high but resolved, F high. */
async function seedQueue() {
  const seeded: Record<string, string> = {};
  const rows = [
    ["A", "low", "pending", "6 hours"],
    ["B", "urgent", "in-progress", "5 hours"],
    ["C", "medium", "pending", "4 hours"],
    ["D", "urgent", "pending", "3 hours"],
    ["E", "high", "resolved", "2 hours"],
    ["F", "high", "pending", "1 hour"],
  ] as const;
  for (const [title, priority, status, age] of rows) {
    seeded[title] = await seedGrievance(t.db, { title, priority, status, age });
  }
  return seeded;
}

describe("the work queue's orders", () => {
  it("sorts newest first and most urgent first, open reports before resolved ones, across pages", async () => {
    await seedQueue();
    expect(titles(await queue(""))).toEqual(["A", "B", "C", "D", "F", "E"]);
    expect(titles(await queue("sort=newest"))).toEqual(["F", "D", "C", "B", "A", "E"]);
    expect(titles(await queue("sort=priority"))).toEqual(["B", "D", "F", "C", "A", "E"]);
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(titles(await queue(`sort=priority&pageSize=2&page=${page}`)));
    expect(pages).toEqual([
      ["B", "D"],
      ["F", "C"],
      ["A", "E"],
    ]);
    // With a filter, the same order among what matches.
    expect(titles(await queue("sort=priority&status=pending"))).toEqual(["D", "F", "C", "A"]);
    expect(titles(await queue("sort=newest&priority=urgent"))).toEqual(["D", "B"]);
  });

  it("pages the new orders through their own indexes", async () => {
    // The plan, not a timing: each order reads its index and stops at the page's LIMIT (migration 023).
    await seedQueue();
    await t.db.query("SET enable_seqscan = off");
    try {
      for (const [sort, index] of [
        ["newest", "grievances_queue_newest_idx"],
        ["priority", "grievances_queue_priority_idx"],
      ] as const) {
        const { rows } = await t.db.query<{ "QUERY PLAN": string }>(
          `EXPLAIN SELECT g.id FROM grievances g ORDER BY ${QUEUE_ORDERS[sort]} LIMIT 25`,
        );
        const plan = rows.map((row) => row["QUERY PLAN"]).join("\n");
        expect(plan).toContain(index);
        expect(plan).not.toMatch(/\bSort\b/);
      }
    } finally {
      await t.db.query("RESET enable_seqscan");
    }
  });
});

describe("what a row of the queue says", () => {
  it("gives each report its priority's target, in seconds", async () => {
    await seedQueue();
    const days = t.config.overdueTargetDays;
    const items = (await queue("")).items;
    expect(Object.fromEntries(items.map((item) => [item.priority, item.target_seconds]))).toEqual({
      low: days.low * 86_400,
      urgent: days.urgent * 86_400,
      medium: days.medium * 86_400,
      high: days.high * 86_400,
    });
  });

  it("names the incident a report is linked to, and null for the others", async () => {
    const ids = await seedQueue();
    const { rows } = await t.db.query<{ id: string }>(
      `INSERT INTO incidents (type, severity, title, message, instructions, localities, starts_at)
       VALUES ('supply-interruption', 'moderate', 'No water in Umoja', 'A trunk main is repaired.', 'Store water.', '{Umoja}', now())
       RETURNING id::text`,
    );
    const incident = rows[0]!.id;
    await t.db.query("INSERT INTO incident_reports (grievance_id, incident_id) VALUES ($1, $2), ($3, $2)", [
      ids.B,
      incident,
      ids.E,
    ]);
    const items = (await queue("")).items;
    const linked = items.filter((item) => item.incident !== null).map((item) => [item.title, item.incident]);
    expect(linked).toEqual([
      ["B", { id: incident, title: "No water in Umoja", type: "supply-interruption", closedAt: null }],
      ["E", { id: incident, title: "No water in Umoja", type: "supply-interruption", closedAt: null }],
    ]);
  });

  it("counts the reporter's updates since staff last acted, hidden ones left out", async () => {
    const ids = await seedQueue();
    const { rows } = await t.db.query<{ id: string }>("SELECT id::text FROM staff_accounts LIMIT 1");
    const staffId = rows[0]!.id;
    const update = (id: string, ago: string, hidden = false) =>
      t.db.query(
        `INSERT INTO reporter_updates (grievance_id, body, created_at, hidden_at, hidden_reason, hidden_by)
         VALUES ($1, 'Still brown this morning.', now() - $2::interval, $3, $4, $5)`,
        [id, ago, hidden ? new Date() : null, hidden ? "Abuse" : null, hidden ? staffId : null],
      );
    // A: two updates, never acted on. B: one before staff moved it, one after. C: only a hidden one.
    await update(ids.A!, "5 hours");
    await update(ids.A!, "4 hours");
    await update(ids.B!, "4 hours");
    await seedStatusEvent(t.db, ids.B!, "pending", "in-progress", "3 hours", staffId);
    await update(ids.B!, "2 hours");
    await update(ids.C!, "1 hour", true);
    const items = (await queue("")).items;
    expect(Object.fromEntries(items.map((item) => [item.title, item.new_reporter_updates]))).toEqual({
      A: 2,
      B: 1,
      C: 0,
      D: 0,
      E: 0,
      F: 0,
    });
    // The report's own page says the same.
    const detail = (
      await as({ method: "GET", url: `${staffApiPaths.grievances}/${ids.A}` })
    ).json<StaffGrievanceDetail>();
    expect(detail).toMatchObject({ new_reporter_updates: 2, incident: null });
  });
});
