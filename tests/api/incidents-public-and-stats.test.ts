import { describe, expect, it } from "vitest";
import type { z } from "zod/mini";
import type { incidentMatchResponseSchema } from "#shared/api-schemas/incidents.ts";
import type { PublicStats } from "#shared/staff/staff-api.ts";
import { expectHumanError } from "./test-app.ts";
import {
  type PublicIncident,
  t,
  as,
  SQUARE,
  CIRCLE,
  declare,
  publicGet,
  affected,
  report,
  useIncidentPortal,
} from "./incidents-support.ts";

// What the public does with incidents, and incidents in the statistics (incidents-support.ts).

useIncidentPortal();

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
