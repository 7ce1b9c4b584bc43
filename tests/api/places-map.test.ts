import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { GrievanceMapResponse, GrievanceListResponse } from "#shared/api-types.ts";
import { MAP_MARKER_CAP, parseBbox } from "#shared/places/geo.ts";
import { LOCATION_MESSAGES } from "#shared/places/location-messages.ts";
import { MATCHING_CAP } from "#server/grievances/capped-count-repository.ts";
import { findMarkers, MAP_COUNT_CAP } from "#server/places/map-marker-repository.ts";
import { createTestApp, expectHumanError, type TestApp } from "./test-app.ts";
import { getJson, seedPlaced } from "./places-helpers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.query("DELETE FROM grievances");
});

const AREA = "36.8,-1.3,36.9,-1.2";

async function map(query: string) {
  const res = await getJson(t.app, `/api/grievances/map${query}`);
  return { res, body: res.json<GrievanceMapResponse>() };
}

describe("GET /api/grievances/map", () => {
  it("answers the public reports with a pin inside the area, edges included, newest first, as markers", async () => {
    const inside = await seedPlaced(t.db, {
      title: "Burst pipe at the market",
      location: "Market square",
      latitude: -1.25,
      longitude: 36.85,
      priority: "urgent",
      affectedCount: 2,
      minutesAgo: 1,
    });
    await seedPlaced(t.db, { title: "On the south edge", latitude: -1.3, longitude: 36.85, minutesAgo: 2 });
    await seedPlaced(t.db, { title: "Just north of it", latitude: -1.199999, longitude: 36.85, minutesAgo: 3 });
    await seedPlaced(t.db, { title: "No pin", minutesAgo: 4 });
    await seedPlaced(t.db, { title: "Hidden", latitude: -1.25, longitude: 36.86, hidden: true, minutesAgo: 5 });

    const { res, body } = await map(`?bbox=${AREA}`);
    expect(res.statusCode).toBe(200);
    expect(body).toMatchObject({ matching: 2, matchingCapped: false, cap: MAP_MARKER_CAP });
    expect(body.markers.map((m) => m.title)).toEqual(["Burst pipe at the market", "On the south edge"]);
    expect(body.markers[0]).toEqual({
      id: inside,
      reference: expect.any(String),
      title: "Burst pipe at the market",
      category: "Infrastructure Problems",
      status: "pending",
      priority: "urgent",
      created_at: expect.any(String),
      affected: 3,
      location: "Market square",
      latitude: -1.25,
      longitude: 36.85,
    });
    // Nothing staff-only or private in a marker.
    expect(JSON.stringify(body)).not.toMatch(/hidden|user_email|user_phone/);
  });

  it("filters exactly as the list does", async () => {
    await seedPlaced(t.db, {
      title: "Brown water in Elm Street",
      category: "Water Quality Issues",
      latitude: -1.25,
      longitude: 36.85,
    });
    await seedPlaced(t.db, {
      title: "Burst main",
      status: "in-progress",
      priority: "high",
      latitude: -1.26,
      longitude: 36.85,
    });
    await seedPlaced(t.db, {
      title: "Leaking meter",
      category: "Leakage Issues",
      status: "resolved",
      latitude: -1.27,
      longitude: 36.85,
    });
    for (const query of [
      "category=Water%20Quality%20Issues",
      "status=in-progress",
      "priority=high",
      "q=meter",
      "status=resolved&q=leak",
    ]) {
      const { body } = await map(`?bbox=${AREA}&${query}`);
      const listed = (await getJson(t.app, `/api/grievances?bbox=${AREA}&${query}`)).json<GrievanceListResponse>();
      expect(
        body.markers.map((m) => m.id),
        query,
      ).toEqual(listed.items.map((i) => i.id));
      expect(body.markers.length, query).toBe(1);
      expect(body.matching).toBe(1);
    }
  });

  it(`answers at most ${MAP_MARKER_CAP} markers, the newest, and counts all that match`, async () => {
    const extra = 7;
    await t.db.query(
      `INSERT INTO grievances (title, description, category, priority, status, latitude, longitude, created_at)
       SELECT 'Report ' || i, 'Details.', 'Other', 'medium', 'pending', -1.25, 36.85, now() - make_interval(mins => i)
       FROM generate_series(1, $1::int) AS i`,
      [MAP_MARKER_CAP + extra],
    );
    const { body } = await map(`?bbox=${AREA}`);
    expect(body.markers).toHaveLength(MAP_MARKER_CAP);
    expect(body).toMatchObject({ matching: MAP_MARKER_CAP + extra, matchingCapped: false });
    expect(body.markers[0]?.title).toBe("Report 1");
    expect(body.markers.at(-1)?.title).toBe(`Report ${MAP_MARKER_CAP}`);
  });

  it(`says "more" above ${MAP_COUNT_CAP} in the area, and still answers the newest ${MAP_MARKER_CAP} inside it`, async () => {
    // The newest rows are outside the area, hidden, or of another category: the walk must pass over them.
    await t.db.query(
      `INSERT INTO grievances (title, description, category, priority, status, latitude, longitude, created_at, hidden_at, hidden_reason)
       SELECT 'Noise ' || i, 'Details.', CASE WHEN i % 3 = 0 THEN 'Leakage Issues' ELSE 'Other' END, 'medium', 'pending',
              CASE WHEN i % 3 = 1 THEN 10 ELSE -1.25 END, 36.85, now() - make_interval(secs => i),
              CASE WHEN i % 3 = 2 THEN now() END, CASE WHEN i % 3 = 2 THEN 'spam' END
       FROM generate_series(1, 30) AS i`,
    );
    await t.db.query(
      `INSERT INTO grievances (title, description, category, priority, status, latitude, longitude, created_at)
       SELECT 'Report ' || i, 'Details.', 'Other', 'medium', 'pending', -1.2 - i * 0.00001, 36.8 + i * 0.00001,
              now() - make_interval(mins => i)
       FROM generate_series(1, $1::int) AS i`,
      [MAP_COUNT_CAP + 10],
    );
    const { body } = await map(`?bbox=${AREA}&category=Other`);
    expect(body).toMatchObject({ matching: MAP_COUNT_CAP, matchingCapped: true, cap: MAP_MARKER_CAP });
    expect(body.markers).toHaveLength(MAP_MARKER_CAP);
    expect(body.markers[0]?.title).toBe("Report 1");
    expect(body.markers.at(-1)?.title).toBe(`Report ${MAP_MARKER_CAP}`);
    // The same answer without the category: the 10 visible noise rows of Leakage Issues are newer and inside.
    const all = (await map(`?bbox=${AREA}`)).body;
    expect(all.markers.slice(0, 10).every((m) => m.title.startsWith("Noise"))).toBe(true);
    expect(all.markers[10]?.title).toBe("Report 1");

    // The list's bbox over the same area: more than the few read whole, so counted up to the list's own cap (below
    // the map's: docs/decisions/034-a-count-cap-of-a-thousand.md) and walked by date.
    const listed = (await getJson(t.app, `/api/grievances?bbox=${AREA}&category=Other`)).json<GrievanceListResponse>();
    expect(listed).toMatchObject({ matching: MATCHING_CAP, matchingCapped: true });
    expect(listed.items.map((i) => i.title)).toEqual(
      Array.from({ length: listed.pageSize }, (_, i) => `Report ${i + 1}`),
    );
    const next = (
      await getJson(t.app, `/api/grievances?bbox=${AREA}&category=Other&cursor=${listed.nextCursor}`)
    ).json<GrievanceListResponse>();
    expect(next.items[0]?.title).toBe(`Report ${listed.pageSize + 1}`);
    const third = (
      await getJson(t.app, `/api/grievances?bbox=${AREA}&category=Other&page=3`)
    ).json<GrievanceListResponse>();
    expect(third.items[0]?.title).toBe(`Report ${2 * listed.pageSize + 1}`);
  });

  it("finds the newest markers of a full area whose reports are older than the recent ones", async () => {
    // Older pins in the area, then newer reports elsewhere, more than the recent window (made small here; 30,000 in
    // the app): the walk through the newest reports finds none, and the area's own entries are read whole.
    const window = 300;
    await t.db.query(
      `INSERT INTO grievances (title, description, category, priority, status, latitude, longitude, created_at)
       SELECT 'Old ' || i, 'Details.', 'Other', 'medium', 'pending', -1.2 - i * 0.00001, 36.8 + i * 0.00001,
              now() - interval '1 year' - make_interval(mins => i)
       FROM generate_series(1, $1::int) AS i`,
      [MAP_COUNT_CAP + 5],
    );
    await t.db.query(
      `INSERT INTO grievances (title, description, category, priority, status, latitude, longitude, created_at)
       SELECT 'Elsewhere ' || i, 'Details.', 'Other', 'medium', 'pending', 10, 10, now() - make_interval(secs => i)
       FROM generate_series(1, $1::int) AS i`,
      [window + 1],
    );
    const page = await findMarkers(t.db, parseBbox(AREA)!, "g.hidden_at IS NULL", [], window);
    expect(page).toMatchObject({ matching: MAP_COUNT_CAP, matchingCapped: true });
    expect(page.markers).toHaveLength(MAP_MARKER_CAP);
    expect(page.markers[0]?.title).toBe("Old 1");
    expect(page.markers.at(-1)?.title).toBe(`Old ${MAP_MARKER_CAP}`);
  });

  it.each([
    ["no bbox", ""],
    ["an empty bbox", "?bbox="],
    ["three numbers", "?bbox=36.8,-1.3,36.9"],
    ["min above max", "?bbox=36.9,-1.3,36.8,-1.2"],
    ["a latitude out of range", "?bbox=36.8,-95,36.9,-1.2"],
    ["words", "?bbox=west,south,east,north"],
  ])("refuses %s with a message saying how to give the area", async (_name, query) => {
    const { res } = await map(query);
    expect(res.statusCode).toBe(400);
    expectHumanError(res.body, LOCATION_MESSAGES.bboxInvalid);
  });

  it("refuses an unknown filter value with the field to check", async () => {
    const { res } = await map(`?bbox=${AREA}&status=lost`);
    expect(res.statusCode).toBe(400);
    expectHumanError(res.body, /status/);
  });
});
