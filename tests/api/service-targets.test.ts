import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { PublicStats, StaffGrievanceDetail, StaffQueueResponse } from "#shared/staff/staff-api.ts";
import type { SubmittedGrievance } from "#shared/tracking/tracking.ts";
import { adminAndStaffClients, HOST, resetData } from "./staff/staff-helpers.ts";
import { createTestApp, postGrievance, validFields, type TestApp } from "./test-app.ts";

// Service targets and due times (docs/decisions/030-service-targets-and-escalation.md): the administrators' targets,
// each new report's due times, the priority staff set moving them, what residents and Open311 clients see, and the
// queue's "time left" order.

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminAndStaffClients>>["admin"];
let staff: Awaited<ReturnType<typeof adminAndStaffClients>>["staff"];
const MINUTE = 60_000;

beforeAll(async () => {
  t = await createTestApp({
    config: { submissionsPerHour: 10_000, overdueTargetDays: { urgent: 1, high: 2, medium: 7, low: 14 } },
  });
});
afterAll(async () => t.close());
beforeEach(async () => {
  await resetData(t.db);
  await t.db.query("TRUNCATE service_targets, audit_log, rate_limit_counters");
  ({ admin, staff } = await adminAndStaffClients(t.app, t.db, "admin@water.example", "officer@water.example"));
});

async function submit(fields: Record<string, string> = {}): Promise<SubmittedGrievance> {
  const res = await postGrievance(t.app, { ...validFields, ...fields });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<SubmittedGrievance>();
}
const detail = async (id: string) =>
  (await staff({ method: "GET", url: `/api/staff/grievances/${id}` })).json<StaffGrievanceDetail>();
const after = (from: string, to: string | null) => (to === null ? null : (Date.parse(to) - Date.parse(from)) / MINUTE);
const setTarget = (body: Record<string, unknown>, as = admin) =>
  as({ method: "PUT", url: "/api/staff/admin/service-targets", payload: body });

describe("service targets", () => {
  it("lists every category × priority with the settings' defaults until an administrator sets one", async () => {
    const list = (await admin({ method: "GET", url: "/api/staff/admin/service-targets" })).json<{
      targets: { serviceCode: string; priority: string; acknowledgeMinutes: number; resolveMinutes: number }[];
      defaults: { priority: string; acknowledgeMinutes: number; resolveMinutes: number }[];
    }>();
    // OVERDUE_TARGETS (high=2 days here) to resolve; ACKNOWLEDGE_TARGETS' default (4 hours for high) to acknowledge.
    expect(list.defaults).toContainEqual({ priority: "high", acknowledgeMinutes: 240, resolveMinutes: 2 * 1440 });
    expect(list.targets).toContainEqual({
      serviceCode: "water-quality",
      priority: "high",
      acknowledgeMinutes: 240,
      resolveMinutes: 2880,
      custom: false,
    });
    expect(list.targets.length % 4).toBe(0);
  });

  it("sets a target for administrators only, audited, and each new report takes it", async () => {
    const body = { serviceCode: "water-quality", priority: "high", acknowledgeMinutes: 30, resolveMinutes: 600 };
    expect((await setTarget(body, staff)).statusCode).toBe(403);
    expect((await setTarget({ ...body, acknowledgeMinutes: 601 })).statusCode).toBe(400);
    expect((await setTarget({ ...body, serviceCode: "no-such-code" })).statusCode).toBe(404);
    const res = await setTarget(body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...body, custom: true });
    const { rows } = await t.db.query<{ action: string; target: string; actor: string }>(
      "SELECT action, target, actor FROM audit_log",
    );
    expect(rows).toEqual([
      { action: "service_target.set", target: "water-quality/high", actor: "admin@water.example" },
    ]);

    const report = await submit();
    const view = await detail(report.id);
    expect(after(view.created_at, view.dueAcknowledgeAt)).toBe(30);
    expect(after(view.created_at, view.dueResolveAt)).toBe(600);
    // Another category keeps the defaults.
    const other = await detail((await submit({ category: "Leakage Issues" })).id);
    expect(after(other.created_at, other.dueAcknowledgeAt)).toBe(240);
    expect(after(other.created_at, other.dueResolveAt)).toBe(2880);
  });

  it("moves the due times with the priority staff set, on the timeline", async () => {
    const report = await submit({ priority: "low" });
    expect(after(report.created_at, (await detail(report.id)).dueResolveAt)).toBe(14 * 1440);
    const res = await staff({
      method: "POST",
      url: `/api/staff/grievances/${report.id}/priority`,
      payload: { priority: "urgent" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json<StaffGrievanceDetail>();
    expect(view.priority).toBe("urgent");
    expect(after(view.created_at, view.dueAcknowledgeAt)).toBe(60);
    expect(after(view.created_at, view.dueResolveAt)).toBe(1440);
    expect(view.timeline.at(-1)).toMatchObject({
      kind: "priority",
      actor: "staff",
      staff_email: "officer@water.example",
      details: { from: "low", to: "urgent" },
    });
    const again = await staff({
      method: "POST",
      url: `/api/staff/grievances/${report.id}/priority`,
      payload: { priority: "urgent" },
    });
    expect(again.statusCode).toBe(409);
  });
});

describe("what residents and Open311 clients see", () => {
  it("answers expectedResolutionAt on the submission and the public report, null once resolved", async () => {
    const report = await submit();
    const due = (await detail(report.id)).dueResolveAt;
    expect(due).not.toBeNull();
    expect(report.expectedResolutionAt).toBe(due);
    const publicView = await t.app.inject({
      method: "GET",
      url: `/api/grievances/${report.id}`,
      headers: { host: HOST },
    });
    expect(publicView.json()).toMatchObject({ expectedResolutionAt: due });

    const resolved = await staff({
      method: "POST",
      url: `/api/staff/grievances/${report.id}/status`,
      payload: { status: "resolved", note: "Flushed the main." },
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const after = await t.app.inject({ method: "GET", url: `/api/grievances/${report.id}`, headers: { host: HOST } });
    expect(after.json()).toMatchObject({ expectedResolutionAt: null });
  });

  it("carries expected_datetime in Open311's JSON and XML", async () => {
    const report = await submit();
    const due = (await detail(report.id)).dueResolveAt!;
    const json = await t.app.inject({ method: "GET", url: `/open311/v2/requests/${report.reference}.json` });
    expect((json.json() as Record<string, unknown>[])[0]).toMatchObject({ expected_datetime: due });
    const xml = await t.app.inject({ method: "GET", url: `/open311/v2/requests/${report.reference}.xml` });
    expect(xml.body).toContain(`<expected_datetime>${due}</expected_datetime>`);
  });
});

describe("the queue by time left", () => {
  it("puts open reports soonest due first (overdue ones first), then resolved ones", async () => {
    const low = await submit({ priority: "low", title: "Low" });
    const urgent = await submit({ priority: "urgent", title: "Urgent" });
    const medium = await submit({ priority: "medium", title: "Medium" });
    const done = await submit({ priority: "urgent", title: "Done" });
    await t.db.query("UPDATE grievances SET status = 'resolved' WHERE id = $1", [done.id]);
    // The medium one is overdue: reported two days ago, unacknowledged past its day.
    await t.db.query(
      `UPDATE grievances SET created_at = created_at - interval '2 days',
         due_acknowledge_at = due_acknowledge_at - interval '2 days', due_resolve_at = due_resolve_at - interval '2 days'
       WHERE id = $1`,
      [medium.id],
    );
    const queue = (
      await staff({ method: "GET", url: "/api/staff/grievances?sort=time-left" })
    ).json<StaffQueueResponse>();
    expect(queue.items.map((g) => [g.title, g.overdue])).toEqual([
      ["Medium", true],
      ["Urgent", false],
      ["Low", false],
      ["Done", false],
    ]);
    const second = (
      await staff({ method: "GET", url: "/api/staff/grievances?sort=time-left&page=2&pageSize=3" })
    ).json<StaffQueueResponse>();
    expect(second.items.map((g) => g.title)).toEqual(["Done"]);
    const overdue = (
      await staff({ method: "GET", url: "/api/staff/grievances?sort=time-left&overdue=true" })
    ).json<StaffQueueResponse>();
    expect(overdue.items.map((g) => g.id)).toEqual([medium.id]);
    expect(overdue.matching).toBe(1);
    // The statistics count overdue the same way (overdue-sql.ts).
    const stats = (
      await t.app.inject({ method: "GET", url: "/api/stats", headers: { host: HOST } })
    ).json<PublicStats>();
    expect(stats).toMatchObject({ open: 3, overdueOpen: 1 });
    // Acknowledged: only its time to resolve counts, still days away.
    await staff({
      method: "POST",
      url: `/api/staff/grievances/${medium.id}/status`,
      payload: { status: "in-progress" },
    });
    expect((await detail(medium.id)).overdue).toBe(false);
    expect((await detail(low.id)).overdue).toBe(false);
    expect((await detail(urgent.id)).overdue).toBe(false);
  });
});
