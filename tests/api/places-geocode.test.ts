import http, { type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { MapSettings, ReverseGeocodeResponse } from "#shared/api-types.ts";
import { LOCATION_MESSAGES } from "#shared/places/location-messages.ts";
import { GEOCODE_LOOKUPS_PER_MINUTE } from "#server/places/geocode-routes.ts";
import { createTestApp, expectHumanError, type TestApp } from "./test-app.ts";

/** A Nominatim stand-in on loopback: the tests never reach the internet. */
interface Asked {
  url: string;
  headers: IncomingHttpHeaders;
}
let asked: Asked[] = [];
let answer: (request: http.IncomingMessage, response: http.ServerResponse) => void;
const geocoder = http.createServer((request, response) => {
  asked.push({ url: request.url ?? "", headers: request.headers });
  answer(request, response);
});
const json = (response: http.ServerResponse, status: number, body: unknown) =>
  response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));

let t: TestApp;
let off: TestApp;
beforeAll(async () => {
  await new Promise<void>((resolve) => geocoder.listen(0, "127.0.0.1", resolve));
  const { port } = geocoder.address() as AddressInfo;
  [t, off] = await Promise.all([
    createTestApp({
      config: { geocoderUrl: `http://127.0.0.1:${port}/nominatim`, publicUrl: "https://water.example.org" },
    }),
    createTestApp(),
  ]);
});
afterAll(async () => {
  await Promise.all([t.close(), off.close()]);
  await new Promise((resolve) => geocoder.close(resolve));
});

// The portal spaces its requests a second apart (Nominatim's usage policy): each test starts after that.
const spacing = () => new Promise((resolve) => setTimeout(resolve, 1_100));
beforeEach(async () => {
  asked = [];
  answer = (_request, response) => json(response, 200, { display_name: "12, Elm Street, Westlands, Nairobi, Kenya" });
  await spacing();
});

let clientAddress = 0;
function lookup(
  app: TestApp,
  query: string,
  headers: Record<string, string> = {},
  remoteAddress = `198.51.100.${++clientAddress}`,
) {
  return app.app.inject({ url: `/api/geocode/reverse${query}`, headers, remoteAddress });
}

describe("GET /api/geocode/reverse", () => {
  it("is off without GEOCODER_URL: 404 with a message, and map settings say so", async () => {
    const res = await lookup(off, "?latitude=-1.29&longitude=36.82");
    expect(res.statusCode).toBe(404);
    expectHumanError(res.body, LOCATION_MESSAGES.geocoderOff);
    expect((await off.app.inject({ url: "/api/map-settings" })).json<MapSettings>().geocoder).toBe(false);
    expect((await t.app.inject({ url: "/api/map-settings" })).json<MapSettings>().geocoder).toBe(true);
  });

  it("answers the geocoder's address, asking as Nominatim's policy says, with nothing of the resident's but the language", async () => {
    const res = await lookup(t, "?latitude=-1.2920659&longitude=36.8219462", {
      "accept-language": "sw-KE,sw;q=0.9,en;q=0.5",
      "x-forwarded-for": "203.0.113.99",
      cookie: "secret=1",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<ReverseGeocodeResponse>()).toEqual({ label: "12, Elm Street, Westlands, Nairobi, Kenya" });
    expect(asked).toHaveLength(1);
    const request = asked[0]!;
    const url = new URL(request.url, "http://geocoder");
    expect(url.pathname).toBe("/nominatim/reverse");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      format: "jsonv2",
      lat: "-1.2921",
      lon: "36.8219",
      zoom: "18",
    });
    expect(request.headers["user-agent"]).toMatch(/water-grievance-portal.*https:\/\/water\.example\.org/);
    expect(request.headers["accept-language"]).toBe("sw-KE,sw;q=0.9,en;q=0.5");
    expect(JSON.stringify(request.headers)).not.toMatch(/203\.0\.113\.99|198\.51\.100|secret/);
  });

  it("answers a nearby pin from its cache, without asking again, however soon", async () => {
    expect((await lookup(t, "?latitude=-1.30001&longitude=36.80001")).statusCode).toBe(200);
    const again = await lookup(t, "?latitude=-1.300014&longitude=36.800009");
    expect(again.statusCode).toBe(200);
    expect(again.json<ReverseGeocodeResponse>().label).toBe("12, Elm Street, Westlands, Nairobi, Kenya");
    expect(asked).toHaveLength(1);
  });

  it("asks at most once a second: a second new pin within it gets 503 and asks nothing", async () => {
    expect((await lookup(t, "?latitude=-1.31&longitude=36.81")).statusCode).toBe(200);
    const busy = await lookup(t, "?latitude=-1.32&longitude=36.82");
    expect(busy.statusCode).toBe(503);
    expect(busy.headers["retry-after"]).toBe("1");
    expectHumanError(busy.body, LOCATION_MESSAGES.reverseGeocodeUnavailable);
    expect(asked).toHaveLength(1);
    await spacing();
    expect((await lookup(t, "?latitude=-1.32&longitude=36.82")).statusCode).toBe(200);
  });

  it.each([
    ["fails", (_q: http.IncomingMessage, r: http.ServerResponse) => json(r, 500, { error: "oops" })],
    [
      "knows no address",
      (_q: http.IncomingMessage, r: http.ServerResponse) => json(r, 200, { error: "Unable to geocode" }),
    ],
    [
      "answers something that is not JSON",
      (_q: http.IncomingMessage, r: http.ServerResponse) => r.end("<html>busy</html>"),
    ],
    ["drops the connection", (q: http.IncomingMessage) => q.socket.destroy()],
  ])("answers 503 with a message when the geocoder %s, and caches nothing", async (_name, behaviour) => {
    answer = behaviour;
    const point = `?latitude=-1.4${clientAddress}&longitude=36.9`;
    const res = await lookup(t, point);
    expect(res.statusCode).toBe(503);
    expectHumanError(res.body, LOCATION_MESSAGES.reverseGeocodeUnavailable);
    answer = (_request, response) => json(response, 200, { display_name: "Back again" });
    await spacing();
    expect((await lookup(t, point)).json<ReverseGeocodeResponse>()).toEqual({ label: "Back again" });
  });

  it("gives up on a geocoder that does not answer within 5 seconds: 503", async () => {
    answer = () => undefined;
    const started = Date.now();
    const res = await lookup(t, "?latitude=-1.5&longitude=36.9");
    expect(res.statusCode).toBe(503);
    expectHumanError(res.body, LOCATION_MESSAGES.reverseGeocodeUnavailable);
    expect(Date.now() - started).toBeGreaterThanOrEqual(4_900);
    expect(Date.now() - started).toBeLessThan(8_000);
  }, 15_000);

  it.each([
    ["no coordinates", "", LOCATION_MESSAGES.coordinatesPair],
    ["a latitude alone", "?latitude=-1.29", LOCATION_MESSAGES.coordinatesPair],
    ["a latitude out of range", "?latitude=-91&longitude=36.8", LOCATION_MESSAGES.latitudeRange],
    ["a longitude that is no number", "?latitude=-1.29&longitude=east", LOCATION_MESSAGES.longitudeRange],
  ])("refuses %s with a message and asks nothing", async (_name, query, message) => {
    const res = await lookup(t, query);
    expect(res.statusCode).toBe(400);
    expectHumanError(res.body, message);
    expect(asked).toHaveLength(0);
  });

  it(`answers 429 after ${GEOCODE_LOOKUPS_PER_MINUTE} lookups a minute from one address`, async () => {
    const address = "192.0.2.77";
    for (let i = 0; i < GEOCODE_LOOKUPS_PER_MINUTE; i++) {
      expect((await lookup(t, "?latitude=-1.6&longitude=36.9", {}, address)).statusCode).toBe(200);
    }
    const refused = await lookup(t, "?latitude=-1.6&longitude=36.9", {}, address);
    expect(refused.statusCode).toBe(429);
    expectHumanError(refused.body, LOCATION_MESSAGES.tooManyLookups);
    expect((await lookup(t, "?latitude=-1.6&longitude=36.9", {}, "192.0.2.78")).statusCode).toBe(200);
  });
});
