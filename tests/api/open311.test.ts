import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey, revokeApiKey } from "../../src/server/admin/api-key-repository.ts";
import { makeJpeg } from "../fixtures/images.ts";
import { createTestApp, postGrievance, validFields, type TestApp } from "./test-app.ts";

// A conformance suite for GeoReport v2 (http://wiki.open311.org/GeoReport_v2) as the portal speaks it
// (docs/integrators.md): every endpoint in both formats, the date window, paging, api_key rules and the error format.

const xml = new XMLParser({ parseTagValue: false, isArray: (name) => ["service", "request", "error", "endpoint", "format"].includes(name) });
const NOTICE = "Emergencies: call 0800 123 456.";
const AGENCY = "Riverside Water Utility";

let t: TestApp;
let apiKey: string;
let revokedKey: string;
let staffId: string;
const refs = { burst: "", fixed: "", hidden: "", old: "" };

async function submit(fields: Record<string, string>, withImage = false): Promise<{ id: string; reference: string }> {
  const response = await postGrievance(t.app, { ...validFields, ...fields }, withImage ? [{ filename: "a.jpg", bytes: await makeJpeg(), type: "image/jpeg" }] : []);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; reference: string };
}

async function statusChange(id: string, from: string, to: string, note: string | null, minutesAgo = 0) {
  // Reported an hour ago, so that its status changes come after it.
  await t.db.query("UPDATE grievances SET status = $2, created_at = least(created_at, now() - interval '1 hour') WHERE id = $1", [id, to]);
  await t.db.query(
    `INSERT INTO grievance_events (grievance_id, kind, from_status, to_status, note, staff_id, at)
     VALUES ($1, 'status', $2, $3, $4, $5, now() - make_interval(mins => $6))`,
    [id, from, to, note, staffId, minutesAgo],
  );
}

const get = (url: string) => t.app.inject({ method: "GET", url });
const post = (format: "json" | "xml", fields: Record<string, string>) =>
  t.app.inject({
    method: "POST",
    url: `/open311/v2/requests.${format}`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(fields).toString(),
  });

beforeAll(async () => {
  t = await createTestApp({
    config: {
      publicUrl: "https://water.example.org",
      open311: { agencyResponsible: AGENCY, serviceNotice: NOTICE, jurisdictionId: "riverside.example.org", postsPerHour: 600 },
    },
  });
  const staff = await t.db.query<{ id: string }>("INSERT INTO staff_accounts (email, password_hash) VALUES ('op@example.org', 'x') RETURNING id");
  staffId = staff.rows[0]!.id;
  apiKey = (await createApiKey(t.db, "City work-order system", staffId)).key;
  const revoked = await createApiKey(t.db, "Old client", staffId);
  await revokeApiKey(t.db, revoked.row.id);
  revokedKey = revoked.key;

  const burst = await submit({ title: "Burst main on Elm Street", category: "Leakage Issues", latitude: "-1.292066", longitude: "36.821946" }, true);
  refs.burst = burst.reference;
  await statusChange(burst.id, "pending", "in-progress", "A crew is on its way.", 30);
  const fixed = await submit({ title: "Dirty water at the school", category: "Water Quality Issues" });
  refs.fixed = fixed.reference;
  await statusChange(fixed.id, "pending", "in-progress", "Samples taken.", 20);
  await statusChange(fixed.id, "in-progress", "resolved", "The tank was cleaned.", 10);
  const hidden = await submit({ title: "Hidden report", category: "Other" });
  refs.hidden = hidden.reference;
  await t.db.query("UPDATE grievances SET hidden_at = now(), hidden_reason = 'Abuse' WHERE id = $1", [hidden.id]);
  const old = await submit({ title: "Old drain", category: "Drainage Problems" });
  refs.old = old.reference;
  await t.db.query("UPDATE grievances SET created_at = now() - interval '120 days' WHERE id = $1", [old.id]);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

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
      "water-quality", "water-supply", "sanitation", "infrastructure", "leakage", "drainage", "other",
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
      const codes = ((await get("/open311/v2/services.json")).json() as { service_code: string }[]).map((s) => s.service_code);
      expect(codes).not.toContain("other");
      expect((await get("/open311/v2/services/other.json")).statusCode).toBe(404);
    } finally {
      await t.db.query("UPDATE categories SET active = true WHERE service_code = 'other'");
    }
    expect((await get("/open311/v2/services/leakage.json")).json()).toEqual({ service_code: "leakage", attributes: [] });
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
      expected_datetime: null,
      address: validFields.location,
      address_id: null,
      zipcode: null,
      lat: -1.292066,
      long: 36.821946,
      title: "Burst main on Elm Street",
    });
    expect(request.media_url).toMatch(/^https:\/\/water\.example\.org\/media\/grievance-images\/[^/]+$/);
    expect(Date.parse(request.updated_datetime as string)).toBeGreaterThan(Date.parse(request.requested_datetime as string) - 1);
    const body = JSON.stringify(json);
    expect(body).not.toContain("jane.doe");
    expect(body).not.toContain("700");

    const image = await get(new URL(request.media_url as string).pathname);
    expect(image.statusCode).toBe(200);

    const x = xml.parse((await get(`/open311/v2/requests/${refs.burst.toLowerCase()}.xml`)).body).service_requests.request;
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
    const leakage = (await get("/open311/v2/requests.json?service_code=leakage")).json() as { service_request_id: string }[];
    expect(leakage.map((r) => r.service_request_id)).toEqual([refs.burst]);
    // A list of ids overrides the date window: the 120-day-old report is found by its id.
    const byIds = (await get(`/open311/v2/requests.json?service_request_id=${refs.old},${refs.burst},${refs.hidden}`)).json() as {
      service_request_id: string;
    }[];
    expect(byIds.map((r) => r.service_request_id).sort()).toEqual([refs.old, refs.burst].sort());
    const x = xml.parse((await get("/open311/v2/requests.xml?status=open")).body).service_requests.request;
    expect(x.map((r: { service_request_id: string }) => r.service_request_id)).toEqual([refs.burst]);
  });

  it("applies start_date and end_date, refuses more than 90 days between them or a bad date", async () => {
    const day = 86_400_000;
    const iso = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();
    const window = (await get(`/open311/v2/requests.json?start_date=${iso(130 * day)}&end_date=${iso(100 * day)}`)).json() as {
      service_request_id: string;
    }[];
    expect(window.map((r) => r.service_request_id)).toEqual([refs.old]);
    const tooLong = await get(`/open311/v2/requests.json?start_date=${iso(200 * day)}&end_date=${iso(0)}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual([{ code: 400, description: "start_date and end_date may be at most 90 days apart." }]);
    const reversed = await get(`/open311/v2/requests.xml?start_date=${iso(0)}&end_date=${iso(day)}`);
    expect(reversed.statusCode).toBe(400);
    expect(xml.parse(reversed.body).errors.error[0].description).toBe("start_date must not be after end_date.");
    const bad = await get("/open311/v2/requests.json?start_date=yesterday");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()[0].description).toContain("start_date");
  });

  it("pages with page and page_size, within the limit", async () => {
    const first = (await get("/open311/v2/requests.json?page_size=1")).json() as { service_request_id: string }[];
    const second = (await get("/open311/v2/requests.json?page_size=1&page=2")).json() as { service_request_id: string }[];
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
    expect((await get("/open311/v2/services.html")).statusCode).toBe(400);
  });
});

describe("POST requests", () => {
  const request = {
    service_code: "water-supply",
    lat: "-1.300000",
    long: "36.800000",
    address_string: "Kibera, near the water kiosk",
    description: "No water since yesterday morning in the whole lane.\nThe kiosk is closed too.",
    email: "resident@example.org",
    phone: "+254 711 000 111",
    first_name: "Amina",
    last_name: "Otieno",
  };

  it("needs a valid, unrevoked api_key: 403 in the error format otherwise, nothing stored", async () => {
    const before = (await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM grievances")).rows[0]!.n;
    for (const key of [undefined, "wgp_wrong", revokedKey]) {
      const response = await post("json", key === undefined ? request : { ...request, api_key: key });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual([{ code: 403, description: expect.stringMatching(/api_key/) }]);
    }
    const x = await post("xml", { ...request, api_key: "wgp_wrong" });
    expect(xml.parse(x.body).errors.error[0].code).toBe("403");
    expect((await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM grievances")).rows[0]!.n).toBe(before);
  });

  it("files a report that reads back through GET, the contact details kept private, the key recorded", async () => {
    const response = await post("json", { ...request, api_key: apiKey, media_url: "https://photos.example.org/1.jpg" });
    expect(response.statusCode).toBe(201);
    const [answer] = response.json() as { service_request_id: string; service_notice: string; account_id: null }[];
    expect(answer).toEqual({ service_request_id: expect.stringMatching(/^WS-[2-9A-HJ-NP-Z]{6}$/), service_notice: NOTICE, account_id: null });

    const [read] = (await get(`/open311/v2/requests/${answer!.service_request_id}.json`)).json() as Record<string, unknown>[];
    expect(read).toMatchObject({
      status: "open",
      service_code: "water-supply",
      service_name: "Water Supply Problems",
      title: "No water since yesterday morning in the whole lane.",
      address: "Kibera, near the water kiosk",
      lat: -1.3,
      long: 36.8,
      media_url: null,
    });
    expect(read!.description).toBe(`${request.description}\n\nPhoto: https://photos.example.org/1.jpg`);
    expect(JSON.stringify(read)).not.toMatch(/resident@|711|Amina|Otieno/);

    const { rows } = await t.db.query<{ user_email: string; user_phone: string; api_key_id: string; name: string }>(
      `SELECT g.user_email, g.user_phone, g.api_key_id, k.name FROM grievances g JOIN api_keys k ON k.id = g.api_key_id
       WHERE g.reference = $1`,
      [answer!.service_request_id],
    );
    expect(rows[0]).toMatchObject({ user_email: "resident@example.org", user_phone: "+254 711 000 111", name: "City work-order system" });
  });

  it("answers in XML, and takes JSON bodies too", async () => {
    const x = await post("xml", { ...request, api_key: apiKey });
    expect(x.statusCode).toBe(201);
    const created = xml.parse(x.body).service_requests.request[0];
    expect(created.service_request_id).toMatch(/^WS-/);
    expect(created.service_notice).toBe(NOTICE);

    const json = await t.app.inject({
      method: "POST",
      url: "/open311/v2/requests.json",
      payload: { ...request, api_key: apiKey, lat: undefined, long: undefined },
    });
    expect(json.statusCode).toBe(201);
  });

  it("refuses what the form would refuse, in the error format, with the standard's field names", async () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ service_code: "" }, /service_code/],
      [{ service_code: "no-such-service" }, /Unknown service_code/],
      [{ lat: "", long: "", address_string: "" }, /location is required/],
      [{ lat: "95", long: "36.8" }, /^lat:/],
      [{ lat: "-1.3", long: "" }, /^(lat|long):/],
      [{ description: "" }, /^description:/],
      [{ email: "not an address" }, /^email:/],
      [{ jurisdiction_id: "elsewhere" }, /jurisdiction_id/],
    ];
    const before = (await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM grievances")).rows[0]!.n;
    for (const [change, message] of cases) {
      const response = await post("json", { ...request, api_key: apiKey, ...change });
      expect([400, 404], JSON.stringify(change)).toContain(response.statusCode);
      const [error] = response.json() as { code: number; description: string }[];
      expect(error!.code).toBe(response.statusCode);
      expect(error!.description, JSON.stringify(change)).toMatch(message);
    }
    expect((await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM grievances")).rows[0]!.n).toBe(before);
  });
});
