import { createHash } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AffectedResponse, GrievanceListResponse, PublicGrievance } from "#shared/api-types.ts";
import { LOCATION_MESSAGES } from "#shared/places/location-messages.ts";
import { MESSAGES } from "#shared/messages.ts";
import { createTestApp, expectHumanError, type TestApp } from "./test-app.ts";
import { seedPlaced } from "./places-helpers.ts";

const LIMIT = 6;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { affectedPerHour: LIMIT } });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.query("DELETE FROM grievances");
  await t.db.query("DELETE FROM rate_limit_counters");
});

const BROWSER = "browser-aaaaaaaaaaaaaaaaaaaa";
const OTHER_BROWSER = "browser-bbbbbbbbbbbbbbbbbbbb";

function press(id: string, browserId: string = BROWSER, remoteAddress = "203.0.113.7") {
  return pressWith(id, { browserId }, remoteAddress);
}

function pressWith(id: string, payload: object, remoteAddress = "203.0.113.7") {
  return t.app.inject({ method: "POST", url: `/api/grievances/${id}/affected`, remoteAddress, payload });
}

const shown = async (id: string) => (await t.app.inject({ url: `/api/grievances/${id}` })).json<PublicGrievance>();

describe("POST /api/grievances/:id/affected", () => {
  it("counts a browser once: the second press changes nothing, another browser counts", async () => {
    const id = await seedPlaced(t.db);
    expect((await shown(id)).affected).toBe(1);

    const first = await press(id);
    expect(first.statusCode).toBe(200);
    expect(first.json<AffectedResponse>()).toEqual({ affected: 2, counted: true });
    expect((await press(id)).json<AffectedResponse>()).toEqual({ affected: 2, counted: false });
    expect((await press(id, OTHER_BROWSER)).json<AffectedResponse>()).toEqual({ affected: 3, counted: true });

    // What people see: the details, the list's card.
    expect((await shown(id)).affected).toBe(3);
    const listed = (await t.app.inject({ url: "/api/grievances" })).json<GrievanceListResponse>();
    expect(listed.items.find((item) => item.id === id)?.affected).toBe(3);

    // Stored: the counter, and one row per browser holding only the hash of its id.
    const { rows } = await t.db.query<{ affected_count: number }>(
      "SELECT affected_count FROM grievances WHERE id = $1",
      [id],
    );
    expect(rows[0]?.affected_count).toBe(2);
    const hashes = await t.db.query<{ hex: string }>(
      "SELECT encode(browser_hash, 'hex') AS hex FROM grievance_affected WHERE grievance_id = $1 ORDER BY 1",
      [id],
    );
    const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
    expect(hashes.rows.map((row) => row.hex)).toEqual([sha256(BROWSER), sha256(OTHER_BROWSER)].sort());
  });

  it("counts the same browser on each report separately", async () => {
    const [a, b] = [await seedPlaced(t.db), await seedPlaced(t.db)];
    expect((await press(a)).json<AffectedResponse>().counted).toBe(true);
    expect((await press(b)).json<AffectedResponse>().counted).toBe(true);
  });

  it("counts every press of many browsers at once exactly", async () => {
    const id = await seedPlaced(t.db);
    const browsers = Array.from({ length: 5 }, (_, i) => `concurrent-browser-${i}-xxxxxxxx`);
    const answers = await Promise.all(
      [...browsers, ...browsers].map((browser, i) => press(id, browser, `198.51.100.${i}`)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.filter((a) => a.json<AffectedResponse>().counted)).toHaveLength(5);
    expect((await shown(id)).affected).toBe(6);
  });

  it("answers 404 for an unknown, malformed or hidden report, and counts nothing", async () => {
    const hidden = await seedPlaced(t.db, { hidden: true });
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-report", hidden]) {
      const res = await press(id);
      expect(res.statusCode).toBe(404);
      expectHumanError(res.body, MESSAGES.grievanceNotFound);
    }
    const { rows } = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM grievance_affected");
    expect(rows[0]?.n).toBe(0);
  });

  it("answers 409 for a resolved report, saying why", async () => {
    const id = await seedPlaced(t.db, { status: "resolved" });
    const res = await press(id);
    expect(res.statusCode).toBe(409);
    expectHumanError(res.body, LOCATION_MESSAGES.affectedResolved);
    expect((await shown(id)).affected).toBe(1);
  });

  it.each([
    ["missing", {}],
    ["too short", { browserId: "abc" }],
    ["not a string", { browserId: 1234567890123456 }],
    ["with spaces", { browserId: "a browser id with spaces" }],
  ])("refuses a browser id that is %s", async (_name, payload) => {
    const id = await seedPlaced(t.db);
    const res = await pressWith(id, payload);
    expect(res.statusCode).toBe(400);
    expectHumanError(res.body, LOCATION_MESSAGES.browserIdInvalid);
    expect((await shown(id)).affected).toBe(1);
  });

  it("cannot be sent by another site's form: only a JSON body counts", async () => {
    const id = await seedPlaced(t.db);
    const forms = [
      { "content-type": "text/plain", payload: JSON.stringify({ browserId: BROWSER }) },
      { "content-type": "application/x-www-form-urlencoded", payload: `browserId=${BROWSER}` },
    ];
    for (const { payload, ...headers } of forms) {
      const res = await t.app.inject({ method: "POST", url: `/api/grievances/${id}/affected`, headers, payload });
      expect([400, 415]).toContain(res.statusCode);
      expectHumanError(res.body);
    }
    expect((await shown(id)).affected).toBe(1);
  });

  it(`answers 429 after ${LIMIT} presses an hour from one address, other addresses unaffected`, async () => {
    const id = await seedPlaced(t.db);
    for (let i = 0; i < LIMIT; i++) expect((await press(id, `flooding-browser-${i}-xxxxxxx`)).statusCode).toBe(200);
    const refused = await press(id, "flooding-browser-last-xxxxxx");
    expect(refused.statusCode).toBe(429);
    expectHumanError(refused.body, /^Too many answers from your connection\. Please try again in \d+ minutes?\.$/);
    expect((await shown(id)).affected).toBe(1 + LIMIT);
    expect((await press(id, OTHER_BROWSER, "192.0.2.44")).statusCode).toBe(200);
  });
});
