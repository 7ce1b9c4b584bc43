import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createApiKey } from "#server/admin/api-key-repository.ts";
import type { ApiError } from "#shared/api-types.ts";
import { LOCATION_MESSAGES } from "#shared/places/location-messages.ts";
import { countRows, createTestApp, expectHumanError, postGrievance, type TestApp } from "./test-app.ts";

/**
 * A pin at 0,0 ("Null Island") is refused always, and one outside SERVICE_AREA_FILE's area when one is set, with the
 * form's words, by every endpoint that takes coordinates: the submit, Open311's POST, the possible duplicates, the
 * address lookup, incident alerts for a place and the incidents a report being written may belong to
 * (docs/decisions/016-map-and-location.md).
 */

// A square of about 2 km around latitude 10, longitude 20.
const AREA = {
  type: "Polygon" as const,
  coordinates: [
    [
      [19.99, 9.99],
      [20.01, 9.99],
      [20.01, 10.01],
      [19.99, 10.01],
      [19.99, 9.99],
    ],
  ],
};

const required = {
  title: "Burst main",
  description: "Water is gushing onto the road.",
  category: "Infrastructure Problems",
};

interface Portal {
  t: TestApp;
  apiKey: string;
}

async function startPortal(serviceArea: typeof AREA | undefined): Promise<Portal> {
  // A geocoder nobody answers at: a refused pin never reaches it, an accepted one gets a 503.
  const t = await createTestApp({ config: { serviceArea, geocoderUrl: "http://127.0.0.1:9/nominatim" } });
  const staff = await t.db.query<{ id: string }>(
    "INSERT INTO staff_accounts (email, password_hash) VALUES ('op@example.org', 'x') RETURNING id",
  );
  const { key } = await createApiKey(t.db, "Work-order system", staff.rows[0]!.id);
  return { t, apiKey: key };
}

const postOpen311 = ({ t, apiKey }: Portal, lat: string, long: string) =>
  t.app.inject({
    method: "POST",
    url: "/open311/v2/requests.json",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({
      api_key: apiKey,
      service_code: "water-supply",
      lat,
      long,
      description: "A burst main at the corner.",
    }).toString(),
  });

/** Each endpoint's answer to a pin, as [status, the message the resident reads]. */
async function answers(portal: Portal, latitude: string, longitude: string) {
  const { t } = portal;
  const submit = await postGrievance(t.app, { ...required, latitude, longitude });
  const open311 = await postOpen311(portal, latitude, longitude);
  const query = new URLSearchParams({ latitude, longitude }).toString();
  const similar = await t.app.inject({ url: `/api/grievances/similar?category=other&${query}` });
  const geocode = await t.app.inject({ url: `/api/geocode/reverse?${query}` });
  const matching = await t.app.inject({ url: `/api/incidents/matching?${query}` });
  const alerts = await t.app.inject({
    method: "POST",
    url: "/api/incident-subscriptions",
    payload: {
      email: "resident@example.org",
      latitude: Number(latitude),
      longitude: Number(longitude),
      radiusMetres: 500,
    },
  });
  return { submit, open311, similar, geocode, matching, alerts };
}

function expectRefused(answer: Awaited<ReturnType<typeof answers>>, message: string): void {
  const { submit, open311, similar, geocode, matching, alerts } = answer;
  expect(submit.statusCode).toBe(400);
  expectHumanError(submit.body, message);
  // On the form's pin group (fieldErrors.latitude), where the form shows it.
  expect(submit.json<ApiError>().fieldErrors?.latitude).toBe(message);
  expect(open311.statusCode).toBe(400);
  // Open311's error format, the field named as the standard names it when the form's schema refused it.
  const [error] = open311.json<{ code: number; description: string }[]>();
  expect(error?.description).toMatch(new RegExp(`^(lat: )?${message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
  for (const read of [similar, geocode, matching, alerts]) {
    expect(read.statusCode).toBe(400);
    expectHumanError(read.body, message);
  }
}

describe("without a service area", () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await startPortal(undefined);
  });
  afterAll(() => portal.t.close());
  beforeEach(async () => {
    await portal.t.db.query("DELETE FROM grievances");
  });

  it.each([
    ["0", "0"],
    ["0.0000001", "-0.0000004"],
    ["-0.000000", "0.000"],
  ])("refuses a pin at %s,%s (Null Island) everywhere, storing nothing", async (latitude, longitude) => {
    expectRefused(await answers(portal, latitude, longitude), LOCATION_MESSAGES.nullIsland);
    expect(await countRows(portal.t.db)).toBe(0);
  });

  it("accepts pins near it, on the equator and on the prime meridian", async () => {
    for (const [latitude, longitude] of [
      ["0.000001", "0"],
      ["0", "-0.000001"],
      ["5.6", "0"],
      ["0", "9.4"],
    ] as const) {
      const { submit, open311, similar, geocode, matching, alerts } = await answers(portal, latitude, longitude);
      expect([submit.statusCode, open311.statusCode, similar.statusCode]).toEqual([201, 201, 200]);
      expect([matching.statusCode, alerts.statusCode]).toEqual([200, 202]);
      // Past the checks: the lookup itself fails, as the geocoder does not answer.
      expect(geocode.statusCode).toBe(503);
    }
    expect(await countRows(portal.t.db)).toBe(8);
  });
});

describe("with a service area", () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await startPortal(AREA);
  });
  afterAll(() => portal.t.close());
  beforeEach(async () => {
    await portal.t.db.query("DELETE FROM grievances");
  });

  it("refuses a pin outside the area everywhere, storing nothing", async () => {
    expectRefused(await answers(portal, "10.02", "20"), LOCATION_MESSAGES.outsideServiceArea);
    expect(await countRows(portal.t.db)).toBe(0);
  });

  it("refuses Null Island as Null Island, not as outside the area", async () => {
    expectRefused(await answers(portal, "0", "0"), LOCATION_MESSAGES.nullIsland);
  });

  it("accepts a pin inside the area everywhere", async () => {
    const { submit, open311, similar, geocode, matching, alerts } = await answers(portal, "10.005", "20.005");
    expect([submit, open311, similar, geocode, matching, alerts].map((answer) => answer.statusCode)).toEqual([
      201, 201, 200, 503, 200, 202,
    ]);
  });
});
