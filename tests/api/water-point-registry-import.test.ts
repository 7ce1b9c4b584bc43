import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ImportResult, WaterPointAdminList } from "#shared/api-schemas/water-point-registry.ts";
import { MAX_IMPORT_BYTES } from "#server/water-points/water-point-admin-routes.ts";
import { MAX_IMPORT_ENTRIES } from "#server/water-points/water-point-import-file.ts";
import { createTestApp, multipart, type TestApp } from "./test-app.ts";
import { SAME_ORIGIN, adminAndStaffClients, type staffClient } from "./staff/staff-helpers.ts";

// The registry's import (docs/decisions/036-water-points.md): a CSV with WPDx's names or GeoJSON points, told apart by
// content; each rejected row with its line and reason; importing again updates by code; a preview stores nothing.

let t: TestApp;
let admin: Awaited<ReturnType<typeof staffClient>>;
let staff: Awaited<ReturnType<typeof staffClient>>;

const IMPORT = "/api/staff/admin/water-points/import";
const HEADER =
  "wpdx_id,lat_deg,lon_deg,water_source_clean,water_tech_clean,status_id,clean_adm1,clean_adm2,clean_adm3,clean_adm4,install_year,management_clean,name";

async function upload(text: string, { dryRun = false, filename = "points.csv", type = "text/csv" } = {}) {
  const body = await multipart({}, [{ name: "file", filename, bytes: Buffer.from(text), type }]);
  return admin({ method: "POST", url: `${IMPORT}${dryRun ? "?dryRun=true" : ""}`, ...body });
}

const pointCount = async () =>
  Number((await t.db.query<{ n: string }>("SELECT count(*) AS n FROM water_points")).rows[0]!.n);
const point = async (code: string) =>
  (await t.db.query<Record<string, unknown>>("SELECT * FROM water_points WHERE upper(code) = upper($1)", [code]))
    .rows[0];

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, staff } = await adminAndStaffClients(t.app, t.db, "admin@water.example", "staff@water.example"));
});
afterAll(() => t.close());

describe("importWaterPoints", () => {
  // Line 1 header; line 3 has no wpdx_id; line 4's quoted name spans two lines, so line 6 is the next row, whose
  // latitude is out of range; CRLF line ends and a byte order mark, as spreadsheets write them.
  const csv = [
    HEADER,
    "WP-0001,-1.2921,36.8219,Borehole,Hand Pump,Yes,Nairobi,Westlands,,,2015,Community,Kiosk one",
    ",-1.30,36.80,Borehole,,No,,,,,,,No code",
    'WP-0002,-1.31,36.81,Piped Water,Tap,unknown,Nairobi,,,,,,"Kiosk ""two"", by the\r\nmarket"',
    "WP-0003,95,36.8,,,,,,,,,,Too far north",
    "wp-0001,-1.2921,36.8219,,,NO,,,,,,,Repeated",
    "WP-0004,-1.33,36.83,,,Maybe,,,,,,,Odd status",
  ].join("\r\n");
  const file = `\uFEFF${csv}\r\n`;

  it("previews: the figures and the rejected rows with their lines and reasons, nothing stored", async () => {
    const answer = await upload(file, { dryRun: true });
    expect(answer.statusCode).toBe(200);
    const result = answer.json<ImportResult>();
    expect(result).toEqual({
      created: 2,
      updated: 0,
      dryRun: true,
      rejected: [
        { row: 3, reason: "The code (wpdx_id) is missing." },
        { row: 6, reason: "The latitude (lat_deg) must be a number between -90 and 90." },
        {
          row: 7,
          reason: "This code (wpdx_id) is on an earlier row of the file too; that row is the one imported.",
        },
        { row: 8, reason: "The status (status_id) must be Yes, No or Unknown." },
      ],
    });
    expect(await pointCount()).toBe(0);
  });

  it("imports the same figures, with the WPDx fields mapped, quotes and line breaks read, and an audit entry", async () => {
    const result = (await upload(file)).json<ImportResult>();
    expect(result).toMatchObject({ created: 2, updated: 0, dryRun: false });
    expect(result.rejected.map((r) => r.row)).toEqual([3, 6, 7, 8]);
    expect(await pointCount()).toBe(2);
    expect(await point("WP-0001")).toMatchObject({
      code: "WP-0001",
      name: "Kiosk one",
      latitude: -1.2921,
      longitude: 36.8219,
      water_source: "Borehole",
      water_tech: "Hand Pump",
      status_id: "yes",
      adm1: "Nairobi",
      adm2: "Westlands",
      adm3: null,
      install_year: 2015,
      management: "Community",
    });
    expect(await point("WP-0002")).toMatchObject({ name: 'Kiosk "two", by the\nmarket', status_id: "unknown" });
    const audit = await t.db.query<{ action: string; target: string; details: unknown }>(
      "SELECT action, target, details FROM audit_log WHERE action = 'water_point.import'",
    );
    expect(audit.rows).toEqual([
      { action: "water_point.import", target: "points.csv", details: { created: 2, updated: 0, rejected: 4 } },
    ]);
  });

  it("importing again updates by code, whatever its case, and creates no duplicate", async () => {
    const again = [HEADER, "wp-0001,-1.3,36.9,Borehole,Hand Pump,No,Nairobi,,,,2016,Utility,Kiosk one renamed"].join(
      "\n",
    );
    expect((await upload(again, { dryRun: true })).json<ImportResult>()).toMatchObject({ created: 0, updated: 1 });
    expect((await upload(again)).json<ImportResult>()).toEqual({ created: 0, updated: 1, rejected: [], dryRun: false });
    expect(await pointCount()).toBe(2);
    expect(await point("WP-0001")).toMatchObject({ name: "Kiosk one renamed", status_id: "no", latitude: -1.3 });
  });

  it("reads GeoJSON points whatever type the browser declared, with `code` for wpdx_id; rows are feature numbers", async () => {
    const geojson = JSON.stringify({
      type: "FeatureCollection",
      features: [
        {
          type: "Feature",
          geometry: { type: "Point", coordinates: [36.9, -1.4] },
          properties: { code: "GJ-1", name: "Pump" },
        },
        {
          type: "Feature",
          geometry: {
            type: "LineString",
            coordinates: [
              [0, 0],
              [1, 1],
            ],
          },
          properties: { code: "GJ-2" },
        },
        {
          type: "Feature",
          geometry: { type: "Point", coordinates: [36.91, -1.41] },
          properties: { wpdx_id: "WP-0002", status_id: "Yes", name: "Kiosk two" },
        },
      ],
    });
    const result = (await upload(geojson, { filename: "points.txt", type: "text/plain" })).json<ImportResult>();
    expect(result).toEqual({
      created: 1,
      updated: 1,
      dryRun: false,
      rejected: [{ row: 2, reason: "The feature is not a Point with [longitude, latitude] coordinates." }],
    });
    expect(await point("GJ-1")).toMatchObject({ latitude: -1.4, longitude: 36.9, status_id: "unknown" });
  });

  it("refuses a file that is neither kind, one without a wpdx_id column, and no file, with a clear message", async () => {
    const neither = await upload("just some words\nand more");
    expect(neither.statusCode).toBe(400);
    expect(neither.json().message).toMatch(/neither a CSV .* nor a GeoJSON/);
    const noCode = await upload("id,lat_deg,lon_deg\n1,2,3");
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().message).toMatch(/no wpdx_id column/);
    const badJson = await upload('{"type": "FeatureCollection", ');
    expect(badJson.json().message).toMatch(/not valid JSON/);
    const unclosed = await upload(`${HEADER}\nWP-9,1,2,,,,,,,,,,"open`);
    expect(unclosed.statusCode).toBe(400);
    expect(unclosed.json().message).toMatch(/could not be read at line/);
    const empty = await admin({ method: "POST", url: IMPORT, ...(await multipart({ note: "x" })) });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/choose a file/);
  });

  it("refuses a file over the size or the number of points, saying how to split it", async () => {
    const rows = Array.from({ length: MAX_IMPORT_ENTRIES + 1 }, (_, i) => `P-${i},1,1`);
    const tooMany = await upload(["wpdx_id,lat_deg,lon_deg", ...rows].join("\n"), { dryRun: true });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(
      "The file holds more than 200,000 water points. Please split it (by region, for example) and import each part.",
    );
    const tooLarge = await upload("x".repeat(MAX_IMPORT_BYTES + 128 * 1024));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe(
      "The file is larger than 40 MB. Please split it (by region, for example) and import each part.",
    );
    expect(await pointCount()).toBe(3);
  });

  it("is for administrators only", async () => {
    const body = await multipart({}, [{ name: "file", filename: "p.csv", bytes: Buffer.from(`${HEADER}\n`) }]);
    expect((await staff({ method: "POST", url: IMPORT, ...body })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: "POST", url: IMPORT, ...body, headers: { ...body.headers, ...SAME_ORIGIN } }))
        .statusCode,
    ).toBe(401);
  });

  it("the console's list finds points by a part of the code or the name", async () => {
    const list = (
      await admin({ method: "GET", url: "/api/staff/admin/water-points?q=kiosk" })
    ).json<WaterPointAdminList>();
    expect(list.items.map((item) => item.code)).toEqual(["WP-0001", "WP-0002"]);
    const byCode = (
      await admin({ method: "GET", url: "/api/staff/admin/water-points?q=gj-" })
    ).json<WaterPointAdminList>();
    expect(byCode.items.map((item) => item.code)).toEqual(["GJ-1"]);
    expect(byCode.nextAfter).toBeNull();
  });
});
