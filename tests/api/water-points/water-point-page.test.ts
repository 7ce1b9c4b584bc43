import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { WaterPointView } from "#shared/api-schemas/water-points.ts";
import type { Database } from "#server/db/database.ts";
import { createTestApp, type TestApp } from "../test-app.ts";
import { addStaff, resetData, seedGrievance, staffClient } from "../staff/staff-helpers.ts";

// A water point's answer (docs/decisions/039-water-point-status.md): its status by its reports of categories that
// mean "not working" (by default Water Supply Problems), its downtime at the portal's clock, which the test moves.
const T0 = new Date("2026-05-04T06:00:00Z");
const hours = (n: number) => new Date(T0.getTime() + n * 3_600_000);
let clock = T0;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock, config: { publicUrl: "https://water.example" } });
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetData(t.db);
  await t.db.query("TRUNCATE water_points CASCADE");
  clock = T0;
});

async function seedPoint(db: Database, code: string, statusId = "unknown"): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO water_points (code, name, latitude, longitude, water_source, water_tech, status_id, adm1, adm2)
     VALUES ($1, 'Kiosk by the market', -1.2921, 36.8219, 'Piped Water', 'Tap', $2, 'Nairobi', 'Kibra')
     RETURNING id`,
    [code, statusId],
  );
  return rows[0]!.id;
}

/** A report about the point, made at `createdHour` hours after T0. */
async function seedReport(pointId: string, category: string, createdHour: number, title = "No water at the kiosk") {
  const id = await seedGrievance(t.db, { category, title });
  await t.db.query("UPDATE grievances SET water_point_id = $2, created_at = $3 WHERE id = $1", [
    id,
    pointId,
    hours(createdHour),
  ]);
  return id;
}

/** A status change at `hour` hours after T0, as the console records one. */
async function changeStatus(id: string, from: string, to: string, hour: number) {
  const { rows } = await t.db.query<{ id: string }>("SELECT id FROM staff_accounts LIMIT 1");
  await t.db.query(
    `INSERT INTO grievance_events (grievance_id, kind, from_status, to_status, at, staff_id)
     VALUES ($1, 'status', $2, $3, $4, $5)`,
    [id, from, to, hours(hour), rows[0]!.id],
  );
  await t.db.query("UPDATE grievances SET status = $2 WHERE id = $1", [id, to]);
}

async function point(code: string): Promise<WaterPointView> {
  const res = await t.app.inject({ url: `/api/water-points/${code}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<WaterPointView>();
}

describe("GET /api/water-points/{code}", () => {
  it("answers the point by its code in any case, with the registry's status while no report says otherwise", async () => {
    await seedPoint(t.db, "WP-0412", "yes");
    const view = await point("wp-0412");
    expect(view).toMatchObject({
      code: "WP-0412",
      name: "Kiosk by the market",
      status: "functional",
      statusId: "yes",
      openReports: 0,
      notFunctionalSince: null,
      downtimeSeconds: 0,
      waterSource: "Piped Water",
      waterTech: "Tap",
      latitude: -1.2921,
      longitude: 36.8219,
      areas: ["Nairobi", "Kibra"],
      reports: [],
      retiredAt: null,
      pageUrl: "https://water.example/water-points/WP-0412",
      reportUrl: "https://water.example/submit-grievance?water_point=WP-0412",
      smsNumber: null,
      at: T0.toISOString(),
    });
    await seedPoint(t.db, "WP-9", "no");
    expect((await point("WP-9")).status).toBe("not-functional");
    await seedPoint(t.db, "WP-10");
    expect((await point("WP-10")).status).toBe("unknown");
  });

  it("is not functional while a 'not working' report is open, functional once the console resolves it", async () => {
    await addStaff(t.db);
    const pointId = await seedPoint(t.db, "WP-0412", "no");
    // A water quality report does not mean the point is not working.
    await seedReport(pointId, "Water Quality Issues", 0, "Brown water");
    expect(await point("WP-0412")).toMatchObject({
      status: "not-functional",
      notFunctionalSince: null,
      openReports: 1,
    });

    const outage = await seedReport(pointId, "Water Supply Problems", 1);
    clock = hours(3);
    expect(await point("WP-0412")).toMatchObject({
      status: "not-functional",
      notFunctionalSince: hours(1).toISOString(),
      downtimeSeconds: 2 * 3_600,
      openReports: 2,
    });

    const as = await staffClient(t.app);
    const res = await as({
      method: "POST",
      url: `/api/staff/grievances/${outage}/status`,
      payload: { status: "resolved", note: "The valve was replaced." },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await point("WP-0412");
    // Functional again, though the registry said "no": the report's resolution is the newer word.
    expect(after).toMatchObject({ status: "functional", notFunctionalSince: null, openReports: 1 });
  });

  it("counts downtime with the clock, once for overlapping reports, and not while a reopened report stood resolved", async () => {
    await addStaff(t.db);
    const pointId = await seedPoint(t.db, "WP-7", "yes");
    const first = await seedReport(pointId, "Water Supply Problems", 0);
    clock = hours(2);
    expect(await point("WP-7")).toMatchObject({ status: "not-functional", downtimeSeconds: 2 * 3_600 });
    clock = hours(5);
    expect((await point("WP-7")).downtimeSeconds).toBe(5 * 3_600);

    // A second report from hour 4 overlaps the first: hours 4–6 count once.
    const second = await seedReport(pointId, "Water Supply Problems", 4);
    await changeStatus(first, "pending", "resolved", 6);
    clock = hours(8);
    expect(await point("WP-7")).toMatchObject({
      status: "not-functional",
      notFunctionalSince: T0.toISOString(),
      downtimeSeconds: 8 * 3_600,
    });
    await changeStatus(second, "pending", "resolved", 9);
    clock = hours(20);
    expect(await point("WP-7")).toMatchObject({ status: "functional", downtimeSeconds: 9 * 3_600 });

    // Reopened at hour 24 ("No, it is still a problem"): down again from then, hours 9–24 not counted.
    await changeStatus(second, "resolved", "in-progress", 24);
    clock = hours(26);
    expect(await point("WP-7")).toMatchObject({
      status: "not-functional",
      notFunctionalSince: hours(24).toISOString(),
      downtimeSeconds: 11 * 3_600,
    });
  });

  it("lists the public reports about it, open first then newest, without hidden ones", async () => {
    await addStaff(t.db);
    const pointId = await seedPoint(t.db, "WP-1");
    const old = await seedReport(pointId, "Water Supply Problems", 0, "Old outage");
    await changeStatus(old, "pending", "resolved", 1);
    await seedReport(pointId, "Water Quality Issues", 2, "Brown water");
    await seedReport(pointId, "Water Supply Problems", 3, "Dry again");
    const hidden = await seedReport(pointId, "Water Supply Problems", 4, "Phone number in the title");
    await t.db.query("UPDATE grievances SET hidden_at = now(), hidden_reason = 'Personal data' WHERE id = $1", [
      hidden,
    ]);
    clock = hours(5);
    const view = await point("WP-1");
    expect(view.reports.map((report) => [report.title, report.status, report.meansNotWorking])).toEqual([
      ["Dry again", "pending", true],
      ["Brown water", "pending", false],
      ["Old outage", "resolved", true],
    ]);
    expect(view.openReports).toBe(2);
    expect(view.reports[0]).not.toHaveProperty("user_email");
    // The hidden report does not count: down from hour 3 only (hours 0–1 before).
    expect(view).toMatchObject({ notFunctionalSince: hours(3).toISOString(), downtimeSeconds: 3 * 3_600 });
  });

  it("answers 404 with a message for a code no point has", async () => {
    const res = await t.app.inject({ url: "/api/water-points/WP-404" });
    expect(res.statusCode).toBe(404);
    expect(res.json<{ message: string }>().message).toMatch(/No water point has this code/);
  });
});
