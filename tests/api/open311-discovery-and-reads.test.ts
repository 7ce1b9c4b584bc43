import { describe, expect, it } from "vitest";
import { validFields } from "./test-app.ts";
import { xml, NOTICE, AGENCY, t, refs, get, useOpen311Portal } from "./open311-support.ts";

// GeoReport v2 conformance (open311-support.ts): discovery, the service list and reading requests.

useOpen311Portal();

describe("discovery", () => {
  it("names the endpoint, its specification and formats, in JSON and XML", async () => {
    const json = await get("/open311/v2/discovery.json");
    expect(json.statusCode).toBe(200);
    expect(json.headers["content-type"]).toMatch(/^application\/json/);
    const body = json.json();
    expect(body.contact).toBe(AGENCY);
    expect(body.endpoints).toEqual([
      expect.objectContaining({
        specification: "http://wiki.open311.org/GeoReport_v2",
        url: "https://water.example.org/open311/v2/",
        type: "production",
        formats: ["application/json", "text/xml"],
      }),
    ]);

    const x = await get("/open311/v2/discovery.xml");
    expect(x.headers["content-type"]).toMatch(/^text\/xml/);
    const doc = xml.parse(x.body).discovery;
    expect(doc.contact).toBe(AGENCY);
    expect(doc.endpoints.endpoint[0].url).toBe("https://water.example.org/open311/v2/");
    expect(doc.endpoints.endpoint[0].formats.format).toEqual(["application/json", "text/xml"]);
  });
});

describe("services", () => {
  it("lists the active categories with their codes, in order, in both formats", async () => {
    const json = (await get("/open311/v2/services.json")).json() as Record<string, unknown>[];
    expect(json.map((s) => s.service_code)).toEqual([
      "water-quality",
      "water-supply",
      "sanitation",
      "infrastructure",
      "leakage",
      "drainage",
      "other",
    ]);
    expect(json[0]).toEqual({
      service_code: "water-quality",
      service_name: "Water Quality Issues",
      description: expect.any(String),
      metadata: false,
      type: "realtime",
      keywords: "",
      group: "",
    });

    const services = xml.parse((await get("/open311/v2/services.xml")).body).services.service;
    expect(services).toHaveLength(7);
    expect(services[4]).toEqual({
      service_code: "leakage",
      service_name: "Leakage Issues",
      description: json[4]!.description,
      metadata: "false",
      type: "realtime",
      keywords: "",
      group: "",
    });
  });

  it("leaves out a deactivated category, and defines each service without extra attributes", async () => {
    await t.db.query("UPDATE categories SET active = false WHERE service_code = 'other'");
    try {
      const codes = ((await get("/open311/v2/services.json")).json() as { service_code: string }[]).map(
        (s) => s.service_code,
      );
      expect(codes).not.toContain("other");
      expect((await get("/open311/v2/services/other.json")).statusCode).toBe(404);
    } finally {
      await t.db.query("UPDATE categories SET active = true WHERE service_code = 'other'");
    }
    expect((await get("/open311/v2/services/leakage.json")).json()).toEqual({
      service_code: "leakage",
      attributes: [],
    });
    const definition = xml.parse((await get("/open311/v2/services/leakage.xml")).body).service_definition;
    expect(definition.service_code).toBe("leakage");
    expect(definition.attributes).toBe("");
  });
});

describe("GET requests", () => {
  it("gives a report with the standard's fields, no contact details, in JSON and XML alike", async () => {
    const json = (await get(`/open311/v2/requests/${refs.burst}.json`)).json() as Record<string, unknown>[];
    expect(json).toHaveLength(1);
    const request = json[0]!;
    expect(request).toMatchObject({
      service_request_id: refs.burst,
      status: "open",
      status_notes: "A crew is on its way.",
      service_name: "Leakage Issues",
      service_code: "leakage",
      description: validFields.description,
      agency_responsible: AGENCY,
      service_notice: NOTICE,
      // Its service target's due time (docs/decisions/030): a high priority's three days by default.
      expected_datetime: expect.any(String),
      address: validFields.location,
      address_id: null,
      zipcode: null,
      lat: -1.292066,
      long: 36.821946,
      title: "Burst main on Elm Street",
    });
    expect(request.media_url).toMatch(/^https:\/\/water\.example\.org\/media\/grievance-images\/[^/]+$/);
    // The fixture dates the report back after it was given its due times: due some three days on.
    expect(
      Date.parse(request.expected_datetime as string) - Date.parse(request.requested_datetime as string),
    ).toBeGreaterThanOrEqual(3 * 86_400_000);
    expect(Date.parse(request.updated_datetime as string)).toBeGreaterThan(
      Date.parse(request.requested_datetime as string) - 1,
    );
    const body = JSON.stringify(json);
    expect(body).not.toContain("jane.doe");
    // The phone number in any spacing; a bare "700" would also match a timestamp in an image key.
    expect(body).not.toMatch(/700\D?123|123\D?489/);

    const image = await get(new URL(request.media_url as string).pathname);
    expect(image.statusCode).toBe(200);

    const x = xml.parse((await get(`/open311/v2/requests/${refs.burst.toLowerCase()}.xml`)).body).service_requests
      .request;
    expect(x).toHaveLength(1);
    for (const [field, value] of Object.entries(request)) {
      expect(x[0][field], field).toBe(value === null ? "" : String(value));
    }
  });

  it("maps resolved to closed with the latest public note", async () => {
    const [request] = (await get(`/open311/v2/requests/${refs.fixed}.json`)).json() as Record<string, unknown>[];
    expect(request).toMatchObject({ status: "closed", status_notes: "The tank was cleaned." });
  });

  it("never shows a hidden report, and says 404 in the error format for an unknown one", async () => {
    for (const id of [refs.hidden, "WS-ZZZZZZ", "not-a-reference"]) {
      const json = await get(`/open311/v2/requests/${id}.json`);
      expect(json.statusCode).toBe(404);
      expect(json.json()).toEqual([{ code: 404, description: expect.stringContaining("Unknown service_request_id") }]);
      const x = await get(`/open311/v2/requests/${id}.xml`);
      expect(x.statusCode).toBe(404);
      expect(xml.parse(x.body).errors.error[0].code).toBe("404");
    }
    const list = (await get("/open311/v2/requests.json")).json() as { service_request_id: string }[];
    expect(list.map((r) => r.service_request_id)).not.toContain(refs.hidden);
  });

  it("lists the last 90 days by default, newest first, and filters by status, service and ids", async () => {
    const all = (await get("/open311/v2/requests.json")).json() as { service_request_id: string }[];
    expect(all.map((r) => r.service_request_id)).toEqual([refs.fixed, refs.burst]);
    const open = (await get("/open311/v2/requests.json?status=open")).json() as { service_request_id: string }[];
    expect(open.map((r) => r.service_request_id)).toEqual([refs.burst]);
    const closed = (await get("/open311/v2/requests.json?status=closed")).json() as { service_request_id: string }[];
    expect(closed.map((r) => r.service_request_id)).toEqual([refs.fixed]);
    const leakage = (await get("/open311/v2/requests.json?service_code=leakage")).json() as {
      service_request_id: string;
    }[];
    expect(leakage.map((r) => r.service_request_id)).toEqual([refs.burst]);
    // A list of ids overrides the date window: the 120-day-old report is found by its id.
    const byIds = (
      await get(`/open311/v2/requests.json?service_request_id=${refs.old},${refs.burst},${refs.hidden}`)
    ).json() as {
      service_request_id: string;
    }[];
    expect(byIds.map((r) => r.service_request_id).sort()).toEqual([refs.old, refs.burst].sort());
    const x = xml.parse((await get("/open311/v2/requests.xml?status=open")).body).service_requests.request;
    expect(x.map((r: { service_request_id: string }) => r.service_request_id)).toEqual([refs.burst]);
  });

  it("applies start_date and end_date, refuses more than 90 days between them or a bad date", async () => {
    const day = 86_400_000;
    const iso = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();
    const window = (
      await get(`/open311/v2/requests.json?start_date=${iso(130 * day)}&end_date=${iso(100 * day)}`)
    ).json() as {
      service_request_id: string;
    }[];
    expect(window.map((r) => r.service_request_id)).toEqual([refs.old]);
    const tooLong = await get(`/open311/v2/requests.json?start_date=${iso(200 * day)}&end_date=${iso(0)}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual([
      { code: 400, description: "start_date and end_date may be at most 90 days apart." },
    ]);
    const reversed = await get(`/open311/v2/requests.xml?start_date=${iso(0)}&end_date=${iso(day)}`);
    expect(reversed.statusCode).toBe(400);
    expect(xml.parse(reversed.body).errors.error[0].description).toBe("start_date must not be after end_date.");
    const bad = await get("/open311/v2/requests.json?start_date=yesterday");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()[0].description).toContain("start_date");
  });

  it("pages with page and page_size, within the limit", async () => {
    const first = (await get("/open311/v2/requests.json?page_size=1")).json() as { service_request_id: string }[];
    const second = (await get("/open311/v2/requests.json?page_size=1&page=2")).json() as {
      service_request_id: string;
    }[];
    const third = (await get("/open311/v2/requests.json?page_size=1&page=3")).json() as unknown[];
    expect([first[0]!.service_request_id, second[0]!.service_request_id]).toEqual([refs.fixed, refs.burst]);
    expect(third).toEqual([]);
    expect((await get("/open311/v2/requests.json?page_size=101")).statusCode).toBe(400);
    expect((await get("/open311/v2/requests.json?page=0")).statusCode).toBe(400);
  });

  it("checks jurisdiction_id when one is configured, and answers unknown paths in the error format", async () => {
    expect((await get("/open311/v2/services.json?jurisdiction_id=riverside.example.org")).statusCode).toBe(200);
    const wrong = await get("/open311/v2/services.json?jurisdiction_id=elsewhere.example.org");
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()[0].code).toBe(404);
    const unknown = await get("/open311/v2/tokens.xml");
    expect(unknown.statusCode).toBe(404);
    expect(xml.parse(unknown.body).errors.error[0].code).toBe("404");
    const html = await get("/open311/v2/services.html");
    expect(html.statusCode).toBe(404);
    expect(html.json()).toEqual([
      { code: 404, description: "There is no such Open311 endpoint. See /open311/v2/discovery.json." },
    ]);
  });
});
