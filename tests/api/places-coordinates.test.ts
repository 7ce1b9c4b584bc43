import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { GrievanceListResponse, MapSettings, PublicGrievance } from "#shared/api-types.ts";
import { LOCATION_MESSAGES } from "#shared/places/location-messages.ts";
import { countRows, createTestApp, expectHumanError, postGrievance, type TestApp } from "./test-app.ts";
import { seedPlaced } from "./places-helpers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.query("DELETE FROM grievances");
});

const required = {
  title: "Burst main on Elm Street",
  description: "Water is gushing onto the road.",
  category: "Infrastructure Problems",
};

async function storedPin(id: string) {
  const { rows } = await t.db.query<{ latitude: string | null; longitude: string | null }>(
    "SELECT latitude::text, longitude::text FROM grievances WHERE id = $1",
    [id],
  );
  return rows[0];
}

describe("POST /api/grievances with a pin", () => {
  it("stores the pin with 6 decimals and returns it, on submit and on the report's page", async () => {
    const res = await postGrievance(t.app, { ...required, latitude: "-1.292066789", longitude: "36.8219464" });
    expect(res.statusCode).toBe(201);
    const body = res.json<PublicGrievance>();
    expect(body).toMatchObject({ latitude: -1.292067, longitude: 36.821946, affected: 1 });
    expect(await storedPin(body.id)).toEqual({ latitude: "-1.292067", longitude: "36.821946" });
    const shown = (await t.app.inject({ url: `/api/grievances/${body.id}` })).json<PublicGrievance>();
    expect(shown).toMatchObject({ latitude: -1.292067, longitude: 36.821946 });
  });

  it("accepts the extremes of both ranges", async () => {
    const res = await postGrievance(t.app, { ...required, latitude: "-90", longitude: "180" });
    expect(res.statusCode).toBe(201);
    expect(await storedPin(res.json<PublicGrievance>().id)).toEqual({
      latitude: "-90.000000",
      longitude: "180.000000",
    });
  });

  it("accepts a report without a pin, blank fields counting as absent", async () => {
    for (const fields of [required, { ...required, latitude: "", longitude: "  " }]) {
      const res = await postGrievance(t.app, fields);
      expect(res.statusCode).toBe(201);
      const body = res.json<PublicGrievance>();
      expect(body).toMatchObject({ latitude: null, longitude: null });
      expect(await storedPin(body.id)).toEqual({ latitude: null, longitude: null });
    }
  });

  it.each([
    ["a latitude alone", { latitude: "-1.29" }, LOCATION_MESSAGES.coordinatesPair],
    ["a longitude alone", { longitude: "36.8" }, LOCATION_MESSAGES.coordinatesPair],
    ["a latitude with a blank longitude", { latitude: "-1.29", longitude: "" }, LOCATION_MESSAGES.coordinatesPair],
    ["a latitude over 90", { latitude: "90.000001", longitude: "36.8" }, LOCATION_MESSAGES.latitudeRange],
    ["a latitude under -90", { latitude: "-91", longitude: "36.8" }, LOCATION_MESSAGES.latitudeRange],
    ["a longitude over 180", { latitude: "-1.29", longitude: "180.5" }, LOCATION_MESSAGES.longitudeRange],
    ["a latitude that is no number", { latitude: "north", longitude: "36.8" }, LOCATION_MESSAGES.latitudeRange],
    ["an exponent", { latitude: "1e1", longitude: "36.8" }, LOCATION_MESSAGES.latitudeRange],
    ["a longitude that is no number", { latitude: "-1.29", longitude: "0x10" }, LOCATION_MESSAGES.longitudeRange],
  ])("refuses %s on its field and stores nothing", async (_name, pin, message) => {
    const res = await postGrievance(t.app, { ...required, ...pin });
    expect(res.statusCode).toBe(400);
    expectHumanError(res.body);
    const body = res.json<{ fieldErrors: Record<string, string> }>();
    expect(Object.values(body.fieldErrors)).toContain(message);
    expect(await countRows(t.db)).toBe(0);
  });
});

describe("GET /api/grievances?bbox=", () => {
  const list = async (query: string) => {
    const res = await t.app.inject({ url: `/api/grievances${query}` });
    return { res, body: res.json<GrievanceListResponse>() };
  };

  it("lists only reports with a pin inside the box, edges included, with the count of those", async () => {
    await seedPlaced(t.db, { title: "Inside", latitude: -1.29, longitude: 36.82, minutesAgo: 1 });
    await seedPlaced(t.db, { title: "On the west edge", latitude: -1.29, longitude: 36.8, minutesAgo: 2 });
    await seedPlaced(t.db, { title: "On the north-east corner", latitude: -1.2, longitude: 36.9, minutesAgo: 3 });
    await seedPlaced(t.db, { title: "Just outside", latitude: -1.29, longitude: 36.900001, minutesAgo: 4 });
    await seedPlaced(t.db, { title: "Far away", latitude: 51.5, longitude: -0.12, minutesAgo: 5 });
    await seedPlaced(t.db, { title: "Without a pin", minutesAgo: 6 });
    await seedPlaced(t.db, { title: "Hidden inside", latitude: -1.29, longitude: 36.83, hidden: true, minutesAgo: 7 });

    const { res, body } = await list("?bbox=36.8,-1.3,36.9,-1.2");
    expect(res.statusCode).toBe(200);
    expect(body.items.map((item) => item.title)).toEqual(["Inside", "On the west edge", "On the north-east corner"]);
    expect(body).toMatchObject({ matching: 3, matchingCapped: false, total: 6 });
    expect(body.items[0]).toMatchObject({ latitude: -1.29, longitude: 36.82 });

    const filtered = await list("?bbox=36.8,-1.3,36.9,-1.2&q=edge");
    expect(filtered.body.items.map((item) => item.title)).toEqual(["On the west edge"]);
  });

  it.each(["36.9,-1.3,36.8,-1.2", "36.8,-1.3,36.9", "a,b,c,d", "36.8,-91,36.9,-1.2", "181,-1.3,182,-1.2"])(
    "refuses bbox=%s with a message",
    async (bbox) => {
      const { res } = await list(`?bbox=${bbox}`);
      expect(res.statusCode).toBe(400);
      expectHumanError(res.body, /bbox/);
    },
  );
});

describe("map settings and the CSP", () => {
  it("answers the defaults: OpenStreetMap tiles with their attribution, no service area, no geocoder, no SMS", async () => {
    const res = await t.app.inject({ url: "/api/map-settings" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toMatch(/max-age=\d+/);
    expect(res.json<MapSettings>()).toEqual({
      tileUrl: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
      attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
      center: { latitude: 0, longitude: 0, zoom: 2 },
      serviceArea: null,
      geocoder: false,
      sms: false,
      pmtiles: null,
    });
  });

  it("lets images come from the tile host and no other", async () => {
    const csp = (await t.app.inject({ url: "/api/map-settings" })).headers["content-security-policy"] as string;
    const imgSrc = csp
      .split(";")
      .map((d) => d.trim())
      .find((d) => d.startsWith("img-src"));
    expect(imgSrc?.split(/\s+/).slice(1).sort()).toEqual(
      ["'self'", "blob:", "data:", "https://tile.openstreetmap.org"].sort(),
    );
  });

  it("expands {s} into Leaflet's a, b and c subdomains", async () => {
    const other = await createTestApp({
      config: { mapTileUrl: "https://{s}.tiles.example.net:8443/osm/{z}/{x}/{y}{r}.png?key=abc" },
    });
    try {
      const res = await other.app.inject({ url: "/api/map-settings" });
      const imgSrc = (res.headers["content-security-policy"] as string)
        .split(";")
        .find((d) => d.trim().startsWith("img-src"));
      expect(imgSrc?.trim().split(/\s+/).slice(4)).toEqual([
        "https://a.tiles.example.net:8443",
        "https://b.tiles.example.net:8443",
        "https://c.tiles.example.net:8443",
      ]);
      expect(res.json<MapSettings>().tileUrl).toBe("https://{s}.tiles.example.net:8443/osm/{z}/{x}/{y}{r}.png?key=abc");
    } finally {
      await other.close();
    }
  });
});
