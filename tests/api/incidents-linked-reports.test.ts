import { describe, expect, it } from "vitest";
import type { z } from "zod/mini";
import type { closeIncidentResponseSchema, incidentCandidatesResponseSchema } from "#shared/api-schemas/incidents.ts";
import type { SubmittedGrievance } from "#shared/tracking/tracking.ts";
import { expectHumanError, postGrievance, validFields } from "./test-app.ts";
import {
  type StaffIncident,
  type PublicIncident,
  t,
  as,
  declare,
  publicGet,
  report,
  follower,
  useIncidentPortal,
} from "./incidents-support.ts";

// Reports linked to an incident, and closing an incident with them (incidents-support.ts).

useIncidentPortal();

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

describe("the reporter's private page", () => {
  it("names the incident its report was linked to, as the public page does, and says when it is resolved", async () => {
    const submitted = await postGrievance(t.app, validFields);
    expect(submitted.statusCode, submitted.body).toBe(201);
    const { id, trackingUrl } = submitted.json<SubmittedGrievance>();
    const tracked = async () =>
      (await publicGet(`/api/track/${new URL(trackingUrl).pathname.split("/").pop()}`)).json();
    expect((await tracked()).incident).toBeNull();

    const incident = await declare({ title: "Burst main on Ngong Road" });
    await as({ method: "POST", url: `/api/staff/incidents/${incident.id}/reports`, payload: { grievanceIds: [id] } });
    const linked = { id: incident.id, title: "Burst main on Ngong Road", type: incident.type, closedAt: null };
    expect((await tracked()).incident).toEqual(linked);
    expect((await publicGet(`/api/grievances/${id}`)).json().incident).toEqual(linked);

    await as({
      method: "POST",
      url: `/api/staff/incidents/${incident.id}/close`,
      payload: { finalMessage: "Over.", resolveLinkedReports: false },
    });
    expect((await tracked()).incident.closedAt).toEqual(expect.any(String));
  });
});
