import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { SimilarReportsResponse } from "#shared/api-types.ts";
import { DUPLICATE_RADIUS_METRES, MAX_SIMILAR_REPORTS } from "#shared/places/geo.ts";
import { LOCATION_MESSAGES } from "#shared/places/location-messages.ts";
import { createTestApp, expectHumanError, type TestApp } from "./test-app.ts";
import { eastOf, getJson, northOf, seedPlaced } from "./places-helpers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.query("DELETE FROM grievances");
});

const PIN = { latitude: -1.2921, longitude: 36.8219 };
const CATEGORY = "Infrastructure Problems";

async function similar(params: Record<string, string | number>) {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  const res = await getJson(t.app, `/api/grievances/similar?${query}`);
  return { res, body: res.json<SimilarReportsResponse>() };
}
const atPin = { category: CATEGORY, latitude: PIN.latitude, longitude: PIN.longitude };
const titles = (body: SimilarReportsResponse) => body.items.map((item) => item.title);

describe("GET /api/grievances/similar near the pin", () => {
  it(`finds open public reports of the category within ${DUPLICATE_RADIUS_METRES} m, with their distance`, async () => {
    const near = await seedPlaced(t.db, {
      title: "Water everywhere",
      location: "By the school",
      latitude: northOf(PIN.latitude, 100),
      longitude: PIN.longitude,
      status: "in-progress",
      affectedCount: 4,
    });
    await seedPlaced(t.db, {
      title: "Just inside, to the east",
      latitude: PIN.latitude,
      longitude: eastOf(PIN.latitude, PIN.longitude, 240),
      minutesAgo: 2,
    });
    await seedPlaced(t.db, {
      title: "Just outside, to the north",
      latitude: northOf(PIN.latitude, 265),
      longitude: PIN.longitude,
    });
    // In the box around the circle but not in the circle: the corner.
    await seedPlaced(t.db, {
      title: "In the corner of the box",
      latitude: northOf(PIN.latitude, 200),
      longitude: eastOf(PIN.latitude, PIN.longitude, 200),
    });
    await seedPlaced(t.db, {
      title: "Other category",
      category: "Drainage Problems",
      latitude: PIN.latitude,
      longitude: PIN.longitude,
    });
    await seedPlaced(t.db, { title: "Resolved", status: "resolved", latitude: PIN.latitude, longitude: PIN.longitude });
    await seedPlaced(t.db, { title: "Hidden", hidden: true, latitude: PIN.latitude, longitude: PIN.longitude });

    const { res, body } = await similar(atPin);
    expect(res.statusCode).toBe(200);
    expect(titles(body)).toEqual(["Water everywhere", "Just inside, to the east"]);
    expect(body.items[0]).toEqual({
      id: near,
      reference: expect.any(String),
      title: "Water everywhere",
      category: CATEGORY,
      status: "in-progress",
      created_at: expect.any(String),
      affected: 5,
      location: "By the school",
      distanceMetres: 100,
    });
    expect(body.items[1]?.distanceMetres).toBe(240);
  });

  it(`answers at most ${MAX_SIMILAR_REPORTS}, the nearest, newest first`, async () => {
    // Seven within the radius; the two farthest are left out, and the five shown come newest first.
    const metres = [10, 200, 30, 220, 50, 70, 90];
    for (const [index, distance] of metres.entries()) {
      await seedPlaced(t.db, {
        title: `At ${distance} m`,
        latitude: northOf(PIN.latitude, distance),
        longitude: PIN.longitude,
        minutesAgo: index + 1,
      });
    }
    const { body } = await similar(atPin);
    expect(titles(body)).toEqual(["At 10 m", "At 30 m", "At 50 m", "At 70 m", "At 90 m"]);
    const dates = body.items.map((item) => item.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
  });
});

describe("GET /api/grievances/similar by title", () => {
  it("finds open public reports of the category with a similar title, without a distance", async () => {
    await seedPlaced(t.db, { title: "Burst water main on Elm Street", minutesAgo: 3 });
    await seedPlaced(t.db, { title: "Burst main in Elm street", latitude: 51.5, longitude: -0.12, minutesAgo: 2 });
    await seedPlaced(t.db, { title: "Broken street light", minutesAgo: 1 });
    await seedPlaced(t.db, { title: "Burst water main on Elm Street", category: "Leakage Issues" });
    await seedPlaced(t.db, { title: "Burst water main on Elm Street", status: "resolved" });
    await seedPlaced(t.db, { title: "Burst water main on Elm Street", hidden: true });

    const { body } = await similar({ category: CATEGORY, title: "burst main elm street" });
    expect(titles(body)).toEqual(["Burst main in Elm street", "Burst water main on Elm Street"]);
    expect(body.items.every((item) => item.distanceMetres === null)).toBe(true);
  });

  it("puts nearby reports first and fills up with similar titles, newest first overall", async () => {
    for (let i = 1; i <= 4; i++) {
      await seedPlaced(t.db, {
        title: `Nearby ${i}`,
        latitude: northOf(PIN.latitude, i * 10),
        longitude: PIN.longitude,
        minutesAgo: 10 + i,
      });
    }
    await seedPlaced(t.db, { title: "Sewage overflow behind the clinic", minutesAgo: 1 });
    await seedPlaced(t.db, { title: "Sewage overflowing behind clinic", minutesAgo: 30 });
    const { body } = await similar({ ...atPin, title: "Sewage overflow behind the clinic" });
    expect(titles(body)).toEqual(["Sewage overflow behind the clinic", "Nearby 1", "Nearby 2", "Nearby 3", "Nearby 4"]);
    expect(body.items[0]?.distanceMetres).toBeNull();
    expect(body.items[1]?.distanceMetres).toBe(10);
  });

  it("does not list a report twice when it is near and has a similar title", async () => {
    await seedPlaced(t.db, {
      title: "Sewage overflow behind the clinic",
      latitude: PIN.latitude,
      longitude: PIN.longitude,
    });
    const { body } = await similar({ ...atPin, title: "Sewage overflow behind the clinic" });
    expect(titles(body)).toEqual(["Sewage overflow behind the clinic"]);
    expect(body.items[0]?.distanceMetres).toBe(0);
  });
});

describe("GET /api/grievances/similar with little to go on", () => {
  it("answers no items for a category that does not exist (categories are data, decision 017)", async () => {
    await seedPlaced(t.db, { title: "Burst main", latitude: PIN.latitude, longitude: PIN.longitude });
    const unknown = await similar({ category: "Potholes", title: "Burst main" });
    expect(unknown.res.statusCode).toBe(200);
    expect(unknown.body).toEqual({ items: [] });
  });

  it("answers no items for a category alone, or a title too short to compare", async () => {
    await seedPlaced(t.db, { title: "Leak", latitude: PIN.latitude, longitude: PIN.longitude });
    expect((await similar({ category: CATEGORY })).body).toEqual({ items: [] });
    const short = await similar({ category: CATEGORY, title: "Lea" });
    expect(short.res.statusCode).toBe(200);
    expect(short.body).toEqual({ items: [] });
  });

  it.each([
    ["no category", { latitude: PIN.latitude, longitude: PIN.longitude }, /category/],
    ["a latitude alone", { category: CATEGORY, latitude: PIN.latitude }, LOCATION_MESSAGES.coordinatesPair],
    ["a latitude out of range", { category: CATEGORY, latitude: 95, longitude: 36 }, LOCATION_MESSAGES.latitudeRange],
  ])("refuses %s with a message", async (_name, params, message) => {
    const { res } = await similar(params);
    expect(res.statusCode).toBe(400);
    expectHumanError(res.body, message);
  });
});
