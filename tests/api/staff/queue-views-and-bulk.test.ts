import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { BulkResult, StaffQueueResponse } from "#shared/staff/staff-api.ts";
import { STAFF_MESSAGES } from "#shared/staff/staff-messages.ts";
import { WORK_MESSAGES } from "#shared/staff/work-schemas.ts";
import { createTestApp, type TestApp } from "../test-app.ts";
import { addStaff, resetData, seedGrievance, staffClient } from "./staff-helpers.ts";
import { outboxOf, seedTeam } from "./work-support.ts";

let t: TestApp;
let as: (options: InjectOptions) => Promise<LightMyRequestResponse>;
let me: string;
let other: string;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetData(t.db);
  await t.db.query("TRUNCATE outbox, audit_log, followers RESTART IDENTITY CASCADE");
  me = (await addStaff(t.db)).id;
  other = (await addStaff(t.db, "other@water.example")).id;
  as = await staffClient(t.app);
});

const setTeam = (id: string, teamId: string | null, assigneeId: string | null = null) =>
  t.db.query("UPDATE grievances SET team_id = $2, assignee_id = $3 WHERE id = $1", [id, teamId, assigneeId]);
const titlesOf = async (search: string) => {
  const res = await as({ method: "GET", url: `/api/staff/grievances?${search}` });
  expect(res.statusCode).toBe(200);
  const body = res.json<StaffQueueResponse>();
  return { titles: body.items.map((g) => g.title), matching: body.matching };
};

describe("the queue's views", () => {
  it('"mine", "my teams" and "needs a team" hold the open reports of each, oldest first', async () => {
    const mine = await seedTeam(t.db, "North crew", [me, other]);
    const theirs = await seedTeam(t.db, "South crew", [other]);
    const a = await seedGrievance(t.db, { title: "Mine, oldest", age: "3 days" });
    const b = await seedGrievance(t.db, { title: "Mine, newer", age: "1 day" });
    const c = await seedGrievance(t.db, { title: "My team's, someone else's", age: "2 days" });
    const d = await seedGrievance(t.db, { title: "Another team's", age: "2 days" });
    const e = await seedGrievance(t.db, { title: "Mine but resolved", status: "resolved", age: "5 days" });
    await seedGrievance(t.db, { title: "Nobody's", age: "4 days" });
    await seedGrievance(t.db, { title: "Nobody's, resolved", status: "resolved", age: "6 days" });
    await setTeam(a, mine, me);
    await setTeam(b, mine, me);
    await setTeam(c, mine, other);
    await setTeam(d, theirs, other);
    await setTeam(e, mine, me);

    expect(await titlesOf("view=mine")).toEqual({ titles: ["Mine, oldest", "Mine, newer"], matching: 2 });
    expect(await titlesOf("view=my-teams")).toEqual({
      titles: ["Mine, oldest", "My team's, someone else's", "Mine, newer"],
      matching: 3,
    });
    expect(await titlesOf("view=needs-team")).toEqual({ titles: ["Nobody's"], matching: 1 });
    // With the other filters and orders.
    expect((await titlesOf("view=my-teams&sort=newest")).titles).toEqual([
      "Mine, newer",
      "My team's, someone else's",
      "Mine, oldest",
    ]);
    expect((await titlesOf("view=my-teams&q=newer")).titles).toEqual(["Mine, newer"]);
    // Each staff member's own: the other one's "mine".
    const theirClient = await staffClient(t.app, "other@water.example");
    const res = await theirClient({ method: "GET", url: "/api/staff/grievances?view=mine" });
    expect(res.json<StaffQueueResponse>().items.map((g) => g.title)).toEqual([
      "My team's, someone else's",
      "Another team's",
    ]);
    // In two teams: both teams' open reports in one order, paged across them (each team read on its own).
    const both = async (search: string) =>
      (await theirClient({ method: "GET", url: `/api/staff/grievances?view=my-teams&${search}` }))
        .json<StaffQueueResponse>()
        .items.map((g) => g.title);
    expect(await both("pageSize=10")).toEqual([
      "Mine, oldest",
      "My team's, someone else's",
      "Another team's",
      "Mine, newer",
    ]);
    expect(await both("page=2&pageSize=2")).toEqual(["Another team's", "Mine, newer"]);
    expect(await both("page=2&pageSize=2&sort=newest")).toEqual(["My team's, someone else's", "Mine, oldest"]);
    expect((await as({ method: "GET", url: "/api/staff/grievances?view=everything" })).statusCode).toBe(400);
  });

  it("the queue's items carry their team and assignee", async () => {
    const mine = await seedTeam(t.db, "North crew", [me]);
    const id = await seedGrievance(t.db);
    await setTeam(id, mine, me);
    const res = await as({ method: "GET", url: "/api/staff/grievances" });
    expect(res.json<StaffQueueResponse>().items[0]).toMatchObject({
      team: { id: mine, name: "North crew" },
      assignee: { id: me, email: "officer@water.example" },
    });
  });
});

describe("bulk actions", () => {
  const bulk = (what: "assignment" | "status", payload: object) =>
    as({ method: "POST", url: `/api/staff/grievances/bulk/${what}`, payload });

  it("assigns each report it can and says why not for the others", async () => {
    const north = await seedTeam(t.db, "North crew", [me, other]);
    const a = await seedGrievance(t.db);
    const b = await seedGrievance(t.db);
    const already = await seedGrievance(t.db);
    await setTeam(already, north, other);
    const missing = "00000000-0000-4000-8000-000000000000";
    const res = await bulk("assignment", { ids: [a, already, missing, b], teamId: north, staffAccountId: other });
    expect(res.statusCode).toBe(200);
    const body = res.json<BulkResult>();
    expect(body.results.map((r) => [r.id, r.ok, r.message])).toEqual([
      [a, true, null],
      [already, false, WORK_MESSAGES.alreadyAssigned],
      [missing, false, STAFF_MESSAGES.notFound],
      [b, true, null],
    ]);
    expect(body.results[0]!.reference).toMatch(/\S/);
    expect(body).toMatchObject({ succeeded: 2, failed: 2 });
    expect(await outboxOf(t.db, "assignment")).toHaveLength(2);
    const { rows } = await t.db.query("SELECT 1 FROM grievance_events WHERE kind = 'assigned'");
    expect(rows).toHaveLength(2);
  });

  it("changes each status it can, resolving only with a note, in the request's language", async () => {
    const pending = await seedGrievance(t.db);
    const resolved = await seedGrievance(t.db, { status: "resolved" });
    for (const [id, email] of [
      [pending, "pending@example.org"],
      [resolved, "resolved@example.org"],
    ]) {
      await t.db.query(
        "INSERT INTO followers (grievance_id, email, is_reporter, confirmed_at, locale) VALUES ($1, $2, true, now(), 'en')",
        [id, email],
      );
    }
    const noNote = await bulk("status", { ids: [pending], status: "resolved" });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().message).toBe(STAFF_MESSAGES.noteRequiredToResolve);

    const res = await as({
      method: "POST",
      url: "/api/staff/grievances/bulk/status",
      headers: { "accept-language": "fr" },
      payload: { ids: [pending, resolved], status: "resolved", note: "Fixed by the North crew." },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<BulkResult>();
    expect(body.results.map((r) => r.ok)).toEqual([true, false]);
    // "This report is already Resolved." in French.
    expect(body.results[1]!.message).toMatch(/déjà/);
    const { rows } = await t.db.query<{ status: string }>("SELECT status FROM grievances WHERE id = $1", [pending]);
    expect(rows[0]!.status).toBe("resolved");
    // Followers of the changed report are told, as for a single change; the refused one's are not.
    const told = await outboxOf(t.db, "update");
    expect(told.map((m) => m.recipient)).toEqual(["pending@example.org"]);
    expect(told[0]!.text_body).toContain("Fixed by the North crew.");
  });

  it("refuses an empty or oversized selection", async () => {
    expect((await bulk("status", { ids: [], status: "in-progress" })).statusCode).toBe(400);
    const many = Array.from({ length: 101 }, () => "00000000-0000-4000-8000-000000000000");
    expect((await bulk("status", { ids: many, status: "in-progress" })).statusCode).toBe(400);
  });
});
