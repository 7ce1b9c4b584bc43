import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./test-app.ts";
import { xml, t, apiKey, refs, get, post, useOpen311Portal } from "./open311-support.ts";

// GeoReport v2 conformance (open311-support.ts): the requests real clients send, parameter by parameter.

useOpen311Portal();

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

  // address_id is a water point's code: a request about a point is in report-water-points-channels.test.ts.
  it("refuses an address_id that is no water point's code, and a request with no location at all", async () => {
    const response = await post("json", {
      api_key: apiKey,
      service_code: "water-supply",
      address_id: "WP-0042",
      lat: "",
      long: "",
      address_string: "",
      description: "The standpipe gives no water.",
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()[0].description).toMatch(/^address_id: No water point in service has this code/);
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
