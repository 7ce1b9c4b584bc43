import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CategoryList, CategoryView } from "#shared/categories/category-schemas.ts";
import type { PublicStats } from "#shared/staff/staff-api.ts";
import { createTestApp, postGrievance, validFields, type TestApp } from "./test-app.ts";
import { adminAndStaffClients, type staffClient } from "./staff/staff-helpers.ts";

// Categories as data (migration 016, docs/decisions/017): seeded with the specification's seven, managed by
// administrators, read by the form, the filters, the statistics and every answer.

const ADMIN = "admin@water.example";
const STAFF = "staff@water.example";
let t: TestApp;
let admin: Awaited<ReturnType<typeof staffClient>>;
let staff: Awaited<ReturnType<typeof staffClient>>;

const SEVEN = [
  "Water Quality Issues",
  "Water Supply Problems",
  "Sanitation Issues",
  "Infrastructure Problems",
  "Leakage Issues",
  "Drainage Problems",
  "Other",
];

const publicList = async () =>
  ((await t.app.inject({ method: "GET", url: "/api/categories" })).json() as CategoryList).categories;
const auditRows = async () =>
  (
    await t.db.query<{ actor: string; action: string; target: string; details: Record<string, unknown> }>(
      "SELECT actor, action, target, details FROM audit_log ORDER BY id",
    )
  ).rows;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, staff } = await adminAndStaffClients(t.app, t.db, ADMIN, STAFF));
});
afterAll(() => t.close());

describe("categories", () => {
  it("start as the specification's seven, in order, each with a service code and a description", async () => {
    const categories = await publicList();
    expect(categories.map((c) => c.name)).toEqual(SEVEN);
    expect(categories.map((c) => c.key)).toEqual(SEVEN);
    expect(categories.map((c) => c.service_code)).toEqual([
      "water-quality",
      "water-supply",
      "sanitation",
      "infrastructure",
      "leakage",
      "drainage",
      "other",
    ]);
    expect(categories.every((c) => c.active && c.description.length > 0 && c.group === null)).toBe(true);
  });

  it("are managed by administrators only: staff get 403, nobody signed in 401, nothing changes", async () => {
    const attempts = [
      { method: "GET" as const, url: "/api/staff/admin/categories" },
      {
        method: "POST" as const,
        url: "/api/staff/admin/categories",
        payload: { name: "Kiosks", service_code: "kiosks" },
      },
      { method: "PATCH" as const, url: "/api/staff/admin/categories/other", payload: { active: false } },
      { method: "POST" as const, url: "/api/staff/admin/categories/order", payload: { service_codes: [] } },
    ];
    for (const attempt of attempts) {
      const response = await staff(attempt);
      expect(response.statusCode, attempt.url).toBe(403);
      expect(response.json().message).toBe("Only administrators can do this.");
      const anonymous = await t.app.inject({
        ...attempt,
        headers: { host: "portal.test", origin: "http://portal.test" },
      });
      expect(anonymous.statusCode, attempt.url).toBe(401);
    }
    expect((await publicList()).map((c) => c.name)).toEqual(SEVEN);
    expect(await auditRows()).toEqual([]);
  });

  it("an admin adds one at the end; the form's submission accepts it; duplicates and bad codes are refused", async () => {
    const created = await admin({
      method: "POST",
      url: "/api/staff/admin/categories",
      payload: {
        name: "  Water kiosks ",
        service_code: "water-kiosks",
        description: "Kiosks and standpipes.",
        group: "Supply",
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({
      key: "water-kiosks",
      service_code: "water-kiosks",
      name: "Water kiosks",
      description: "Kiosks and standpipes.",
      group: "Supply",
      active: true,
      // Without an icon or translations (migration 021): the general icon, and English in every language.
      icon: "other",
      translations: {},
      // Neither offers water points nor means a point is not working unless asked (migration 036).
      waterPoints: false,
      meansNotWorking: false,
      // Administrators see its keywords for reports by SMS (migration 037): none until they give some.
      sms_keywords: {},
    });
    expect((await publicList()).at(-1)!.name).toBe("Water kiosks");

    const report = await postGrievance(t.app, { ...validFields, category: "water-kiosks" });
    expect(report.statusCode, report.body).toBe(201);
    expect(report.json().category).toBe("Water kiosks");

    const duplicateName = await admin({
      method: "POST",
      url: "/api/staff/admin/categories",
      payload: { name: "water KIOSKS", service_code: "kiosk-2" },
    });
    expect(duplicateName.statusCode).toBe(409);
    expect(duplicateName.json().message).toBe("Another category already has this name.");
    const duplicateCode = await admin({
      method: "POST",
      url: "/api/staff/admin/categories",
      payload: { name: "Kiosks two", service_code: "leakage" },
    });
    expect(duplicateCode.statusCode).toBe(409);
    expect(duplicateCode.json().message).toBe("Another category already has this service code.");
    const badCode = await admin({
      method: "POST",
      url: "/api/staff/admin/categories",
      payload: { name: "Bad", service_code: "Bad Code!" },
    });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().message).toMatch(/^The service code must be/);
    const noName = await admin({
      method: "POST",
      url: "/api/staff/admin/categories",
      payload: { name: " ", service_code: "noname" },
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe("Please give the category a name.");
    expect(await publicList()).toHaveLength(8);

    expect(await auditRows()).toEqual([
      { actor: ADMIN, action: "category.create", target: "water-kiosks", details: { name: "Water kiosks" } },
    ]);
  });

  it("a rename shows on old reports, in the list, the statistics and Open311, and is audited", async () => {
    const report = await postGrievance(t.app, {
      ...validFields,
      category: "Other",
      title: "Report of the renamed category",
      latitude: "-1.3",
      longitude: "36.8",
    });
    const id = report.json().id as string;
    const renamed = await admin({
      method: "PATCH",
      url: "/api/staff/admin/categories/other",
      payload: { name: "Something else" },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ key: "Other", service_code: "other", name: "Something else" });

    expect((await t.app.inject({ method: "GET", url: `/api/grievances/${id}` })).json().category).toBe(
      "Something else",
    );
    const list = (await t.app.inject({ method: "GET", url: "/api/grievances?category=Other" })).json();
    expect(list.items.map((item: { category: string }) => item.category)).toEqual(["Something else"]);
    const stats = (await t.app.inject({ method: "GET", url: "/api/stats" })).json() as PublicStats;
    expect(stats.byCategory["Something else"]).toBe(1);
    expect(stats.byCategory).not.toHaveProperty("Other");
    const markers = (await t.app.inject({ method: "GET", url: "/api/grievances/map?bbox=36.7,-1.4,36.9,-1.2" })).json();
    expect(markers.markers.map((marker: { category: string }) => marker.category)).toEqual(["Something else"]);
    const similar = (
      await t.app.inject({ method: "GET", url: "/api/grievances/similar?category=Other&latitude=-1.3&longitude=36.8" })
    ).json();
    expect(similar.items.map((item: { category: string }) => item.category)).toEqual(["Something else"]);
    const services = (await t.app.inject({ method: "GET", url: "/open311/v2/services.json" })).json() as {
      service_name: string;
    }[];
    expect(services.map((s) => s.service_name)).toContain("Something else");
    expect((await auditRows()).at(-1)).toEqual({
      actor: ADMIN,
      action: "category.rename",
      target: "other",
      details: { from: "Other", to: "Something else" },
    });
  });

  it("a deactivated one is refused on new reports but kept on old ones, in the filters and the statistics", async () => {
    const old = await postGrievance(t.app, {
      ...validFields,
      category: "Drainage Problems",
      title: "Old drainage report",
    });
    const id = old.json().id as string;
    const before = (await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM grievances")).rows[0]!.n;
    const off = await admin({
      method: "PATCH",
      url: "/api/staff/admin/categories/drainage",
      payload: { active: false },
    });
    expect(off.json()).toMatchObject({ name: "Drainage Problems", active: false });

    const refused = await postGrievance(t.app, { ...validFields, category: "Drainage Problems" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: "Please choose a category from the list.",
      fieldErrors: { category: "Please choose a category from the list." },
      requestId: expect.any(String),
    });
    const unknown = await postGrievance(t.app, { ...validFields, category: "Volcanoes" });
    expect(unknown.statusCode).toBe(400);
    expect((await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM grievances")).rows[0]!.n).toBe(before);

    expect((await t.app.inject({ method: "GET", url: `/api/grievances/${id}` })).json().category).toBe(
      "Drainage Problems",
    );
    const drainage = (await publicList()).find((c) => c.service_code === "drainage") as CategoryView;
    expect(drainage.active).toBe(false);
    const filtered = (
      await t.app.inject({ method: "GET", url: "/api/grievances?category=Drainage%20Problems" })
    ).json();
    expect(filtered.items).toHaveLength(1);
    const stats = (await t.app.inject({ method: "GET", url: "/api/stats" })).json() as PublicStats;
    expect(stats.byCategory["Drainage Problems"]).toBe(1);

    const on = await admin({ method: "PATCH", url: "/api/staff/admin/categories/drainage", payload: { active: true } });
    expect(on.json().active).toBe(true);
    expect((await auditRows()).slice(-2).map((row) => row.action)).toEqual([
      "category.deactivate",
      "category.activate",
    ]);
    expect(
      (await admin({ method: "PATCH", url: "/api/staff/admin/categories/nothing", payload: { active: true } }))
        .statusCode,
    ).toBe(404);
  });

  it("an admin reorders them all at once; a partial or repeated list is refused", async () => {
    const codes = (await publicList()).map((c) => c.service_code);
    const reversed = [...codes].reverse();
    const response = await admin({
      method: "POST",
      url: "/api/staff/admin/categories/order",
      payload: { service_codes: reversed },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await publicList()).map((c) => c.service_code)).toEqual(reversed);
    for (const bad of [reversed.slice(1), [...reversed.slice(1), reversed[1]!], [...reversed.slice(1), "nope"]]) {
      const refused = await admin({
        method: "POST",
        url: "/api/staff/admin/categories/order",
        payload: { service_codes: bad },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe("Please list every category exactly once to change the order.");
    }
    expect((await publicList()).map((c) => c.service_code)).toEqual(reversed);
    expect((await auditRows()).at(-1)).toMatchObject({
      action: "category.reorder",
      details: { from: codes, to: reversed },
    });
  });
});
