import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";
import type { ApiError, MapSettings, PublicGrievance } from "#shared/api-types.ts";
import { LOCATION_MESSAGES } from "#shared/places/location-messages.ts";
import { countRows, createTestApp, expectHumanError, postGrievance, type TestApp } from "./test-app.ts";

// A square around central Nairobi with a square hole (a lake the utility does not serve), as a Feature.
const OUTER = [
  [36.7, -1.4],
  [36.95, -1.4],
  [36.95, -1.15],
  [36.7, -1.15],
  [36.7, -1.4],
];
const HOLE = [
  [36.8, -1.3],
  [36.85, -1.3],
  [36.85, -1.25],
  [36.8, -1.25],
  [36.8, -1.3],
];
const FEATURE = {
  type: "Feature",
  properties: { name: "Nairobi water district" },
  geometry: { type: "Polygon", coordinates: [OUTER, HOLE] },
};

let t: TestApp;
let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "service-area-"));
  const file = path.join(dir, "area.geojson");
  await fs.writeFile(file, JSON.stringify(FEATURE));
  // Read as at start-up, from SERVICE_AREA_FILE.
  const { serviceArea } = loadConfig({ SERVICE_AREA_FILE: file });
  t = await createTestApp({ config: { serviceArea } });
});
afterAll(async () => {
  await t.close();
  await fs.rm(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await t.db.query("DELETE FROM grievances");
});

const required = {
  title: "Burst main",
  description: "Water is gushing onto the road.",
  category: "Infrastructure Problems",
};

describe("POST /api/grievances with a service area", () => {
  it("accepts a pin inside the area", async () => {
    const res = await postGrievance(t.app, { ...required, latitude: "-1.2", longitude: "36.75" });
    expect(res.statusCode).toBe(201);
    expect(res.json<PublicGrievance>()).toMatchObject({ latitude: -1.2, longitude: 36.75 });
    expect(await countRows(t.db)).toBe(1);
  });

  it("accepts a report without a pin, as before", async () => {
    expect((await postGrievance(t.app, required)).statusCode).toBe(201);
  });

  it.each([
    ["outside the area", "-1.5", "36.8"],
    ["in the area's hole", "-1.27", "36.82"],
    ["on the other side of the world", "1.2", "-36.75"],
  ])("refuses a pin %s on the latitude field, storing nothing", async (_name, latitude, longitude) => {
    const res = await postGrievance(t.app, { ...required, latitude, longitude });
    expect(res.statusCode).toBe(400);
    expectHumanError(res.body, LOCATION_MESSAGES.outsideServiceArea);
    expect(res.json<ApiError>().fieldErrors).toEqual({ latitude: LOCATION_MESSAGES.outsideServiceArea });
    expect(await countRows(t.db)).toBe(0);
  });

  it("reports the form's own problems before the area: a bad pin is a bad pin wherever it is", async () => {
    const res = await postGrievance(t.app, { ...required, latitude: "-1.5" });
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiError>().fieldErrors?.latitude).toBe(LOCATION_MESSAGES.coordinatesPair);
  });
});

describe("GET /api/map-settings with a service area", () => {
  it("answers the area's geometry, for the maps to open on", async () => {
    const settings = (await t.app.inject({ url: "/api/map-settings" })).json<MapSettings>();
    expect(settings.serviceArea).toEqual({ type: "Polygon", coordinates: [OUTER, HOLE] });
  });
});
