import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WaterPointMap } from "#shared/api-schemas/water-point-registry.ts";
import type { WaterPointRecord } from "#shared/water-points/water-point-schemas.ts";
import { WATER_POINT_MAP_CAP } from "#server/water-points/water-point-map.ts";
import { createTestApp, type TestApp } from "./test-app.ts";
import { adminAndStaffClients, type staffClient } from "./staff/staff-helpers.ts";

// The registry by hand (add, edit, retire, put back), the map's box (points, or clusters over the cap) and the
// exports with WPDx's header, formula-safe (docs/decisions/036-water-points.md, docs/integrators.md).

let t: TestApp;
let admin: Awaited<ReturnType<typeof staffClient>>;
let staff: Awaited<ReturnType<typeof staffClient>>;

const ADMIN_POINTS = "/api/staff/admin/water-points";
const kiosk = {
  code: "WP-0412",
  name: '=HYPERLINK("http://evil.example")',
  latitude: "-1.2921",
  longitude: "36.8219",
  water_source: "Borehole",
  water_tech: "Hand Pump",
  status_id: "Yes",
  adm1: "Nairobi",
  install_year: "2015",
  management: "@utility",
};
const map = async (bbox: string) => {
  const answer = await t.app.inject({ method: "GET", url: `/api/water-points?bbox=${bbox}` });
  return { answer, body: answer.json<WaterPointMap>() };
};

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, staff } = await adminAndStaffClients(t.app, t.db, "admin@water.example", "staff@water.example"));
});
afterAll(() => t.close());

describe("a water point by hand", () => {
  it("is added by an administrator with the form's schema (text numbers, WPDx's Yes), audited", async () => {
    const answer = await admin({ method: "POST", url: ADMIN_POINTS, payload: kiosk });
    expect(answer.statusCode).toBe(201);
    expect(answer.json<WaterPointRecord>()).toMatchObject({
      code: "WP-0412",
      latitude: -1.2921,
      status_id: "yes",
      install_year: 2015,
      adm2: null,
      retired_at: null,
    });
    const again = await admin({ method: "POST", url: ADMIN_POINTS, payload: { ...kiosk, code: "wp-0412" } });
    expect(again.statusCode).toBe(409);
    const audit = await t.db.query("SELECT action, target FROM audit_log WHERE action LIKE 'water_point.%'");
    expect(audit.rows).toEqual([{ action: "water_point.create", target: "WP-0412" }]);
  });

  it("refuses a point out of range with the field's message", async () => {
    const answer = await admin({
      method: "POST",
      url: ADMIN_POINTS,
      payload: { ...kiosk, code: "X1", latitude: "91" },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().fieldErrors.latitude).toBe("The latitude (lat_deg) must be a number between -90 and 90.");
  });

  it("is edited by its code in any case, every field but the code", async () => {
    const { code: _code, ...fields } = kiosk;
    const answer = await admin({
      method: "PUT",
      url: `${ADMIN_POINTS}/wp-0412`,
      payload: { ...fields, name: "Kiosk by the market", status_id: "no" },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json<WaterPointRecord>()).toMatchObject({
      code: "WP-0412",
      name: "Kiosk by the market",
      status_id: "no",
    });
    expect((await admin({ method: "PUT", url: `${ADMIN_POINTS}/nope`, payload: fields })).statusCode).toBe(404);
  });

  it("is changed by administrators only", async () => {
    expect((await staff({ method: "POST", url: ADMIN_POINTS, payload: { ...kiosk, code: "S1" } })).statusCode).toBe(
      403,
    );
    expect((await staff({ method: "POST", url: `${ADMIN_POINTS}/WP-0412/retire` })).statusCode).toBe(403);
    expect((await staff({ method: "GET", url: ADMIN_POINTS })).statusCode).toBe(403);
  });

  it("leaves the map when retired and comes back when put back in service", async () => {
    const bbox = "36.8,-1.3,36.9,-1.2";
    expect((await map(bbox)).body.features).toHaveLength(1);
    const retired = await admin({ method: "POST", url: `${ADMIN_POINTS}/WP-0412/retire` });
    expect(retired.json<WaterPointRecord>().retired_at).not.toBeNull();
    expect((await map(bbox)).body.features).toHaveLength(0);
    const back = await admin({ method: "POST", url: `${ADMIN_POINTS}/WP-0412/unretire` });
    expect(back.json<WaterPointRecord>().retired_at).toBeNull();
    expect((await map(bbox)).body.features).toHaveLength(1);
    const audit = await t.db.query(
      "SELECT action FROM audit_log WHERE action IN ('water_point.retire', 'water_point.unretire') ORDER BY id",
    );
    expect(audit.rows.map((row) => row.action)).toEqual(["water_point.retire", "water_point.unretire"]);
  });
});

describe("the map's box", () => {
  it("answers a GeoJSON FeatureCollection of the points in it, with code, name and status", async () => {
    const { answer, body } = await map("36.8,-1.3,36.9,-1.2");
    expect(answer.headers["cache-control"]).toBe("public, max-age=60");
    expect(body).toEqual({
      type: "FeatureCollection",
      clustered: false,
      cap: WATER_POINT_MAP_CAP,
      features: [
        {
          type: "Feature",
          geometry: { type: "Point", coordinates: [36.8219, -1.2921] },
          properties: { code: "WP-0412", name: "Kiosk by the market", status: "not-functional" },
        },
      ],
    });
    expect((await map("0,0,1,1")).body.features).toEqual([]);
  });

  it("refuses a box that is not four numbers", async () => {
    const { answer } = await map("1,2,3");
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toMatch(/minLon,minLat,maxLon,maxLat/);
  });

  it("answers clusters with counts, and no codes, when the box holds more points than the cap", async () => {
    // Two groups far apart in a box of 8 degrees: a grid of half-degree cells keeps them apart.
    await t.db.query(
      `INSERT INTO water_points (code, name, latitude, longitude)
       SELECT 'C-' || i, 'Point ' || i, CASE WHEN i % 2 = 0 THEN 1.1 ELSE 5.1 END + (i % 7) * 0.001,
              CASE WHEN i % 2 = 0 THEN 10.1 ELSE 14.1 END
       FROM generate_series(1, $1) AS i`,
      [WATER_POINT_MAP_CAP + 1],
    );
    const { body } = await map("10,1,18,9");
    expect(body.clustered).toBe(true);
    const counts = body.features
      .map((feature) => feature.properties)
      .sort((a, b) => ("count" in a && "count" in b ? a.count - b.count : 0));
    expect(counts).toEqual([
      { cluster: true, count: Math.floor((WATER_POINT_MAP_CAP + 1) / 2) },
      { cluster: true, count: Math.ceil((WATER_POINT_MAP_CAP + 1) / 2) },
    ]);
    // A box under a degree across is counted in SQL within the box (cells of 1/32 degree here): the same rule.
    await t.db.query(
      `INSERT INTO water_points (code, name, latitude, longitude)
       SELECT 'D-' || i, 'Dense ' || i, 1.101 + (i % 10) * 0.0001, 20.101 + (i % 3) * 0.0001
       FROM generate_series(1, $1) AS i`,
      [WATER_POINT_MAP_CAP + 1],
    );
    const dense = await map("20,1,20.5,1.5");
    expect(dense.body.clustered).toBe(true);
    expect(dense.body.features.map((feature) => feature.properties)).toEqual([
      { cluster: true, count: WATER_POINT_MAP_CAP + 1 },
    ]);
    // Zoomed in on one group: at most the cap, as points.
    const zoomed = await map("10,1,11,2");
    expect(zoomed.body.clustered).toBe(false);
    expect(zoomed.body.features).toHaveLength(Math.floor((WATER_POINT_MAP_CAP + 1) / 2));
  });
});

describe("the exports", () => {
  it("CSV: WPDx's header, the status as Yes/No/Unknown, formulas neutralised, retired points left out", async () => {
    await admin({ method: "POST", url: ADMIN_POINTS, payload: { ...kiosk, code: "F-1", status_id: "" } });
    await admin({ method: "POST", url: ADMIN_POINTS, payload: { ...kiosk, code: "OLD-1", name: "Old" } });
    await admin({ method: "POST", url: `${ADMIN_POINTS}/OLD-1/retire` });
    const answer = await t.app.inject({ method: "GET", url: "/api/water-points.csv" });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const lines = answer.body.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe(
      "wpdx_id,lat_deg,lon_deg,water_source_clean,water_tech_clean,status_id,clean_adm1,clean_adm2,clean_adm3," +
        "clean_adm4,install_year,management_clean,name",
    );
    expect(lines.find((line) => line.startsWith("WP-0412,"))).toBe(
      "WP-0412,-1.2921,36.8219,Borehole,Hand Pump,No,Nairobi,,,,2015,'@utility,Kiosk by the market",
    );
    expect(lines.find((line) => line.startsWith("F-1,"))).toBe(
      `F-1,-1.2921,36.8219,Borehole,Hand Pump,Unknown,Nairobi,,,,2015,'@utility,"'=HYPERLINK(""http://evil.example"")"`,
    );
    expect(answer.body).not.toContain("OLD-1");
    expect(lines.filter((line) => line.startsWith("C-") || line.startsWith("D-"))).toHaveLength(
      2 * (WATER_POINT_MAP_CAP + 1),
    );
  });

  it("GeoJSON: a FeatureCollection of points with WPDx's names as properties, which imports back", async () => {
    const answer = await t.app.inject({ method: "GET", url: "/api/water-points.geojson" });
    expect(answer.headers["content-type"]).toBe("application/geo+json; charset=utf-8");
    const document = answer.json<{
      type: string;
      features: { geometry: unknown; properties: Record<string, unknown> }[];
    }>();
    expect(document.type).toBe("FeatureCollection");
    const feature = document.features.find((f) => f.properties.wpdx_id === "WP-0412");
    expect(feature).toEqual({
      type: "Feature",
      geometry: { type: "Point", coordinates: [36.8219, -1.2921] },
      properties: {
        wpdx_id: "WP-0412",
        water_source_clean: "Borehole",
        water_tech_clean: "Hand Pump",
        status_id: "No",
        clean_adm1: "Nairobi",
        clean_adm2: null,
        clean_adm3: null,
        clean_adm4: null,
        install_year: 2015,
        management_clean: "@utility",
        name: "Kiosk by the market",
        status: "not-functional",
      },
    });
  });
});
