import { MAP_MARKER_CAP } from "#shared/places/geo.ts";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AffectedResponse } from "#shared/api-types.ts";
import { LOCATION_MESSAGES } from "#shared/places/location-messages.ts";
import { staffApiPaths, type StaffMapResponse, type StaffQueueResponse } from "#shared/staff/staff-api.ts";
import { STAFF_MESSAGES } from "#shared/staff/staff-messages.ts";
import { seedPlaced } from "../places-helpers.ts";
import { createTestApp, type TestApp } from "../test-app.ts";
import { addStaff, resetData, SAME_ORIGIN, staffClient } from "./staff-helpers.ts";

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

const queue = async (query: string) => {
  const res = await as({ method: "GET", url: `${staffApiPaths.grievances}?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<StaffQueueResponse>();
};
const titles = (body: { items: { title: string }[] }) => body.items.map((item) => item.title);

/** Residents press "I have this problem too" through the public API, each from a browser of their own. */
async function pressAffected(id: string, times: number) {
  for (let i = 0; i < times; i++) {
    const res = await t.app.inject({
      method: "POST",
      url: `/api/grievances/${id}/affected`,
      remoteAddress: `198.51.100.${i + 1}`,
      payload: { browserId: `staff-test-browser-${id.slice(0, 8)}-${i}` },
    });
    expect(res.json<AffectedResponse>().counted).toBe(true);
  }
}

/** Oldest first: A (1 press), B (3), C (0), D (3), E resolved (0), F (0). */
async function seedQueue() {
  const ids = {
    a: await seedPlaced(t.db, { title: "A", minutesAgo: 60 }),
    b: await seedPlaced(t.db, { title: "B", minutesAgo: 50 }),
    c: await seedPlaced(t.db, { title: "C", minutesAgo: 40 }),
    d: await seedPlaced(t.db, { title: "D", minutesAgo: 30 }),
    e: await seedPlaced(t.db, { title: "E", minutesAgo: 20 }),
    f: await seedPlaced(t.db, { title: "F", minutesAgo: 10 }),
  };
  await pressAffected(ids.a, 1);
  await pressAffected(ids.b, 3);
  await pressAffected(ids.d, 3);
  await t.db.query("UPDATE grievances SET status = 'resolved' WHERE id = $1", [ids.e]);
  return ids;
}

describe("the staff queue by people affected", () => {
  it("filters to reports someone else is affected by, or to the others, with their counts", async () => {
    await seedQueue();
    const affected = await queue("affected=true");
    expect(titles(affected)).toEqual(["A", "B", "D"]);
    expect(affected.items.map((item) => item.affected)).toEqual([2, 4, 4]);
    expect(affected).toMatchObject({ matching: 3, total: 6 });
    expect(titles(await queue("affected=false"))).toEqual(["C", "F", "E"]);
  });

  it("sorts most affected first, then oldest open first, across pages", async () => {
    await seedQueue();
    expect(titles(await queue("sort=affected"))).toEqual(["B", "D", "A", "C", "F", "E"]);
    // Pages of two: the second straddles the affected reports and the others.
    const pages = [];
    for (const page of [1, 2, 3, 4]) pages.push(titles(await queue(`sort=affected&pageSize=2&page=${page}`)));
    expect(pages).toEqual([["B", "D"], ["A", "C"], ["F", "E"], []]);
    expect(titles(await queue("sort=affected&pageSize=4&page=1"))).toEqual(["B", "D", "A", "C"]);
    expect(titles(await queue("sort=affected&affected=true&pageSize=2&page=2"))).toEqual(["A"]);
    expect(titles(await queue("sort=affected&affected=false"))).toEqual(["C", "F", "E"]);
    // With other filters, as the default order.
    expect(titles(await queue("sort=affected&status=pending"))).toEqual(["B", "D", "A", "C", "F"]);
  });

  it("keeps the default order without sort, and refuses an unknown sort", async () => {
    await seedQueue();
    expect(titles(await queue(""))).toEqual(["A", "B", "C", "D", "F", "E"]);
    const res = await as({ method: "GET", url: `${staffApiPaths.grievances}?sort=loudest` });
    expect(res.statusCode).toBe(400);
  });
});

describe("GET /api/staff/grievances/map", () => {
  const AREA = "36.8,-1.3,36.9,-1.2";
  const map = async (query: string) => {
    const res = await as({ method: "GET", url: `${staffApiPaths.grievanceMap}?${query}` });
    return { res, body: res.json<StaffMapResponse>() };
  };

  it("answers the markers in the area with hidden reports included and marked", async () => {
    await seedPlaced(t.db, { title: "Visible", latitude: -1.25, longitude: 36.85, minutesAgo: 1 });
    await seedPlaced(t.db, { title: "Hidden", latitude: -1.26, longitude: 36.86, hidden: true, minutesAgo: 2 });
    await seedPlaced(t.db, { title: "Elsewhere", latitude: 10, longitude: 10, minutesAgo: 3 });
    await seedPlaced(t.db, { title: "No pin", minutesAgo: 4 });

    const { res, body } = await map(`bbox=${AREA}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(body.markers.map((m) => [m.title, m.hidden])).toEqual([
      ["Visible", false],
      ["Hidden", true],
    ]);
    expect(body).toMatchObject({ matching: 2, matchingCapped: false, cap: MAP_MARKER_CAP });

    // The public map does not show the hidden one.
    const pub = (await t.app.inject({ url: `/api/grievances/map?bbox=${AREA}` })).json<StaffMapResponse>();
    expect(pub.markers.map((m) => m.title)).toEqual(["Visible"]);
  });

  it("takes the queue's filters", async () => {
    const pressed = await seedPlaced(t.db, { title: "Pressed", latitude: -1.25, longitude: 36.85, minutesAgo: 1 });
    await seedPlaced(t.db, {
      title: "Hidden resolved",
      status: "resolved",
      latitude: -1.26,
      longitude: 36.86,
      hidden: true,
      minutesAgo: 2,
    });
    await seedPlaced(t.db, {
      title: "Leak",
      category: "Leakage Issues",
      latitude: -1.27,
      longitude: 36.87,
      minutesAgo: 3,
    });
    await pressAffected(pressed, 1);
    const cases: [string, string[]][] = [
      ["hidden=exclude", ["Pressed", "Leak"]],
      ["hidden=only", ["Hidden resolved"]],
      ["status=resolved", ["Hidden resolved"]],
      ["category=Leakage%20Issues", ["Leak"]],
      ["affected=true", ["Pressed"]],
      ["q=leak", ["Leak"]],
    ];
    for (const [query, expected] of cases) {
      expect(
        (await map(`bbox=${AREA}&${query}`)).body.markers.map((m) => m.title),
        query,
      ).toEqual(expected);
    }
  });

  it("refuses a missing or malformed area with a message", async () => {
    for (const query of ["", "bbox=36.9,-1.3,36.8,-1.2"]) {
      const { res } = await map(query);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: LOCATION_MESSAGES.bboxInvalid, requestId: expect.any(String) });
    }
  });

  it("is for signed-in staff only", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: `${staffApiPaths.grievanceMap}?bbox=${AREA}`,
      headers: SAME_ORIGIN,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: STAFF_MESSAGES.signInRequired, requestId: expect.any(String) });
  });
});
