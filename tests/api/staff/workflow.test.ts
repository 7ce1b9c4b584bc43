import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { StaffGrievanceDetail, StaffQueueResponse } from "#shared/staff/staff-api.ts";
import { STAFF_MESSAGES } from "#shared/staff/staff-messages.ts";
import { createTestApp, type TestApp } from "../test-app.ts";
import { addStaff, resetData, seedGrievance, staffClient, STAFF_EMAIL } from "./staff-helpers.ts";

let t: TestApp;
let as: (options: InjectOptions) => Promise<LightMyRequestResponse>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetData(t.db);
  await addStaff(t.db);
  as = await staffClient(t.app);
});

const setStatus = (id: string, status: string, note?: string) =>
  as({
    method: "POST",
    url: `/api/staff/grievances/${id}/status`,
    payload: { status, ...(note !== undefined && { note }) },
  });
const progress = (id: string) => t.app.inject({ method: "GET", url: `/api/grievances/${id}/progress` });

describe("status changes", () => {
  it("moves pending -> in-progress -> resolved -> in-progress, one event each, shown publicly without staff", async () => {
    const id = await seedGrievance(t.db);
    const started = await setStatus(id, "in-progress", "A crew is on its way.");
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ id, status: "in-progress" });

    const resolved = await setStatus(id, "resolved", "Pipe replaced on Elm Street.");
    expect(resolved.statusCode).toBe(200);
    const reopened = await setStatus(id, "in-progress", "The water is brown again.");
    expect(reopened.statusCode).toBe(200);

    const detail = reopened.json<StaffGrievanceDetail>();
    expect(detail.status).toBe("in-progress");
    expect(detail.timeline.map((e) => [e.kind, e.from, e.to, e.note, e.staff_email])).toEqual([
      ["status", "pending", "in-progress", "A crew is on its way.", STAFF_EMAIL],
      ["status", "in-progress", "resolved", "Pipe replaced on Elm Street.", STAFF_EMAIL],
      ["status", "resolved", "in-progress", "The water is brown again.", STAFF_EMAIL],
    ]);

    const pub = await progress(id);
    expect(pub.statusCode).toBe(200);
    const body = pub.json();
    expect(body.status).toBe("in-progress");
    expect(body.timeline.map((e: { type: string; to?: string; note?: string }) => [e.type, e.to, e.note])).toEqual([
      ["reported", undefined, undefined],
      ["status", "in-progress", "A crew is on its way."],
      ["status", "resolved", "Pipe replaced on Elm Street."],
      ["status", "in-progress", "The water is brown again."],
    ]);
    expect(pub.body).not.toContain(STAFF_EMAIL);
    expect(pub.body).not.toContain("staff");

    // The public detail answers the new status too.
    expect((await t.app.inject({ method: "GET", url: `/api/grievances/${id}` })).json()).toMatchObject({
      status: "in-progress",
    });
  });

  it("allows pending -> resolved directly (duplicates, quick fixes) with a note", async () => {
    const id = await seedGrievance(t.db);
    const response = await setStatus(id, "resolved", "Duplicate of the Elm Street report.");
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe("resolved");
  });

  it("needs a public note to resolve", async () => {
    const id = await seedGrievance(t.db, { status: "in-progress" });
    for (const note of [undefined, "", "   "]) {
      const response = await setStatus(id, "resolved", note);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: "Please add a public note explaining how the report was resolved.",
      });
    }
    expect((await t.db.query("SELECT 1 FROM grievance_events")).rows).toHaveLength(0);
  });

  it("allows a note-less move to in progress, and refuses a note over 1000 characters", async () => {
    const id = await seedGrievance(t.db);
    expect((await setStatus(id, "in-progress", "x".repeat(1001))).json()).toMatchObject({
      message: "The note must be at most 1000 characters.",
    });
    const ok = await setStatus(id, "in-progress");
    expect(ok.statusCode).toBe(200);
    expect(ok.json<StaffGrievanceDetail>().timeline[0]!.note).toBeNull();
  });

  it.each([
    ["in-progress", "pending", "A report cannot be moved from In progress to Pending."],
    ["resolved", "pending", "A report cannot be moved from Resolved to Pending."],
    ["pending", "pending", "This report is already Pending."],
    ["in-progress", "in-progress", "This report is already In progress."],
    ["resolved", "resolved", "This report is already Resolved."],
  ])("refuses %s -> %s with 409", async (from, to, message) => {
    const id = await seedGrievance(t.db, { status: from });
    const response = await setStatus(id, to, "note");
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message });
    const { rows } = await t.db.query<{ status: string }>("SELECT status FROM grievances WHERE id = $1", [id]);
    expect(rows[0]!.status).toBe(from);
  });

  it("refuses an unknown status and answers 404 for an unknown report", async () => {
    const id = await seedGrievance(t.db);
    expect((await setStatus(id, "closed", "x")).json()).toMatchObject({ message: STAFF_MESSAGES.invalidStatus });
    const missing = await setStatus("00000000-0000-4000-8000-000000000000", "in-progress");
    expect(missing.statusCode).toBe(404);
    expect((await setStatus("not-a-uuid", "in-progress")).statusCode).toBe(404);
  });

  it("serialises concurrent changes: of two simultaneous identical moves one wins, the other is told", async () => {
    const id = await seedGrievance(t.db);
    const results = await Promise.all([setStatus(id, "in-progress", "one"), setStatus(id, "in-progress", "two")]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await t.db.query("SELECT 1 FROM grievance_events")).rows).toHaveLength(1);
  });
});

describe("hide and unhide", () => {
  it("hides a report from its public progress and the statistics, keeps it in the console, and shows it again", async () => {
    await seedGrievance(t.db, { title: "Visible report" });
    const id = await seedGrievance(t.db, { title: "Spam spam spam" });
    const noReason = await as({ method: "POST", url: `/api/staff/grievances/${id}/hide`, payload: { reason: " " } });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ message: "Please give a reason for hiding this report." });

    const hidden = await as({ method: "POST", url: `/api/staff/grievances/${id}/hide`, payload: { reason: "Spam" } });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({ hidden: true, hidden_reason: "Spam" });
    const again = await as({ method: "POST", url: `/api/staff/grievances/${id}/hide`, payload: { reason: "Spam" } });
    expect(again.statusCode).toBe(409);

    // Public answers of the staff plugin: 404 on progress, not in statistics.
    expect((await progress(id)).statusCode).toBe(404);
    const stats = (await t.app.inject({ method: "GET", url: "/api/stats" })).json();
    expect(stats.total).toBe(1);
    expect(stats.byStatus.pending).toBe(1);

    // Console: still there, flagged, with the moderation record.
    const queue = (await as({ method: "GET", url: "/api/staff/grievances?hidden=only" })).json<StaffQueueResponse>();
    expect(queue.items.map((g) => [g.id, g.hidden])).toEqual([[id, true]]);
    const shown = await as({ method: "POST", url: `/api/staff/grievances/${id}/unhide` });
    expect(shown.statusCode).toBe(200);
    const detail = shown.json<StaffGrievanceDetail>();
    expect(detail).toMatchObject({ hidden: false, hidden_reason: null, hidden_at: null });
    expect(detail.timeline.map((e) => [e.kind, e.note, e.staff_email])).toEqual([
      ["hidden", "Spam", STAFF_EMAIL],
      ["shown", null, STAFF_EMAIL],
    ]);
    expect((await as({ method: "POST", url: `/api/staff/grievances/${id}/unhide` })).statusCode).toBe(409);

    // Public again, and moderation never appears on the public timeline.
    const pub = await progress(id);
    expect(pub.statusCode).toBe(200);
    expect(pub.json().timeline).toEqual([{ type: "reported", at: expect.any(String) }]);
    expect((await t.app.inject({ method: "GET", url: `/api/grievances/${id}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/stats" })).json().total).toBe(2);
  });

  // Needs `hidden_at IS NULL` in the public repository's detail and list queries (src/server/grievances).
  it("removes a hidden report from the public list, its counts and the public detail", async () => {
    const visible = await seedGrievance(t.db, { title: "Visible report" });
    const id = await seedGrievance(t.db, { title: "Spam spam spam" });
    expect(
      (await as({ method: "POST", url: `/api/staff/grievances/${id}/hide`, payload: { reason: "Spam" } })).statusCode,
    ).toBe(200);

    const detail = await t.app.inject({ method: "GET", url: `/api/grievances/${id}` });
    expect(detail.statusCode).toBe(404);
    expect(detail.body).not.toContain("Spam spam spam");
    const list = (await t.app.inject({ method: "GET", url: "/api/grievances" })).json();
    expect(list.items.map((g: { id: string }) => g.id)).toEqual([visible]);
    expect(list).toMatchObject({ matching: 1, total: 1 });
    const searched = (await t.app.inject({ method: "GET", url: "/api/grievances?q=spam" })).json();
    expect(searched).toMatchObject({ items: [], matching: 0, total: 1 });
  });
});

describe("the work queue", () => {
  it("lists oldest open first, then resolved, with full contact details, overdue flags and ages", async () => {
    const resolvedOld = await seedGrievance(t.db, { title: "Resolved old", status: "resolved", age: "30 days" });
    // Within its day to acknowledge (ACKNOWLEDGE_TARGETS) and its week to resolve.
    const mediumNew = await seedGrievance(t.db, { title: "Medium new", priority: "medium", age: "20 hours" });
    const urgentOld = await seedGrievance(t.db, { title: "Urgent old", priority: "urgent", age: "2 days 1 hour" });
    const lowOld = await seedGrievance(t.db, {
      title: "Low leak",
      priority: "low",
      status: "in-progress",
      age: "20 days",
      category: "Leakage Issues",
    });
    const response = await as({ method: "GET", url: "/api/staff/grievances" });
    expect(response.statusCode).toBe(200);
    const queue = response.json<StaffQueueResponse>();
    expect(queue).toMatchObject({ matching: 4, total: 4, page: 1, pageSize: 12 });
    expect(queue.items.map((g) => [g.id, g.overdue])).toEqual([
      [lowOld, true],
      [urgentOld, true],
      [mediumNew, false],
      [resolvedOld, false],
    ]);
    expect(queue.items[0]).toMatchObject({ user_email: "jane.doe@example.org", user_phone: "+254 700 123 489" });
    expect(queue.items[0]!.age_seconds).toBeGreaterThan(20 * 86_400 - 60);

    const overdue = (await as({ method: "GET", url: "/api/staff/grievances?overdue=true" })).json<StaffQueueResponse>();
    expect(overdue.items.map((g) => g.id)).toEqual([lowOld, urgentOld]);
    expect(overdue).toMatchObject({ matching: 2, total: 4 });
    const filtered = (
      await as({
        method: "GET",
        url: "/api/staff/grievances?q=LEAK&category=Leakage%20Issues&status=in-progress&priority=low",
      })
    ).json<StaffQueueResponse>();
    expect(filtered.items.map((g) => g.id)).toEqual([lowOld]);
    const paged = (
      await as({ method: "GET", url: "/api/staff/grievances?page=2&pageSize=3" })
    ).json<StaffQueueResponse>();
    expect(paged.items.map((g) => g.id)).toEqual([resolvedOld]);
  });

  it("uses the configured overdue targets", async () => {
    const custom = await createTestApp({
      config: { overdueTargetDays: { urgent: 1, high: 3, medium: 1, low: 14 } },
    });
    try {
      await addStaff(custom.db);
      const id = await seedGrievance(custom.db, { priority: "medium", age: "2 days" });
      // Acknowledged: overdue only past its day to resolve (7 by default).
      await custom.db.query("UPDATE grievances SET first_response_at = created_at + interval '1 hour' WHERE id = $1", [
        id,
      ]);
      const client = await staffClient(custom.app);
      const queue = (
        await client({ method: "GET", url: "/api/staff/grievances?overdue=true" })
      ).json<StaffQueueResponse>();
      expect(queue.items.map((g) => g.id)).toEqual([id]);
    } finally {
      await custom.close();
    }
  });

  it("shows one report in full and answers 404 for an unknown one", async () => {
    const id = await seedGrievance(t.db);
    await t.db.query(
      `UPDATE grievances SET images = '[{"key": "1700000000000-abcdefghij-pipe.jpg", "thumbnailKey": "1700000000000-abcdefghij-pipe.thumb.webp"}]' WHERE id = $1`,
      [id],
    );
    const detail = (await as({ method: "GET", url: `/api/staff/grievances/${id}` })).json<StaffGrievanceDetail>();
    expect(detail).toMatchObject({
      id,
      user_email: "jane.doe@example.org",
      hidden: false,
      timeline: [],
      images: [
        {
          url: "/api/staff/media/grievance-images/1700000000000-abcdefghij-pipe.jpg",
          thumbnailUrl: "/api/staff/media/grievance-images/1700000000000-abcdefghij-pipe.thumb.webp",
        },
      ],
    });
    const missing = await as({ method: "GET", url: "/api/staff/grievances/00000000-0000-4000-8000-000000000000" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: "Grievance not found", requestId: expect.any(String) });
  });
});
