import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WaterPointView } from "#shared/api-schemas/water-points.ts";
import type { CategoryList, CategoryView } from "#shared/categories/category-schemas.ts";
import { createTestApp, type TestApp } from "../test-app.ts";
import { adminAndStaffClients, seedGrievance, type staffClient } from "../staff/staff-helpers.ts";

// Per category, whether the form offers water points and whether an open report of it means the point is not
// working (migration 036; docs/decisions/039-water-point-status.md): administrators set both, the public list carries
// them, and a point's status follows the second at once.
let t: TestApp;
let admin: Awaited<ReturnType<typeof staffClient>>;
let staff: Awaited<ReturnType<typeof staffClient>>;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, staff } = await adminAndStaffClients(t.app, t.db, "admin@water.example", "staff@water.example"));
});
afterAll(() => t.close());

const publicList = async () => ((await t.app.inject({ url: "/api/categories" })).json() as CategoryList).categories;
const flagsOf = (categories: CategoryView[]) =>
  Object.fromEntries(categories.map((c) => [c.service_code, [c.waterPoints, c.meansNotWorking]]));

describe("categories' water point flags", () => {
  it("start as migration 036 sets them, on the public list the form reads", async () => {
    expect(flagsOf(await publicList())).toEqual({
      "water-quality": [true, false],
      "water-supply": [true, true],
      sanitation: [false, false],
      infrastructure: [true, false],
      leakage: [true, false],
      drainage: [false, false],
      other: [false, false],
    });
  });

  it("are set by administrators, audited, and move a point's status at once", async () => {
    const { rows } = await t.db.query<{ id: string }>(
      `INSERT INTO water_points (code, name, latitude, longitude, status_id)
       VALUES ('WP-0412', 'Market kiosk', -1.29, 36.82, 'yes') RETURNING id`,
    );
    const report = await seedGrievance(t.db, { category: "Leakage Issues", title: "The tap leaks" });
    await t.db.query("UPDATE grievances SET water_point_id = $2 WHERE id = $1", [report, rows[0]!.id]);
    const status = async () => (await t.app.inject({ url: "/api/water-points/WP-0412" })).json<WaterPointView>().status;
    expect(await status()).toBe("functional");

    // Staff who are not administrators cannot change them.
    const refused = await staff({
      method: "PATCH",
      url: "/api/staff/admin/categories/leakage",
      payload: { meansNotWorking: true },
    });
    expect(refused.statusCode).toBe(403);

    const changed = await admin({
      method: "PATCH",
      url: "/api/staff/admin/categories/leakage",
      payload: { meansNotWorking: true, waterPoints: false },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ service_code: "leakage", waterPoints: false, meansNotWorking: true });
    expect(flagsOf(await publicList()).leakage).toEqual([false, true]);
    expect(await status()).toBe("not-functional");

    const audit = await t.db.query<{ action: string; details: unknown }>(
      "SELECT action, details FROM audit_log WHERE target = 'leakage' ORDER BY id",
    );
    expect(audit.rows).toEqual([
      { action: "category.water_points", details: { from: true, to: false } },
      { action: "category.means_not_working", details: { from: false, to: true } },
    ]);

    // Another change leaves them as they are.
    const renamed = await admin({
      method: "PATCH",
      url: "/api/staff/admin/categories/leakage",
      payload: { name: "Leaks" },
    });
    expect(renamed.json()).toMatchObject({ waterPoints: false, meansNotWorking: true });
  });

  it("are given to a new category, off unless asked", async () => {
    const created = await admin({
      method: "POST",
      url: "/api/staff/admin/categories",
      payload: { name: "Broken hand pump", service_code: "hand-pump", meansNotWorking: true, waterPoints: true },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ waterPoints: true, meansNotWorking: true });
    const plain = await admin({
      method: "POST",
      url: "/api/staff/admin/categories",
      payload: { name: "Billing", service_code: "billing" },
    });
    expect(plain.json()).toMatchObject({ waterPoints: false, meansNotWorking: false });
  });
});
