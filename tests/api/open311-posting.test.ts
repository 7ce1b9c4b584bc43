import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "#server/admin/api-key-repository.ts";
import { createTestApp, type TestApp } from "./test-app.ts";
import { xml, NOTICE, t, apiKey, revokedKey, get, post, useOpen311Portal } from "./open311-support.ts";

// GeoReport v2 conformance (open311-support.ts): filing requests, and the posting limit per API key.

useOpen311Portal();

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
