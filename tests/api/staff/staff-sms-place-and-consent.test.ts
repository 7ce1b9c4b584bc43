import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffGrievanceDetail, StaffQueueResponse } from "#shared/staff/staff-api.ts";
import { createTestApp, multipart, postGrievance, validFields, type TestApp } from "../test-app.ts";
import { orderWithinView, viewConditions } from "#server/staff/queue-view-repository.ts";
import { QUEUE_ORDERS } from "#server/staff/staff-grievance-repository.ts";
import { adminAndStaffClients } from "./staff-helpers.ts";
import { TEST_SMS } from "./sms-support.ts";

// Reports sent by SMS without a place wait in "Needs a place" until staff place them (setGrievanceLocation), which
// may route them by area; and the form's "Send me updates by SMS", stored as the report's consent
// (docs/decisions/041-sms-for-staff.md, docs/product-decisions.md D18).

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminAndStaffClients>>["admin"];
let staff: Awaited<ReturnType<typeof adminAndStaffClients>>["staff"];

beforeAll(async () => {
  t = await createTestApp({ config: { sms: TEST_SMS } });
  ({ admin, staff } = await adminAndStaffClients(t.app, t.db, "admin@water.example", "officer@water.example"));
});
afterAll(() => t.close());

/** A report as the SMS channel stores it: the sender's words, their number, no pin. */
async function smsReport(words: string, location: string | null = null): Promise<string> {
  const res = await postGrievance(t.app, { ...validFields, user_email: "", user_phone: "+254712345678" });
  expect(res.statusCode, res.body).toBe(201);
  const { id } = res.json<{ id: string }>();
  await t.db.query("UPDATE grievances SET channel = 'sms', title = $2, location = $3 WHERE id = $1", [
    id,
    words,
    location,
  ]);
  return id;
}

const needsPlace = async () =>
  (await staff({ method: "GET", url: "/api/staff/grievances?work=&view=needs-place" })).json<StaffQueueResponse>();

const place = (id: string, body: Record<string, unknown>) =>
  staff({ method: "POST", url: `/api/staff/grievances/${id}/location`, payload: body });

describe("Needs a place and setGrievanceLocation", () => {
  it("lists open SMS reports without a pin, oldest first; a web report or a pinned one is not there", async () => {
    const first = await smsReport("No water at the market", "Near the market");
    const second = await smsReport("Pipe burst");
    await postGrievance(t.app, validFields);
    const pinned = await smsReport("Leak");
    await t.db.query("UPDATE grievances SET latitude = -1.28, longitude = 36.82 WHERE id = $1", [pinned]);
    const view = await needsPlace();
    expect(view.items.map((item) => item.id)).toEqual([first, second]);
    expect(view.items.every((item) => item.channel === "sms")).toBe(true);
  });

  it("reads the view in its partial index's order, without sorting", async () => {
    await t.db.query("SET enable_seqscan = off");
    try {
      const where = viewConditions("needs-place", {}, []).join(" AND ");
      const order = orderWithinView(QUEUE_ORDERS["oldest-open"]);
      const { rows } = await t.db.query<{ "QUERY PLAN": string }>(
        `EXPLAIN SELECT g.id FROM grievances g WHERE ${where} ORDER BY ${order} LIMIT 25`,
      );
      const plan = rows.map((row) => row["QUERY PLAN"]).join("\n");
      expect(plan).toContain("grievances_needs_place_idx");
      expect(plan).not.toMatch(/\bSort\b/);
    } finally {
      await t.db.query("RESET enable_seqscan");
    }
  });

  it("places the pin, keeps the words, records it on the timeline and in the audit log, and leaves the view", async () => {
    const id = await smsReport("Dry tap at school", "Behind the school");
    const res = await place(id, { latitude: -1.2921, longitude: 36.8219 });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json<StaffGrievanceDetail>();
    expect([detail.latitude, detail.longitude, detail.location]).toEqual([-1.2921, 36.8219, "Behind the school"]);
    const event = detail.timeline.find((e) => e.kind === "location");
    expect(event).toMatchObject({
      actor: "staff",
      staff_email: "officer@water.example",
      details: {
        from: { latitude: null, longitude: null, location: "Behind the school" },
        to: { latitude: -1.2921, longitude: 36.8219, location: "Behind the school" },
      },
    });
    expect((await needsPlace()).items.map((item) => item.id)).not.toContain(id);
    const audit = await t.db.query<{ target: string }>(
      "SELECT target FROM audit_log WHERE action = 'grievance.set_location'",
    );
    expect(audit.rows.map((row) => row.target)).toContain(detail.reference);
    // The public sees the pin and nothing of the timeline's event.
    const progress = await t.app.inject({ url: `/api/grievances/${id}/progress` });
    expect(progress.body).not.toContain("location");
  });

  it("takes the place in words when given, and refuses a pin at 0,0 or out of range (400)", async () => {
    const id = await smsReport("Sewage");
    const res = await place(id, { latitude: 1.5, longitude: 2.5, location: "  Kilimani, Argwings Rd  " });
    expect(res.json<StaffGrievanceDetail>().location).toBe("Kilimani, Argwings Rd");
    for (const body of [
      { latitude: 0, longitude: 0 },
      { latitude: 91, longitude: 2 },
      { latitude: "x", longitude: 2 },
      {},
    ]) {
      const refused = await place(id, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await place("00000000-0000-4000-8000-000000000000", { latitude: 1, longitude: 2 })).statusCode).toBe(404);
  });

  it("routes a report without a team by the rule whose area holds the new pin", async () => {
    const team = await admin({
      method: "POST",
      url: "/api/staff/teams",
      payload: { name: "East crew", email: "east@water.example" },
    });
    expect(team.statusCode, team.body).toBe(201);
    const teamId = team.json<{ id: string }>().id;
    const ring = [
      [36.9, -1.4],
      [37.0, -1.4],
      [37.0, -1.3],
      [36.9, -1.3],
      [36.9, -1.4],
    ];
    const rule = await admin({
      method: "POST",
      url: "/api/staff/routing-rules",
      payload: { teamId, serviceCode: null, area: { type: "Polygon", coordinates: [ring] } },
    });
    expect(rule.statusCode, rule.body).toBe(201);
    const id = await smsReport("Meter leaking");
    await t.db.query("UPDATE grievances SET team_id = NULL WHERE id = $1", [id]);
    const res = await place(id, { latitude: -1.35, longitude: 36.95 });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json<StaffGrievanceDetail>();
    expect(detail.team).toEqual({ id: teamId, name: "East crew" });
    expect(detail.timeline.map((e) => [e.kind, e.actor])).toEqual(
      expect.arrayContaining([
        ["location", "staff"],
        ["assigned", "system"],
      ]),
    );
    // Already in a team: placing it again changes the place, not the team.
    await t.db.query("UPDATE grievances SET team_id = NULL WHERE id <> $1", [id]);
    const moved = await place(id, { latitude: -1.2, longitude: 36.7 });
    expect(moved.json<StaffGrievanceDetail>().team?.id).toBe(teamId);
  });
});

describe("Send me updates by SMS", () => {
  const consentOf = async (id: string) =>
    (await t.db.query<{ sms_updates: boolean }>("SELECT sms_updates FROM grievances WHERE id = $1", [id])).rows[0]
      ?.sms_updates;

  it("is stored when ticked with a phone number, and not otherwise", async () => {
    const ticked = await postGrievance(t.app, { ...validFields, sms_updates: "true" });
    expect(ticked.statusCode, ticked.body).toBe(201);
    expect(await consentOf(ticked.json<{ id: string }>().id)).toBe(true);
    const plain = await postGrievance(t.app, validFields);
    expect(await consentOf(plain.json<{ id: string }>().id)).toBe(false);
    const detail = await staff({ method: "GET", url: `/api/staff/grievances/${ticked.json<{ id: string }>().id}` });
    expect(detail.json<StaffGrievanceDetail>().sms.updatesBySms).toBe(true);
  });

  it("ticked without a phone number: the phone field says what to do (400), nothing stored", async () => {
    const res = await postGrievance(t.app, { ...validFields, user_phone: "", sms_updates: "true" });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toEqual({
      user_phone: "Please give your phone number to receive updates by SMS, or untick “Send me updates by SMS”.",
    });
    const odd = await postGrievance(t.app, { ...validFields, sms_updates: "maybe" });
    expect(odd.statusCode, odd.body).toBe(400);
    expect(Object.keys(odd.json<{ fieldErrors: Record<string, string> }>().fieldErrors)).toEqual(["sms_updates"]);
  });

  it("the staff's 'Take a report' carries it too", async () => {
    const res = await staff({
      method: "POST",
      url: "/api/staff/grievances",
      ...(await multipart({ ...validFields, user_email: "", channel: "phone", sms_updates: "true" })),
    });
    expect(res.statusCode, res.body).toBe(201);
    const detail = res.json<StaffGrievanceDetail>();
    expect(detail.sms.updatesBySms).toBe(true);
    expect(await consentOf(detail.id)).toBe(true);
  });
});
