import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey, revokeApiKey } from "#server/admin/api-key-repository.ts";
import { changeStatus } from "#server/staff/workflow.ts";
import { makeJpeg } from "../fixtures/images.ts";
import { createTestApp, postGrievance, validFields, type TestApp } from "./test-app.ts";

// A conformance suite for GeoReport v2 (http://wiki.open311.org/GeoReport_v2) as the portal speaks it
// (docs/integrators.md): every endpoint in both formats, the date window, paging, api_key rules and the error format.

const xml = new XMLParser({
  parseTagValue: false,
  isArray: (name) => ["service", "request", "error", "endpoint", "format", "request_update"].includes(name),
});
const NOTICE = "Emergencies: call 0800 123 456.";
const AGENCY = "Riverside Water Utility";

let t: TestApp;
let apiKey: string;
let revokedKey: string;
let staffId: string;
const refs = { burst: "", fixed: "", hidden: "", old: "" };

async function submit(fields: Record<string, string>, withImage = false): Promise<{ id: string; reference: string }> {
  const response = await postGrievance(
    t.app,
    { ...validFields, ...fields },
    withImage ? [{ filename: "a.jpg", bytes: await makeJpeg(), type: "image/jpeg" }] : [],
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; reference: string };
}

async function statusChange(id: string, from: string, to: string, note: string | null, minutesAgo = 0) {
  // Reported an hour ago, so that its status changes come after it.
  await t.db.query(
    "UPDATE grievances SET status = $2, created_at = least(created_at, now() - interval '1 hour') WHERE id = $1",
    [id, to],
  );
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
      open311: {
        agencyResponsible: AGENCY,
        serviceNotice: NOTICE,
        jurisdictionId: "riverside.example.org",
        postsPerHour: 600,
      },
    },
  });
  const staff = await t.db.query<{ id: string }>(
    "INSERT INTO staff_accounts (email, password_hash) VALUES ('op@example.org', 'x') RETURNING id",
  );
  staffId = staff.rows[0]!.id;
  apiKey = (await createApiKey(t.db, "City work-order system", staffId)).key;
  const revoked = await createApiKey(t.db, "Old client", staffId);
  await revokeApiKey(t.db, revoked.row.id);
  revokedKey = revoked.key;

  const burst = await submit(
    { title: "Burst main on Elm Street", category: "Leakage Issues", latitude: "-1.292066", longitude: "36.821946" },
    true,
  );
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
      expected_datetime: null,
      address: validFields.location,
      address_id: null,
      zipcode: null,
      lat: -1.292066,
      long: 36.821946,
      title: "Burst main on Elm Street",
    });
    expect(request.media_url).toMatch(/^https:\/\/water\.example\.org\/media\/grievance-images\/[^/]+$/);
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
    expect(answer).toEqual({
      service_request_id: expect.stringMatching(/^WS-[2-9A-HJ-NP-Z]{6}$/),
      service_notice: NOTICE,
      account_id: null,
    });

    const [read] = (await get(`/open311/v2/requests/${answer!.service_request_id}.json`)).json() as Record<
      string,
      unknown
    >[];
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
    expect(JSON.stringify(read)).not.toMatch(/resident@|711\D?000|000\D?111|Amina|Otieno/);

    const { rows } = await t.db.query<{ user_email: string; user_phone: string; api_key_id: string; name: string }>(
      `SELECT g.user_email, g.user_phone, g.api_key_id, k.name FROM grievances g JOIN api_keys k ON k.id = g.api_key_id
       WHERE g.reference = $1`,
      [answer!.service_request_id],
    );
    expect(rows[0]).toMatchObject({
      user_email: "resident@example.org",
      user_phone: "+254 711 000 111",
      name: "City work-order system",
    });
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

describe("GeoReport v2 as clients really call it", () => {
  const ids = (response: { json(): unknown }) =>
    (response.json() as { service_request_id: string }[]).map((r) => r.service_request_id);

  it("answers any unknown path under /open311/v2/ with 404 in the standard's format, never the web app's page", async () => {
    // A built web app, as in production: its static files' wildcard route is what answered unknown Open311 paths.
    const webDir = await fs.mkdtemp(path.join(os.tmpdir(), "portal-web-"));
    await fs.writeFile(path.join(webDir, "index.html"), "<!doctype html><title>Portal</title><div id=root></div>");
    const spa = await createTestApp({ config: { webDir } });
    try {
      await unknownPathsOf(spa);
    } finally {
      await spa.close();
      await fs.rm(webDir, { recursive: true, force: true });
    }
  });

  async function unknownPathsOf(app: TestApp) {
    const get = (url: string) => app.app.inject({ method: "GET", url });
    for (const url of ["/open311/v2/tokens/abc.xml", "/open311/v2/nope.xml", "/open311/v2/requests/a/b.xml"]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers["content-type"], url).toMatch(/^text\/xml/);
      expect(xml.parse(response.body).errors.error[0].code, url).toBe("404");
    }
    for (const url of [
      "/open311/v2/tokens/abc.json",
      "/open311/v2/nope.json",
      "/open311/v2/requests/a/b.json",
      "/open311/v2",
      "/open311/v2/",
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual([
        { code: 404, description: expect.stringContaining("no such Open311 endpoint") },
      ]);
    }
    const posted = await app.app.inject({ method: "POST", url: "/open311/v2/nope.json", payload: { a: "b" } });
    expect(posted.statusCode).toBe(404);
    expect(posted.json()[0].code).toBe(404);
    // The web app still has its pages.
    expect((await get("/grievances")).headers["content-type"]).toMatch(/^text\/html/);
  }

  it("accepts every W3C-DTF precision for start_date and end_date, a date standing for its whole span", async () => {
    const { rows } = await t.db.query<{ created_at: Date }>("SELECT created_at FROM grievances WHERE reference = $1", [
      refs.old,
    ]);
    const old = new Date(rows[0]!.created_at);
    const day = old.toISOString().slice(0, 10);
    const [y, m] = day.split("-") as [string, string];
    const next = new Date(old.getTime() + 86_400_000).toISOString().slice(0, 10);
    const windows = [
      [day, day],
      [`${day}T00:00Z`, `${next}T00:00Z`],
      [`${day}T00:00:00Z`, `${day}T23:59:59Z`],
      [`${day}T00:00:00.000Z`, `${day}T23:59:59.999Z`],
      [`${day}T03:00+03:00`, `${next}T02:59:59.5+03:00`],
      [`${day}T00:00:00-00:00`, `${next}`],
      [`${y}-${m}`, `${y}-${m}`],
    ];
    for (const [start, end] of windows) {
      const response = await get(
        `/open311/v2/requests.json?start_date=${encodeURIComponent(start!)}&end_date=${encodeURIComponent(end!)}`,
      );
      expect(response.statusCode, `${start} ${end}: ${response.body}`).toBe(200);
      expect(ids(response), `${start} ${end}`).toContain(refs.old);
    }
    // A year is a span of its own: with only start_date, the 90 days from its first instant.
    const year = await get(`/open311/v2/requests.json?start_date=${new Date().getUTCFullYear() + 1}`);
    expect(year.statusCode).toBe(200);
    expect(year.json()).toEqual([]);
    for (const bad of [
      "2026-13",
      "2026-02-30",
      "2026-11-01T24:00Z",
      "2026-11-01T10:00",
      "2026-11-01 10:00Z",
      "yesterday",
    ]) {
      const response = await get(`/open311/v2/requests.json?start_date=${encodeURIComponent(bad)}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json()[0].description, bad).toMatch(/start_date.*W3C date/);
    }
  });

  it("takes status and service_code as comma lists, or repeated", async () => {
    const all = ids(await get("/open311/v2/requests.json?page_size=100"));
    expect(all).toEqual(expect.arrayContaining([refs.fixed, refs.burst]));
    expect(ids(await get("/open311/v2/requests.json?page_size=100&status=open,closed"))).toEqual(all);
    expect(ids(await get("/open311/v2/requests.json?page_size=100&status=open&status=closed"))).toEqual(all);
    expect(ids(await get("/open311/v2/requests.json?status=closed,%20closed"))).toEqual([refs.fixed]);
    const both = ids(await get("/open311/v2/requests.json?page_size=100&service_code=leakage,water-quality"));
    const [leakage, quality] = [
      ids(await get("/open311/v2/requests.json?page_size=100&service_code=leakage")),
      ids(await get("/open311/v2/requests.json?page_size=100&service_code=water-quality")),
    ];
    expect(both).toEqual(all.filter((id) => leakage!.includes(id) || quality!.includes(id)));
    expect(both).toEqual(expect.arrayContaining([refs.fixed, refs.burst]));
    expect(
      ids(await get("/open311/v2/requests.json?page_size=100&service_code=leakage&service_code=drainage")),
    ).toEqual(leakage);
    const x = xml.parse((await get("/open311/v2/requests.xml?service_code=leakage,water-quality&status=closed")).body);
    expect(x.service_requests.request.map((r: { service_request_id: string }) => r.service_request_id)).toEqual([
      refs.fixed,
    ]);
    const unknown = await get("/open311/v2/requests.json?service_code=leakage,no-such");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()[0].description).toContain('"no-such"');
    expect((await get("/open311/v2/requests.json?status=open,pending")).statusCode).toBe(400);
  });

  it("treats an empty optional parameter as absent", async () => {
    const all = ids(await get("/open311/v2/requests.json"));
    expect(all).toEqual(expect.arrayContaining([refs.fixed, refs.burst]));
    for (const query of [
      "status=",
      "service_code=",
      "start_date=&end_date=",
      "page_size=",
      "page=",
      "service_request_id=",
      "jurisdiction_id=",
      "status=&service_code=&start_date=&end_date=&page=&page_size=&service_request_id=&jurisdiction_id=",
    ]) {
      const response = await get(`/open311/v2/requests.json?${query}`);
      expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
      expect(ids(response), query).toEqual(all);
    }
    expect((await get("/open311/v2/services.json?jurisdiction_id=")).statusCode).toBe(200);
  });

  it("answers every id of a long service_request_id list, whatever page_size says", async () => {
    const list = [
      refs.old,
      refs.burst,
      refs.fixed,
      ...Array.from({ length: 300 }, (_, i) => `WS-${String(i).padStart(6, "2")}`),
    ];
    const response = await get(`/open311/v2/requests.json?service_request_id=${list.join(",")}&page_size=1`);
    expect(response.statusCode).toBe(200);
    expect(ids(response).sort()).toEqual([refs.old, refs.burst, refs.fixed].sort());
  });

  it("says 404 for an unknown request id of any length", async () => {
    for (const id of ["WS-ZZZZZZZZZZZZZZZZZZZZZZZZ", "x".repeat(21), "y".repeat(300)]) {
      const response = await get(`/open311/v2/requests/${id}.json`);
      expect(response.statusCode, id).toBe(404);
      // Past the router's limit on a parameter's length (100), the path is no route's: 404 all the same.
      expect(response.json()[0]).toEqual({
        code: 404,
        description: expect.stringMatching(/Unknown service_request_id|no such Open311/),
      });
    }
  });

  it("files a request whose only location is address_id, the id kept as the location's text", async () => {
    const response = await post("json", {
      api_key: apiKey,
      service_code: "water-supply",
      address_id: "WP-0042",
      lat: "",
      long: "",
      address_string: "",
      description: "The standpipe gives no water.",
    });
    expect(response.statusCode, response.body).toBe(201);
    const [created] = response.json() as { service_request_id: string }[];
    const [read] = (await get(`/open311/v2/requests/${created!.service_request_id}.json`)).json() as Record<
      string,
      unknown
    >[];
    expect(read).toMatchObject({ address: "WP-0042", lat: null, long: null });
    const none = await post("json", { api_key: apiKey, service_code: "water-supply", description: "Somewhere." });
    expect(none.statusCode).toBe(400);
    expect(none.json()[0].description).toMatch(/address_id/);
  });

  it("answers a POST naming an unknown service_code with 404, in either format", async () => {
    const fields = {
      api_key: apiKey,
      service_code: "no-such-service",
      lat: "-1.3",
      long: "36.8",
      description: "Leak.",
    };
    const json = await post("json", fields);
    expect(json.statusCode).toBe(404);
    expect(json.json()).toEqual([{ code: 404, description: 'Unknown service_code "no-such-service".' }]);
    const x = await post("xml", fields);
    expect(x.statusCode).toBe(404);
    expect(xml.parse(x.body).errors.error[0].code).toBe("404");
  });
});

describe("the posting limit, per API key", () => {
  let limited: TestApp;
  let first: string;
  let second: string;
  const fields = { service_code: "leakage", lat: "-1.3", long: "36.8", description: "A leak at the corner." };
  const send = (body: Record<string, string>, query = "") =>
    limited.app.inject({
      method: "POST",
      url: `/open311/v2/requests.xml${query}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams(body).toString(),
    });

  beforeAll(async () => {
    limited = await createTestApp({
      config: {
        open311: { agencyResponsible: undefined, serviceNotice: undefined, jurisdictionId: undefined, postsPerHour: 2 },
      },
    });
    first = (await createApiKey(limited.db, "FixMyStreet", null)).key;
    second = (await createApiKey(limited.db, "Work orders", null)).key;
  }, 60_000);
  afterAll(async () => limited?.close());

  it("counts each valid key on its own, from the form's api_key, and a made-up key in the query string resets nothing", async () => {
    expect((await send({ ...fields, api_key: first })).statusCode).toBe(201);
    expect((await send({ ...fields, api_key: first })).statusCode).toBe(201);
    const over = await send({ ...fields, api_key: first });
    expect(over.statusCode).toBe(429);
    for (let i = 0; i < 3; i++) {
      const random = `wgp_${Math.random().toString(36).slice(2)}`;
      expect((await send({ ...fields, api_key: first }, `?api_key=${random}`)).statusCode).toBe(429);
    }
    // Another client on the same address has its own allowance.
    expect((await send({ ...fields, api_key: second })).statusCode).toBe(201);
    expect(xml.parse(over.body).errors.error[0].description).toMatch(
      /^At most 2 service requests an hour per api_key\./,
    );
  });

  it("counts requests without a valid key by address, so made-up keys are no fresh allowance", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await send({ ...fields, api_key: `wgp_made_up_${i}` }, `?api_key=wgp_other_${i}`)).statusCode);
    expect(statuses).toEqual([403, 403, 429]);
  });
});

describe("FixMyStreet as the front end: servicerequestupdates (mySociety's extension)", () => {
  // W3C-DTF as FixMyStreet's DateTime::Format::W3CDTF writes DateTime->now: whole seconds, Z.
  const w3c = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;
  const UPDATE_FIELDS = ["update_id", "service_request_id", "status", "updated_datetime", "description", "media_url"];

  it("takes FixMyStreet's form-encoded report, then gives back each staff status change as a request_update", async () => {
    // Open311::send_service_request: the fields of _populate_service_request_params, api_key and jurisdiction_id
    // added by _request, posted as a form to requests.xml.
    const sent = await t.app.inject({
      method: "POST",
      url: "/open311/v2/requests.xml",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams([
        ["api_key", apiKey],
        ["jurisdiction_id", "riverside.example.org"],
        ["service_code", "leakage"],
        [
          "description",
          "Water running down Mill Lane\n\nA pipe has burst under the pavement.\n\nhttps://fms.example.org/report/1234\n",
        ],
        ["first_name", "Sam"],
        ["last_name", "Njoroge"],
        ["email", "sam@example.org"],
        ["lat", "-1.29"],
        ["long", "36.82"],
        ["media_url", "https://fms.example.org/photo/1234.0.full.jpeg"],
        ["media_url", "https://fms.example.org/photo/1234.1.full.jpeg"],
        ["attribute[fixmystreet_id]", "1234"],
        ["attribute[title]", "Water running down Mill Lane"],
      ]).toString(),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    // What FixMyStreet reads: $obj->{request}->[0]->{service_request_id}.
    const reference = xml.parse(sent.body).service_requests.request[0].service_request_id as string;
    expect(reference).toMatch(/^WS-/);
    const { rows } = await t.db.query<{ id: string; title: string; description: string }>(
      "SELECT id, title, description FROM grievances WHERE reference = $1",
      [reference],
    );
    expect(rows[0]!.title).toBe("Water running down Mill Lane");
    expect(rows[0]!.description).toMatch(
      /1234\.0\.full\.jpeg\n\nPhoto: https:\/\/fms\.example\.org\/photo\/1234\.1\.full\.jpeg$/,
    );

    // The utility's staff work on it in the console (the console's own workflow), then reopen it.
    const grievanceId = rows[0]!.id;
    await changeStatus(t.db, grievanceId, "in-progress", "A crew is on its way.", staffId);
    await changeStatus(t.db, grievanceId, "resolved", "The pipe was replaced.", staffId);
    await changeStatus(t.db, grievanceId, "in-progress", undefined, staffId);

    // Open311::get_service_request_updates: GET servicerequestupdates.xml with api_key, jurisdiction_id and the last
    // two hours (GetServiceRequestUpdates::parse_dates).
    const now = Date.now() + 1_000;
    const [start, end] = [w3c(now - 2 * 3_600_000), w3c(now)];
    const query = new URLSearchParams({
      api_key: apiKey,
      jurisdiction_id: "riverside.example.org",
      start_date: start,
      end_date: end,
    });
    const response = await get(`/open311/v2/servicerequestupdates.xml?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/xml; charset=utf-8/);
    expect(XMLValidator.validate(response.body)).toBe(true);
    expect(response.body).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\n<service_request_updates>/);
    const updates = (
      xml.parse(response.body).service_request_updates.request_update as Record<string, string>[]
    ).filter((update) => update.service_request_id === reference);
    expect(updates.map((u) => [u.status, u.description])).toEqual([
      ["IN_PROGRESS", "A crew is on its way."],
      ["FIXED", "The pipe was replaced."],
      ["IN_PROGRESS", ""],
    ]);
    for (const update of updates) {
      expect(Object.keys(update)).toEqual(UPDATE_FIELDS);
      expect(update.update_id).toMatch(/^\d+$/);
      expect(update.media_url).toBe("");
      // UpdatesBase::check_date: W3C-DTF, and within the window when compared as text in UTC.
      expect(update.updated_datetime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      expect(update.updated_datetime! >= start && update.updated_datetime! <= end).toBe(true);
    }
    expect(new Set(updates.map((u) => u.update_id)).size).toBe(3);

    // The same in JSON, and the same ids on a second fetch (FixMyStreet skips an update_id it already has).
    const json = (await get(`/open311/v2/servicerequestupdates.json?${query}`)).json() as Record<string, unknown>[];
    const mine = json.filter((update) => update.service_request_id === reference);
    expect(mine.map((u) => u.update_id)).toEqual(updates.map((u) => u.update_id));
    expect(mine[0]).toEqual({ ...updates[0], media_url: null });
  });

  it("keeps a comment FixMyStreet posts to servicerequestupdates as a public update, never echoed back as the utility's", async () => {
    // Open311::post_service_request_update: _populate_service_request_update_params, posted as a form.
    const comment = (fields: Record<string, string>) =>
      t.app.inject({
        method: "POST",
        url: "/open311/v2/servicerequestupdates.xml",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams({
          api_key: apiKey,
          jurisdiction_id: "riverside.example.org",
          service_request_id: refs.burst,
          update_id: "98765",
          updated_datetime: w3c(Date.now()),
          status: "OPEN",
          description: "Still leaking this morning, worse than before.",
          first_name: "Sam",
          last_name: "Njoroge",
          email: "sam@example.org",
          ...fields,
        }).toString(),
      });
    const before = Date.now() - 1_000;
    const response = await comment({});
    expect(response.statusCode, response.body).toBe(201);
    expect(XMLValidator.validate(response.body)).toBe(true);
    // What FixMyStreet reads: $obj->{request_update}->[0]->{update_id}.
    const updateId = xml.parse(response.body).service_request_updates.request_update[0].update_id as string;
    expect(updateId).toMatch(/^[0-9a-f-]{36}$/);

    const burstId = (await t.db.query<{ id: string }>("SELECT id FROM grievances WHERE reference = $1", [refs.burst]))
      .rows[0]!.id;
    const progress = (await get(`/api/grievances/${burstId}/progress`)).json() as {
      timeline: { type: string; text?: string }[];
    };
    expect(progress.timeline).toContainEqual(
      expect.objectContaining({ type: "reporter-update", text: "Still leaking this morning, worse than before." }),
    );
    expect(JSON.stringify(progress)).not.toMatch(/Njoroge|sam@/);
    // The portal's status stays the utility's, and the comment is not one of its updates.
    const { rows } = await t.db.query<{ status: string }>("SELECT status FROM grievances WHERE id = $1", [burstId]);
    expect(rows[0]!.status).toBe("in-progress");
    const updates = (await get(`/open311/v2/servicerequestupdates.json?start_date=${w3c(before)}`)).json() as Record<
      string,
      string
    >[];
    expect(updates.filter((u) => u.service_request_id === refs.burst)).toEqual([]);

    expect((await comment({ service_request_id: "WS-ZZZZZZ" })).statusCode).toBe(404);
    expect((await comment({ service_request_id: refs.hidden })).statusCode).toBe(404);
    expect((await comment({ api_key: "" })).statusCode).toBe(403);
    expect((await comment({ api_key: revokedKey })).statusCode).toBe(403);
    expect((await comment({ description: "" })).statusCode).toBe(400);
  });

  it("gives the seeded reports' status changes in their window, oldest first, never a hidden report's", async () => {
    const hiddenId = (await t.db.query<{ id: string }>("SELECT id FROM grievances WHERE reference = $1", [refs.hidden]))
      .rows[0]!.id;
    await changeStatus(t.db, hiddenId, "in-progress", "Hidden work.", staffId);
    const start = w3c(Date.now() - 40 * 60_000);
    const end = w3c(Date.now() - 5 * 60_000);
    const updates = (
      await get(`/open311/v2/servicerequestupdates.json?start_date=${start}&end_date=${end}`)
    ).json() as Record<string, string>[];
    expect(updates.map((u) => [u.service_request_id, u.status, u.description])).toEqual([
      [refs.burst, "IN_PROGRESS", "A crew is on its way."],
      [refs.fixed, "IN_PROGRESS", "Samples taken."],
      [refs.fixed, "FIXED", "The tank was cleaned."],
    ]);
    // By default, the last 24 hours: the hidden report's change is never there.
    const recent = (await get("/open311/v2/servicerequestupdates.json?api_key=")).json() as Record<string, string>[];
    expect(recent.map((u) => u.service_request_id)).not.toContain(refs.hidden);
    expect(recent.length).toBeGreaterThanOrEqual(3);
  });

  it("refuses a window over 90 days, a bad date or a foreign jurisdiction, in the error format", async () => {
    const long = await get("/open311/v2/servicerequestupdates.xml?start_date=2026-01-01&end_date=2026-06-01");
    expect(long.statusCode).toBe(400);
    expect(xml.parse(long.body).errors.error[0].description).toMatch(/90 days/);
    expect((await get("/open311/v2/servicerequestupdates.json?end_date=soon")).statusCode).toBe(400);
    expect((await get("/open311/v2/servicerequestupdates.json?jurisdiction_id=elsewhere")).statusCode).toBe(404);
  });

  it("refuses a window holding more updates than one answer carries, rather than cutting it short", async () => {
    const burstId = (await t.db.query<{ id: string }>("SELECT id FROM grievances WHERE reference = $1", [refs.burst]))
      .rows[0]!.id;
    await t.db.query(
      `INSERT INTO grievance_events (grievance_id, kind, from_status, to_status, note, staff_id, at)
       SELECT $1, 'status', 'pending', 'in-progress', NULL, $2, now() - interval '60 days' + n * interval '1 second'
       FROM generate_series(1, 10001) AS n`,
      [burstId, staffId],
    );
    const day = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
    const next = new Date(Date.now() - 59 * 86_400_000).toISOString().slice(0, 10);
    const response = await get(`/open311/v2/servicerequestupdates.json?start_date=${day}&end_date=${next}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()[0].description).toMatch(/More than 10000 updates/);
  });
});
