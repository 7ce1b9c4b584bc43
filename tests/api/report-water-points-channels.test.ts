import { XMLParser } from "fast-xml-parser";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "#server/admin/api-key-repository.ts";
import { createTestApp, postGrievance, type TestApp } from "./test-app.ts";
import { KIOSK, PUMP, RETIRED, seedWaterPoint, storedReport } from "./report-water-points-support.ts";

// Reports against a water point by the other ways in and out (docs/decisions/040-reporting-against-water-points.md):
// Open311's address_id (GeoReport v2, /work/shared/standards/GeoReport_v2.md) and the CSV export's wpdx_id.

let t: TestApp;
let apiKey: string;
beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: "https://water.example.org" } });
  for (const point of [KIOSK, PUMP, RETIRED]) await seedWaterPoint(t.db, point);
  const staff = await t.db.query<{ id: string }>(
    "INSERT INTO staff_accounts (email, password_hash) VALUES ('op@example.org', 'x') RETURNING id",
  );
  apiKey = (await createApiKey(t.db, "Work-order system", staff.rows[0]!.id)).key;
});
afterAll(() => t.close());

const post = (format: "json" | "xml", fields: Record<string, string>) =>
  t.app.inject({
    method: "POST",
    url: `/open311/v2/requests.${format}`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({ api_key: apiKey, service_code: "water-supply", ...fields }).toString(),
  });
const xml = new XMLParser({ parseTagValue: false, isArray: (name) => ["request", "error"].includes(name) });

describe("Open311 address_id is the water point's code", () => {
  it("a POST whose only location is address_id is attached to that point and placed at it", async () => {
    const response = await post("json", { address_id: "wp-0412", description: "The kiosk gives no water." });
    expect(response.statusCode, response.body).toBe(201);
    const [created] = response.json<{ service_request_id: string }[]>();
    expect(await storedReport(t.db, created!.service_request_id)).toEqual({
      code: "WP-0412",
      latitude: KIOSK.latitude,
      longitude: KIOSK.longitude,
      location: "Market kiosk (WP-0412)",
    });

    // Read back in both formats: address_id carries the point's code as the registry spells it.
    const json = await t.app.inject({ url: `/open311/v2/requests/${created!.service_request_id}.json` });
    expect(json.json()[0]).toMatchObject({
      address_id: "WP-0412",
      address: "Market kiosk (WP-0412)",
      lat: KIOSK.latitude,
      long: KIOSK.longitude,
    });
    const asXml = await t.app.inject({ url: `/open311/v2/requests/${created!.service_request_id}.xml` });
    const [request] = xml.parse(asXml.body).service_requests.request as Record<string, string>[];
    expect(request).toMatchObject({ address_id: "WP-0412", lat: String(KIOSK.latitude) });
    // In the list too; a request about no point has an empty address_id.
    await post("json", { lat: "-1.3", long: "36.8", description: "A leak on the road." });
    const list = await t.app.inject({ url: "/open311/v2/requests.json" });
    expect(
      list
        .json()
        .map((item: { address_id: string | null }) => item.address_id)
        .sort(),
    ).toEqual(["WP-0412", null]);
    const listXml = xml.parse((await t.app.inject({ url: "/open311/v2/requests.xml" })).body);
    expect(listXml.service_requests.request.map((item: { address_id: string }) => item.address_id).sort()).toEqual([
      "",
      "WP-0412",
    ]);
  });

  it("keeps the client's own lat and long beside the point", async () => {
    const response = await post("json", {
      address_id: PUMP.code,
      lat: "-1.2906",
      long: "36.8221",
      description: "Handle broken.",
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(await storedReport(t.db, response.json()[0].service_request_id)).toMatchObject({
      code: PUMP.code,
      latitude: -1.2906,
      longitude: 36.8221,
    });
  });

  for (const [why, code] of [
    ["unknown", "WP-9999"],
    ["retired", RETIRED.code],
    ["not a code", "Elm Street 12, flat 3"],
  ] as const) {
    it(`answers an address_id that is ${why} with 400 in the standard's error format, in both formats`, async () => {
      const before = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM grievances");
      const json = await post("json", { address_id: code, description: "No water." });
      expect(json.statusCode).toBe(400);
      expect(json.json()).toEqual([
        {
          code: 400,
          description:
            "address_id: No water point in service has this code. Check the code painted on the point, or leave the field empty.",
        },
      ]);
      const asXml = await post("xml", { address_id: code, description: "No water." });
      expect(asXml.statusCode).toBe(400);
      expect(xml.parse(asXml.body).errors.error[0]).toEqual({ code: "400", description: json.json()[0].description });
      const after = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM grievances");
      expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
    });
  }
});

describe("The CSV export's wpdx_id", () => {
  it("is the last column, the point's code under WPDx's name, empty for a report about no point", async () => {
    await t.db.query("DELETE FROM grievances");
    const fields = { title: "Kiosk dry", description: "Nothing since Monday.", category: "Water Supply Problems" };
    expect((await postGrievance(t.app, { ...fields, water_point: "wp-0413" })).statusCode).toBe(201);
    expect((await postGrievance(t.app, { ...fields, location: "Elm Street" })).statusCode).toBe(201);
    const response = await t.app.inject({ url: "/api/grievances.csv" });
    expect(response.statusCode).toBe(200);
    const header = response.body.slice(1, response.body.indexOf("\r\n"));
    expect(header.split(",")).toEqual([
      "reference",
      "title",
      "description",
      "category",
      "priority",
      "status",
      "location",
      "latitude",
      "longitude",
      "people_affected",
      "reported_at",
      "last_updated_at",
      "url",
      "wpdx_id",
    ]);
    const rows = parse(response.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((row) => row.wpdx_id).sort()).toEqual(["", "WP-0413"]);
  });
});
