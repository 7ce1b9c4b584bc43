import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { WATER_POINT_MESSAGES } from "#shared/water-points/report-water-point.ts";
import { createTestApp, countRows, expectHumanError, multipart, postGrievance, type TestApp } from "./test-app.ts";
import { FAR, KIOSK, PUMP, RETIRED, seedWaterPoint, storedReport, TOO_FAR } from "./report-water-points-support.ts";
import { seedPlaced } from "./places-helpers.ts";

// Reporting against a water point from the form (docs/decisions/040-reporting-against-water-points.md): the
// `water_point` field, the points near a pin, and "Has someone already reported this?" with a point chosen.

let t: TestApp;
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const point of [KIOSK, PUMP, FAR, TOO_FAR, RETIRED]) ids[point.code] = await seedWaterPoint(t.db, point);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.query("DELETE FROM grievances");
});

const report = {
  title: "No water at the kiosk",
  description: "The tap has given nothing since Monday.",
  category: "Water Supply Problems",
};

describe("POST /api/grievances with water_point", () => {
  it("attaches the report to the point named by its code in any case; without a pin it takes the point's", async () => {
    const response = await postGrievance(t.app, { ...report, water_point: " wp-0412 " });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<{ id: string; reference: string; latitude: number; longitude: number }>();
    expect(created).toMatchObject({ latitude: KIOSK.latitude, longitude: KIOSK.longitude });
    expect(await storedReport(t.db, created.reference)).toEqual({
      code: "WP-0412",
      latitude: KIOSK.latitude,
      longitude: KIOSK.longitude,
      location: "Market kiosk (WP-0412)",
    });
    // The report's page says which point it is about.
    const page = await t.app.inject({ method: "GET", url: `/api/grievances/${created.id}` });
    expect(page.json().water_point).toEqual({ code: "WP-0412", name: "Market kiosk" });
  });

  it("keeps the reporter's own pin and location beside the point", async () => {
    const response = await postGrievance(t.app, {
      ...report,
      water_point: "WP-0413",
      latitude: "-1.2908",
      longitude: "36.8220",
      location: "Behind the school",
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(await storedReport(t.db, response.json().reference)).toEqual({
      code: "WP-0413",
      latitude: -1.2908,
      longitude: 36.822,
      location: "Behind the school",
    });
  });

  it("a report without a point has none, and its page says so", async () => {
    const response = await postGrievance(t.app, { ...report, water_point: "  ", location: "Elm Street" });
    expect(response.statusCode, response.body).toBe(201);
    expect((await storedReport(t.db, response.json().reference))?.code).toBeNull();
    const page = await t.app.inject({ method: "GET", url: `/api/grievances/${response.json().id}` });
    expect(page.json().water_point).toBeNull();
  });

  for (const [why, code] of [
    ["unknown", "WP-9999"],
    ["retired", RETIRED.code],
    ["not a code at all", "kiosk by the market!"],
  ] as const) {
    it(`refuses a code that is ${why} on its field, in the visitor's language, and saves nothing`, async () => {
      const response = await postGrievance(t.app, { ...report, location: "Elm Street", water_point: code });
      expect(response.statusCode).toBe(400);
      expectHumanError(response.body, WATER_POINT_MESSAGES.unknown);
      expect(response.json().fieldErrors).toEqual({ water_point: WATER_POINT_MESSAGES.unknown });
      expect(await countRows(t.db)).toBe(0);

      const body = await multipart({ ...report, location: "Elm Street", water_point: code });
      const french = await t.app.inject({
        method: "POST",
        url: "/api/grievances",
        payload: body.payload,
        headers: { ...body.headers, "accept-language": "fr" },
      });
      expect(french.statusCode).toBe(400);
      expect(french.json().fieldErrors.water_point).toBe(
        "Aucun point d’eau en service n’a ce code. Vérifiez le code peint sur le point, ou laissez le champ vide.",
      );
    });
  }
});

describe("GET /api/water-points/nearby", () => {
  const nearby = (query: string) => t.app.inject({ method: "GET", url: `/api/water-points/nearby?${query}` });

  it("answers the points in service nearest the pin first, within 2 km, with their distance and status", async () => {
    // An open report that means "not working" makes the pump not functional, whatever the registry says.
    const pump = await postGrievance(t.app, { ...report, water_point: PUMP.code });
    expect(pump.statusCode, pump.body).toBe(201);
    const response = await nearby(`latitude=${KIOSK.latitude}&longitude=${KIOSK.longitude + 0.0001}`);
    expect(response.statusCode, response.body).toBe(200);
    const items = response.json<{ items: { code: string; distanceMetres: number; status: string }[] }>().items;
    expect(items.map((item) => item.code)).toEqual(["WP-0412", "WP-0413", "wp-0999"]);
    expect(items[0]).toMatchObject({ name: "Market kiosk", distanceMetres: 11, status: "functional" });
    expect(items[0]).toMatchObject({ waterSource: "Borehole", waterTech: "Hand Pump" });
    expect(items[1]).toMatchObject({ status: "not-functional" });
    expect(items[2]!.distanceMetres).toBeGreaterThan(1_000);
    expect(response.headers["cache-control"]).toBe("public, max-age=60");
  });

  it("answers none far from every point, and refuses a pin that is not one", async () => {
    expect((await nearby("latitude=10&longitude=10")).json()).toEqual({ items: [] });
    const half = await nearby("latitude=10");
    expect(half.statusCode).toBe(400);
    expectHumanError(half.body);
    expect((await nearby("latitude=95&longitude=10")).statusCode).toBe(400);
  });
});

describe("Has someone already reported this? with a water point chosen", () => {
  it("ranks the open reports on the same point first, whatever their category, then the usual ones", async () => {
    const usual = await seedPlaced(t.db, {
      title: "Pipe burst near the market",
      category: "Water Supply Problems",
      latitude: KIOSK.latitude + 0.0003,
      longitude: KIOSK.longitude,
      minutesAgo: 1,
    });
    const onPoint = await seedPlaced(t.db, {
      title: "Dirty water from the kiosk",
      category: "Water Quality Issues",
      latitude: null,
      longitude: null,
      minutesAgo: 60,
    });
    const resolved = await seedPlaced(t.db, { title: "Old kiosk report", status: "resolved", minutesAgo: 5 });
    await t.db.query("UPDATE grievances SET water_point_id = $1 WHERE id = ANY($2::uuid[])", [
      ids[KIOSK.code],
      [onPoint, resolved],
    ]);
    const query = `category=Water%20Supply%20Problems&latitude=${KIOSK.latitude}&longitude=${KIOSK.longitude}`;
    const plain = await t.app.inject({ method: "GET", url: `/api/grievances/similar?${query}` });
    expect(plain.json().items.map((item: { id: string }) => item.id)).toEqual([usual]);
    const withPoint = await t.app.inject({
      method: "GET",
      url: `/api/grievances/similar?${query}&water_point=wp-0412`,
    });
    expect(withPoint.statusCode, withPoint.body).toBe(200);
    expect(withPoint.json().items.map((item: { id: string }) => item.id)).toEqual([onPoint, usual]);
    expect(withPoint.json().items[0]).toMatchObject({ category: "Water Quality Issues", distanceMetres: null });
    // A code that is no point's changes nothing.
    const unknown = await t.app.inject({ method: "GET", url: `/api/grievances/similar?${query}&water_point=WP-1` });
    expect(unknown.json().items.map((item: { id: string }) => item.id)).toEqual([usual]);
  });
});
