import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { z } from "zod/mini";
import type {
  closeIncidentResponseSchema,
  incidentCandidatesResponseSchema,
  incidentListResponseSchema,
  incidentMatchResponseSchema,
  publicIncidentSchema,
  staffIncidentSchema,
} from "#shared/api-schemas/incidents.ts";
import type { PublicStats } from "#shared/staff/staff-api.ts";
import { addStaff, HOST, resetData, seedGrievance, staffClient } from "./staff/staff-helpers.ts";
import { createTestApp, expectHumanError, type TestApp } from "./test-app.ts";

// Water incidents, declared, updated and closed by staff, matched on the report form, with reports linked
// to them (docs/decisions/021-incidents.md).

type StaffIncident = z.output<typeof staffIncidentSchema>;
type PublicIncident = z.output<typeof publicIncidentSchema>;

let t: TestApp;
let as: Awaited<ReturnType<typeof staffClient>>;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  // Truncating the accounts empties the incidents, their updates, links and presses, and the outbox with them.
  await resetData(t.db);
  await t.db.query(
    "TRUNCATE incident_subscriptions, outbox, followers, audit_log, rate_limit_counters RESTART IDENTITY CASCADE",
  );
  await addStaff(t.db);
  as = await staffClient(t.app);
});

// A square of about 1.1 km (lon, lat), left open as the map's drawing tool may leave it.
const SQUARE = {
  type: "Polygon",
  coordinates: [
    [
      [36.81, -1.29],
      [36.82, -1.29],
      [36.82, -1.28],
      [36.81, -1.28],
    ],
  ],
};
const CIRCLE = { type: "Circle", center: [36.9, -1.2], radiusMetres: 500 };

const declaration = (overrides: Record<string, unknown> = {}) => ({
  type: "boil-water",
  severity: "severe",
  title: "Boil water in Kilimani",
  message: "A treatment fault let untreated water into the network.",
  instructions: "Boil all drinking water for one minute. Tankers at Kilimani School.",
  area: SQUARE,
  localities: ["Kilimani", "São Tomé"],
  startsAt: new Date(Date.now() - 3_600_000).toISOString(),
  expectedRestorationAt: null,
  ...overrides,
});

async function declare(overrides: Record<string, unknown> = {}): Promise<StaffIncident> {
  const res = await as({ method: "POST", url: "/api/staff/incidents", payload: declaration(overrides) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<StaffIncident>();
}

const publicGet = (url: string) => t.app.inject({ method: "GET", url, headers: { host: HOST } });
const affected = (id: string, browserId: string) =>
  t.app.inject({
    method: "POST",
    url: `/api/incidents/${id}/affected`,
    headers: { host: HOST },
    payload: { browserId },
  });

/** A report with a pin and a location, `age` before now. */
async function report(
  fields: {
    latitude?: number;
    longitude?: number;
    location?: string;
    category?: string;
    age?: string;
    status?: string;
    email?: string | null;
  } = {},
) {
  const id = await seedGrievance(t.db, {
    category: fields.category ?? "Water Quality Issues",
    age: fields.age ?? "10 minutes",
    status: fields.status ?? "pending",
    user_email: fields.email === undefined ? null : fields.email,
  });
  await t.db.query("UPDATE grievances SET latitude = $2, longitude = $3, location = $4 WHERE id = $1", [
    id,
    fields.latitude ?? null,
    fields.longitude ?? null,
    fields.location ?? null,
  ]);
  return id;
}

async function follower(grievanceId: string, email: string, isReporter = false) {
  await t.db.query(
    "INSERT INTO followers (grievance_id, email, is_reporter, confirmed_at, locale) VALUES ($1, $2, $3, now(), 'en')",
    [grievanceId, email, isReporter],
  );
}

describe("declaring, updating and closing an incident", () => {
  it("declares an incident with its area, closes the ring, shows it to the public and records who did it", async () => {
    const incident = await declare();
    expect(incident).toMatchObject({
      type: "boil-water",
      severity: "severe",
      localities: ["Kilimani", "São Tomé"],
      closedAt: null,
      declaredBy: "officer@water.example",
      affectedCount: 0,
      reportCount: 0,
      updates: [],
      linkedReports: [],
    });
    expect(incident.area).toEqual({
      type: "Polygon",
      coordinates: [[...SQUARE.coordinates[0]!, SQUARE.coordinates[0]![0]]],
    });

    const one = await publicGet(`/api/incidents/${incident.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.headers["cache-control"]).toMatch(/max-age=\d+/);
    expect(one.json()).not.toHaveProperty("declaredBy");
    const list = (await publicGet("/api/incidents")).json<z.output<typeof incidentListResponseSchema>>();
    expect(list.active.map((each) => each.id)).toEqual([incident.id]);
    expect(list.recent).toEqual([]);

    const audit = await t.db.query<{ action: string; target: string }>("SELECT action, target FROM audit_log");
    expect(audit.rows).toEqual([{ action: "incident.declare", target: "Boil water in Kilimani" }]);
  });

  it("refuses a declaration without an area or locality, or restored before it starts, saying which field", async () => {
    const noPlace = await as({
      method: "POST",
      url: "/api/staff/incidents",
      payload: declaration({ area: null, localities: [] }),
    });
    expect(noPlace.statusCode).toBe(400);
    expectHumanError(noPlace.body);
    expect(noPlace.json().fieldErrors).toEqual({
      area: "Draw the affected area on the map or name at least one locality.",
    });

    const backwards = await as({
      method: "POST",
      url: "/api/staff/incidents",
      payload: declaration({ startsAt: "2025-05-02T10:00:00Z", expectedRestorationAt: "2025-05-01T10:00:00Z" }),
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fieldErrors).toEqual({
      expectedRestorationAt: "The expected restoration must be after the start.",
    });

    const badType = await as({
      method: "POST",
      url: "/api/staff/incidents",
      payload: declaration({ type: "earthquake", title: "" }),
    });
    expect(badType.statusCode).toBe(400);
    expect(Object.keys(badType.json().fieldErrors).sort()).toEqual(["title", "type"]);
    expect((await t.db.query("SELECT 1 FROM incidents")).rows).toHaveLength(0);
  });

  it("answers only signed-in staff from the portal's own pages", async () => {
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/api/staff/incidents",
      headers: { host: HOST, origin: `http://${HOST}` },
      payload: declaration(),
    });
    expect(anonymous.statusCode).toBe(401);
    const list = await t.app.inject({ method: "GET", url: "/api/staff/incidents", headers: { host: HOST } });
    expect(list.statusCode).toBe(401);
    const crossSite = await as({
      method: "POST",
      url: "/api/staff/incidents",
      headers: { origin: "https://evil.example" },
      payload: declaration(),
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await t.db.query("SELECT 1 FROM incidents")).rows).toHaveLength(0);
  });

  it("posts timed updates in order, moves the expected restoration, and refuses them once closed", async () => {
    const incident = await declare();
    const restoration = new Date(Date.now() + 6 * 3_600_000).toISOString();
    const first = await as({
      method: "POST",
      url: `/api/staff/incidents/${incident.id}/updates`,
      payload: { message: "Crews on site.", expectedRestorationAt: restoration },
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await as({
      method: "POST",
      url: `/api/staff/incidents/${incident.id}/updates`,
      payload: { message: "Flushing the mains." },
    });
    const updated = second.json<StaffIncident>();
    expect(updated.updates.map((update) => update.message)).toEqual(["Crews on site.", "Flushing the mains."]);
    // Left out by the second update: kept.
    expect(updated.expectedRestorationAt).toBe(restoration);
    expect(new Date(updated.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(incident.updatedAt).getTime());

    const early = await as({
      method: "POST",
      url: `/api/staff/incidents/${incident.id}/updates`,
      payload: { message: "x", expectedRestorationAt: "2000-01-01T00:00:00Z" },
    });
    expect(early.statusCode).toBe(400);
    expectHumanError(early.body, "The expected restoration must be after the start.");

    const closed = await as({
      method: "POST",
      url: `/api/staff/incidents/${incident.id}/close`,
      payload: { finalMessage: "Safe to drink again.", resolveLinkedReports: false },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const late = await as({
      method: "POST",
      url: `/api/staff/incidents/${incident.id}/updates`,
      payload: { message: "Too late." },
    });
    expect(late.statusCode).toBe(409);
    expectHumanError(late.body, "This incident is closed: it takes no more updates.");
    const twice = await as({
      method: "POST",
      url: `/api/staff/incidents/${incident.id}/close`,
      payload: { finalMessage: "Again.", resolveLinkedReports: false },
    });
    expect(twice.statusCode).toBe(409);
    expectHumanError(twice.body, "This incident is already closed.");

    const list = (await publicGet("/api/incidents")).json<z.output<typeof incidentListResponseSchema>>();
    expect(list.active).toEqual([]);
    expect(list.recent).toMatchObject([{ id: incident.id, finalMessage: "Safe to drink again.", updates: [{}, {}] }]);
  });

  it("answers 404 for an incident that does not exist", async () => {
    expect((await publicGet("/api/incidents/not-a-uuid")).statusCode).toBe(404);
    expect((await publicGet("/api/incidents/00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    const update = await as({
      method: "POST",
      url: "/api/staff/incidents/00000000-0000-4000-8000-000000000000/updates",
      payload: { message: "x" },
    });
    expect(update.statusCode).toBe(404);
    expectHumanError(update.body, "Incident not found.");
  });

  it("lists every incident for staff, active ones first", async () => {
    const old = await declare({ title: "Old" });
    await as({
      method: "POST",
      url: `/api/staff/incidents/${old.id}/close`,
      payload: { finalMessage: "Done.", resolveLinkedReports: false },
    });
    const newer = await declare({ title: "Newer" });
    const res = await as({ method: "GET", url: "/api/staff/incidents" });
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.json<{ items: PublicIncident[] }>().items.map((each) => each.title)).toEqual(["Newer", "Old"]);
    expect(newer.closedAt).toBeNull();
  });
});

describe("I am affected", () => {
  it("counts a browser once, and refuses a closed incident", async () => {
    const incident = await declare();
    const first = await affected(incident.id, "browser-aaaaaaaaaaaaaaaa");
    expect(first.json()).toEqual({ affectedCount: 1, alreadyCounted: false });
    expect((await affected(incident.id, "browser-aaaaaaaaaaaaaaaa")).json()).toEqual({
      affectedCount: 1,
      alreadyCounted: true,
    });
    expect((await affected(incident.id, "browser-bbbbbbbbbbbbbbbb")).json()).toEqual({
      affectedCount: 2,
      alreadyCounted: false,
    });
    expect((await publicGet(`/api/incidents/${incident.id}`)).json<PublicIncident>().affectedCount).toBe(2);

    const bad = await affected(incident.id, "short");
    expect(bad.statusCode).toBe(400);
    expectHumanError(bad.body);

    await as({
      method: "POST",
      url: `/api/staff/incidents/${incident.id}/close`,
      payload: { finalMessage: "Over.", resolveLinkedReports: false },
    });
    const closed = await affected(incident.id, "browser-cccccccccccccccc");
    expect(closed.statusCode).toBe(409);
    expectHumanError(closed.body);
  });
});

describe("matching a report being written", () => {
  const match = async (query: string) =>
    (await publicGet(`/api/incidents/matching?${query}`))
      .json<z.output<typeof incidentMatchResponseSchema>>()
      .items.map((item) => [item.incident.title, item.reason]);

  it("matches by polygon, circle, locality and category, over active incidents only", async () => {
    await declare({ title: "Square", area: SQUARE, localities: [] });
    await declare({ title: "Circle", type: "supply-interruption", area: CIRCLE, localities: [] });
    await declare({ title: "Town", type: "sewage-overflow", area: null, localities: ["Old Town"] });
    const closed = await declare({ title: "Closed", area: SQUARE, localities: [] });
    await as({
      method: "POST",
      url: `/api/staff/incidents/${closed.id}/close`,
      payload: { finalMessage: "Over.", resolveLinkedReports: false },
    });

    expect(await match("latitude=-1.285&longitude=36.815")).toEqual([["Square", "area"]]);
    expect(await match("latitude=-1.2&longitude=36.9005")).toEqual([["Circle", "area"]]);
    expect(await match("latitude=-1.2&longitude=36.91")).toEqual([]);
    expect(await match(`location=${encodeURIComponent("behind the OLD TOWN market")}`)).toEqual([["Town", "locality"]]);
    expect(await match("category=Sanitation%20Issues")).toEqual([["Town", "category"]]);
    expect(await match("category=Water%20Quality%20Issues&latitude=10&longitude=10")).toEqual([]);
    expect(await match("")).toEqual([]);
    const bad = await publicGet("/api/incidents/matching?latitude=200");
    expect(bad.statusCode).toBe(400);
  });
});

describe("linking reports", () => {
  it("previews open reports of the area or its localities, links one and then the rest in bulk", async () => {
    const incident = await declare({ localities: ["Kilimani"] });
    const inside = await report({ latitude: -1.285, longitude: 36.815 });
    const named = await report({ location: "Kilimani road, near the school" });
    const outside = await report({ latitude: -1.2, longitude: 36.9 });
    const resolved = await report({ latitude: -1.286, longitude: 36.816, status: "resolved" });
    const tooOld = await report({ latitude: -1.284, longitude: 36.814, age: "5 days" });
    const otherCategory = await report({ latitude: -1.283, longitude: 36.813, category: "Sanitation Issues" });
    const hidden = await report({ latitude: -1.287, longitude: 36.817 });
    await t.db.query("UPDATE grievances SET hidden_at = now(), hidden_reason = 'spam' WHERE id = $1", [hidden]);

    const preview = async (query = "") =>
      (await as({ method: "GET", url: `/api/staff/incidents/${incident.id}/candidates${query}` })).json<
        z.output<typeof incidentCandidatesResponseSchema>
      >();
    const all = await preview();
    expect(all.truncated).toBe(false);
    expect(new Set(all.items.map((item) => item.id))).toEqual(new Set([inside, named, otherCategory]));
    const ofCategory = await preview("?category=Water%20Quality%20Issues");
    expect(new Set(ofCategory.items.map((item) => item.id))).toEqual(new Set([inside, named]));
    expect([outside, resolved, tooOld, hidden].some((id) => all.items.some((item) => item.id === id))).toBe(false);

    const one = await as({
      method: "POST",
      url: `/api/staff/incidents/${incident.id}/reports`,
      payload: { grievanceIds: [inside] },
    });
    expect(one.json()).toEqual({ linked: 1 });
    // Already linked here: left out of the preview, and not counted again.
    expect((await preview("?category=Water%20Quality%20Issues")).items.map((item) => item.id)).toEqual([named]);
    const bulk = await as({
      method: "POST",
      url: `/api/staff/incidents/${incident.id}/reports`,
      payload: { grievanceIds: [inside, named, hidden] },
    });
    expect(bulk.json()).toEqual({ linked: 2 });

    const staffView = (await as({ method: "GET", url: `/api/staff/incidents/${incident.id}` })).json<StaffIncident>();
    expect(staffView.linkedReports.map((linked) => linked.id).sort()).toEqual([inside, named, hidden].sort());
    // The public count leaves the hidden report out.
    expect((await publicGet(`/api/incidents/${incident.id}`)).json<PublicIncident>().reportCount).toBe(2);

    // The report's public page names the incident; one without shows null.
    const details = await publicGet(`/api/grievances/${inside}`);
    expect(details.json().incident).toEqual({
      id: incident.id,
      title: incident.title,
      type: "boil-water",
      closedAt: null,
    });
    expect((await publicGet(`/api/grievances/${outside}`)).json().incident).toBeNull();
    // The console's view of a report names it too, a hidden report's included.
    const hiddenForStaff = (await as({ method: "GET", url: `/api/staff/grievances/${hidden}` })).json();
    expect(hiddenForStaff.incident).toEqual({
      id: incident.id,
      title: incident.title,
      type: "boil-water",
      closedAt: null,
    });
    expect((await as({ method: "GET", url: `/api/staff/grievances/${outside}` })).json().incident).toBeNull();
    // The list's items are unchanged.
    const listItems = (await publicGet("/api/grievances")).json<{ items: Record<string, unknown>[] }>().items;
    expect(listItems.every((item) => !("incident" in item))).toBe(true);
  });

  it("refuses, linking nothing, a report of another incident or one that does not exist", async () => {
    const first = await declare({ title: "First" });
    const second = await declare({ title: "Second" });
    const mine = await report({ latitude: -1.285, longitude: 36.815 });
    const free = await report({ latitude: -1.285, longitude: 36.816 });
    await as({ method: "POST", url: `/api/staff/incidents/${first.id}/reports`, payload: { grievanceIds: [mine] } });

    const elsewhere = await as({
      method: "POST",
      url: `/api/staff/incidents/${second.id}/reports`,
      payload: { grievanceIds: [free, mine] },
    });
    expect(elsewhere.statusCode).toBe(409);
    expectHumanError(elsewhere.body, "Some of these reports already belong to another incident: nothing was linked.");
    const missing = await as({
      method: "POST",
      url: `/api/staff/incidents/${second.id}/reports`,
      payload: { grievanceIds: [free, "00000000-0000-4000-8000-000000000000"] },
    });
    expect(missing.statusCode).toBe(404);
    expect((await t.db.query("SELECT 1 FROM incident_reports WHERE incident_id = $1", [second.id])).rows).toHaveLength(
      0,
    );

    // The preview shows the other incident's report apart.
    const preview = (await as({ method: "GET", url: `/api/staff/incidents/${second.id}/candidates` })).json<
      z.output<typeof incidentCandidatesResponseSchema>
    >();
    expect(preview.items.find((item) => item.id === mine)?.linkedIncidentId).toBe(first.id);
  });
});

describe("closing an incident with its reports", () => {
  it("resolves every linked open report with the final message, one event each, and tells each follower once", async () => {
    const incident = await declare();
    const a = await report({ latitude: -1.285, longitude: 36.815, email: "a@example.org" });
    const b = await report({ latitude: -1.286, longitude: 36.816, status: "in-progress" });
    const done = await report({ latitude: -1.284, longitude: 36.814, status: "resolved" });
    await follower(a, "a@example.org", true);
    await follower(a, "neighbour@example.net");
    await follower(b, "neighbour@example.net");
    await follower(done, "done@example.org");
    await as({
      method: "POST",
      url: `/api/staff/incidents/${incident.id}/reports`,
      payload: { grievanceIds: [a, b, done] },
    });

    const res = await as({
      method: "POST",
      url: `/api/staff/incidents/${incident.id}/close`,
      payload: { finalMessage: "The water is safe to drink again.", resolveLinkedReports: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<z.output<typeof closeIncidentResponseSchema>>();
    expect(answer.resolvedReports).toBe(2);
    expect(answer.incident).toMatchObject({
      finalMessage: "The water is safe to drink again.",
      closedBy: "officer@water.example",
    });
    expect(answer.incident.linkedReports.map((linked) => linked.status)).toEqual(["resolved", "resolved", "resolved"]);

    const events = await t.db.query<{ grievance_id: string; from_status: string; to_status: string; note: string }>(
      "SELECT grievance_id::text, from_status, to_status, note FROM grievance_events WHERE kind = 'status' ORDER BY grievance_id",
    );
    expect(events.rows).toEqual(
      [
        { grievance_id: a, from_status: "pending", to_status: "resolved", note: "The water is safe to drink again." },
        {
          grievance_id: b,
          from_status: "in-progress",
          to_status: "resolved",
          note: "The water is safe to drink again.",
        },
      ].sort((x, y) => x.grievance_id.localeCompare(y.grievance_id)),
    );

    const mail = await t.db.query<{ recipient: string; grievance_id: string }>(
      "SELECT recipient, grievance_id::text FROM outbox WHERE kind = 'update' ORDER BY recipient, grievance_id",
    );
    expect(mail.rows).toEqual(
      [
        { recipient: "a@example.org", grievance_id: a },
        { recipient: "neighbour@example.net", grievance_id: a },
        { recipient: "neighbour@example.net", grievance_id: b },
      ].sort((x, y) => x.recipient.localeCompare(y.recipient) || x.grievance_id.localeCompare(y.grievance_id)),
    );
    expect((await publicGet(`/api/grievances/${a}`)).json().incident.closedAt).toBe(answer.incident.closedAt);
  });

  it("refuses a final message too long to be a report's note, and leaves everything as it was", async () => {
    const incident = await declare();
    const a = await report({ latitude: -1.285, longitude: 36.815 });
    await as({ method: "POST", url: `/api/staff/incidents/${incident.id}/reports`, payload: { grievanceIds: [a] } });
    const res = await as({
      method: "POST",
      url: `/api/staff/incidents/${incident.id}/close`,
      payload: { finalMessage: "x".repeat(1001), resolveLinkedReports: true },
    });
    expect(res.statusCode).toBe(400);
    expectHumanError(res.body);
    expect((await publicGet(`/api/incidents/${incident.id}`)).json<PublicIncident>().closedAt).toBeNull();
    expect((await t.db.query("SELECT status FROM grievances WHERE id = $1", [a])).rows).toEqual([
      { status: "pending" },
    ]);
  });

  it("leaves linked reports open when asked to", async () => {
    const incident = await declare();
    const a = await report({ latitude: -1.285, longitude: 36.815 });
    await as({ method: "POST", url: `/api/staff/incidents/${incident.id}/reports`, payload: { grievanceIds: [a] } });
    const res = await as({
      method: "POST",
      url: `/api/staff/incidents/${incident.id}/close`,
      payload: { finalMessage: "Over.", resolveLinkedReports: false },
    });
    expect(res.json().resolvedReports).toBe(0);
    expect((await t.db.query("SELECT status FROM grievances WHERE id = $1", [a])).rows).toEqual([
      { status: "pending" },
    ]);
    expect((await t.db.query("SELECT 1 FROM grievance_events")).rows).toHaveLength(0);
  });
});

describe("incidents in the statistics", () => {
  it("counts incidents, their duration, reports per incident and the time from the first report to the declaration", async () => {
    const empty = (await publicGet("/api/stats")).json<PublicStats>();
    expect(empty.incidents).toEqual({
      declared: 0,
      active: 0,
      medianDurationHours: null,
      reportsPerIncident: null,
      medianMinutesFromFirstReportToDeclaration: null,
    });

    const closed = await declare({ startsAt: new Date(Date.now() - 10 * 3_600_000).toISOString() });
    const active = await declare();
    const early = await report({ latitude: -1.285, longitude: 36.815, age: "2 hours" });
    const late = await report({ latitude: -1.285, longitude: 36.816, age: "0 minutes" });
    const third = await report({ latitude: -1.285, longitude: 36.817, age: "1 hour" });
    await as({
      method: "POST",
      url: `/api/staff/incidents/${closed.id}/reports`,
      payload: { grievanceIds: [early, late] },
    });
    await as({ method: "POST", url: `/api/staff/incidents/${active.id}/reports`, payload: { grievanceIds: [third] } });
    // The closed one was declared 30 minutes after its first report (2 h ago); the active one's report is from 1 h ago.
    await t.db.query("UPDATE incidents SET declared_at = now() - interval '90 minutes' WHERE id = $1", [closed.id]);
    await t.db.query("UPDATE incidents SET declared_at = now() - interval '30 minutes' WHERE id = $1", [active.id]);
    await as({
      method: "POST",
      url: `/api/staff/incidents/${closed.id}/close`,
      payload: { finalMessage: "Over.", resolveLinkedReports: false },
    });

    const stats = (await publicGet("/api/stats")).json<PublicStats>();
    expect(stats.incidents.declared).toBe(2);
    expect(stats.incidents.active).toBe(1);
    expect(stats.incidents.medianDurationHours).toBeCloseTo(10, 0);
    expect(stats.incidents.reportsPerIncident).toBe(1.5);
    // Medians of 30 and 30 minutes.
    expect(stats.incidents.medianMinutesFromFirstReportToDeclaration).toBe(30);
  });
});
