import { describe, expect, it } from "vitest";
import type { z } from "zod/mini";
import type { incidentListResponseSchema } from "#shared/api-schemas/incidents.ts";
import { HOST } from "./staff/staff-helpers.ts";
import { expectHumanError } from "./test-app.ts";
import {
  type StaffIncident,
  type PublicIncident,
  t,
  as,
  SQUARE,
  declaration,
  declare,
  publicGet,
  useIncidentPortal,
} from "./incidents-support.ts";

// Declaring, updating and closing incidents (incidents-support.ts).

useIncidentPortal();

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
