import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { PublicStats } from "#shared/staff/staff-api.ts";
import { createTestApp, type TestApp } from "../test-app.ts";
import { addStaff, resetData } from "./staff-helpers.ts";

// The statistics' charts (docs/decisions/027-statistics-charts.md) from rows placed around a clock the test holds:
// Wednesday 18 March 2026, noon UTC. Its week began on Monday the 16th; the twelve weeks on Monday 29 December 2025.
const CLOCK = new Date("2026-03-18T12:00:00Z");
const DAY = 86_400;

let t: TestApp;
let staffId: string;
beforeAll(async () => {
  t = await createTestApp({ now: () => CLOCK });
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetData(t.db);
  await t.db.query("TRUNCATE incidents CASCADE");
  staffId = (await addStaff(t.db)).id;
});

interface Row {
  created: string;
  priority?: string;
  category?: string;
  status?: string;
  pin?: [number, number];
  hidden?: boolean;
}
async function report(row: Row): Promise<string> {
  const { rows } = await t.db.query<{ id: string }>(
    // With the due times a submit gives (its priority's defaults, migration 031).
    `INSERT INTO grievances (title, description, category, priority, status, created_at, latitude, longitude,
       hidden_at, hidden_reason, due_acknowledge_at, due_resolve_at)
     SELECT 'Brown water', 'Water is brown since Monday.', $1, d.priority, $3, $4, $5, $6,
       CASE WHEN $7 THEN $4::timestamptz END, CASE WHEN $7 THEN 'Spam' END,
       $4::timestamptz + d.acknowledge_minutes * interval '1 minute', $4::timestamptz + d.resolve_minutes * interval '1 minute'
     FROM service_target_defaults d WHERE d.priority = $2 RETURNING id`,
    [
      row.category ?? "Water Quality Issues",
      row.priority ?? "medium",
      row.status ?? "pending",
      row.created,
      row.pin?.[0] ?? null,
      row.pin?.[1] ?? null,
      row.hidden ?? false,
    ],
  );
  return rows[0]!.id;
}
async function change(id: string, from: string, to: string, at: string, by: "staff" | "reporter" = "staff") {
  await t.db.query(
    `INSERT INTO grievance_events (grievance_id, kind, from_status, to_status, at, staff_id, actor)
     VALUES ($1, 'status', $2, $3, $4, $5, $6)`,
    [id, from, to, at, by === "staff" ? staffId : null, by],
  );
  await t.db.query("UPDATE grievances SET status = $2 WHERE id = $1", [id, to]);
}
async function confirmedFixed(id: string, at: string) {
  await t.db.query(
    `INSERT INTO grievance_events (grievance_id, kind, at, actor) VALUES ($1, 'confirmed-fixed', $2, 'reporter')`,
    [id, at],
  );
}
async function incident(title: string, starts: string, declared: string, closed: string | null, reports: string[]) {
  const { rows } = await t.db.query<{ id: string }>(
    `INSERT INTO incidents (type, severity, title, message, instructions, localities, starts_at, declared_at,
       closed_at, final_message)
     VALUES ('supply-interruption', 'moderate', $1, 'No water.', 'Boil water.', '{Ward 1}', $2, $3, $4,
       CASE WHEN $4::timestamptz IS NOT NULL THEN 'Restored.' END) RETURNING id`,
    [title, starts, declared, closed],
  );
  for (const grievance of reports) {
    await t.db.query("INSERT INTO incident_reports (grievance_id, incident_id) VALUES ($1, $2)", [
      grievance,
      rows[0]!.id,
    ]);
  }
  return rows[0]!.id;
}
async function stats(): Promise<PublicStats> {
  const response = await t.app.inject({ method: "GET", url: "/api/stats" });
  expect(response.statusCode).toBe(200);
  return response.json<PublicStats>();
}

/** The fixture of the figures below: each line says what it adds. */
async function seed() {
  // A: medium, resolved after 2 days (within 7), pinned.
  const a = await report({ created: "2026-03-02T12:00Z", pin: [-1.2921, 36.8219] });
  await change(a, "pending", "resolved", "2026-03-04T12:00Z");
  // B: high, resolved after 8 days (over 3), then reopened by its reporter ("No"): open, past twice its target.
  const b = await report({ created: "2026-02-23T00:00Z", priority: "high" });
  await change(b, "pending", "resolved", "2026-03-03T00:00Z");
  await change(b, "resolved", "in-progress", "2026-03-05T00:00Z", "reporter");
  // C: low leak, resolved after a day (within 14), its reporter said "Yes"; pinned in A's cell.
  const c = await report({
    created: "2026-03-09T06:00Z",
    priority: "low",
    category: "Leakage Issues",
    pin: [-1.2923, 36.8221],
  });
  await change(c, "pending", "resolved", "2026-03-10T06:00Z");
  await confirmedFixed(c, "2026-03-11T09:00Z");
  // D and E: urgent and open, 12 hours old and 42 hours old (past its day, not twice), neither acknowledged: both are
  // overdue, past their hour to acknowledge (ACKNOWLEDGE_TARGETS).
  await report({ created: "2026-03-18T00:00Z", priority: "urgent" });
  await report({ created: "2026-03-16T18:00Z", priority: "urgent", pin: [-1.3112, 36.8012] });
  // F: reported before the twelve weeks, resolved in their second week after 35 days (over 7).
  const f = await report({ created: "2025-12-01T00:00Z", pin: [-1.2921, 36.8219] });
  await change(f, "pending", "resolved", "2026-01-05T00:00Z");
  // G: hidden, received and resolved in the window: would change every figure if it were counted.
  const g = await report({ created: "2026-03-09T00:00Z", hidden: true, pin: [-1.2921, 36.8219] });
  await change(g, "pending", "resolved", "2026-03-09T01:00Z");
  await confirmedFixed(g, "2026-03-09T02:00Z");
  // A closed incident of 24 hours declared 30 hours after C, its first report; an active one with none, 24 hours on.
  await incident("Main burst on Moi Avenue", "2026-03-10T08:00Z", "2026-03-10T12:00Z", "2026-03-11T08:00Z", [c]);
  await incident("Low pressure in Ward 4", "2026-03-17T12:00Z", "2026-03-17T12:00Z", null, []);
}

describe("the statistics' charts", () => {
  it("answers twelve empty weeks, an empty backlog and no answers when there is nothing yet", async () => {
    const { trends } = await stats();
    expect(trends.weeks.map((w) => w.start)).toEqual([
      "2025-12-29",
      ...["01-05", "01-12", "01-19", "01-26", "02-02", "02-09", "02-16", "02-23", "03-02", "03-09", "03-16"].map(
        (d) => `2026-${d}`,
      ),
    ]);
    expect(trends.weeks.every((w) => w.received + w.resolved + w.reopened === 0)).toBe(true);
    expect(trends.weeks.every((w) => w.medianResolutionSeconds === null && w.p90ResolutionSeconds === null)).toBe(true);
    expect(trends).toMatchObject({ medianResolutionSeconds: null, p90ResolutionSeconds: null, incidents: [] });
    expect(
      trends.backlog.map((b) => [b.priority, b.targetDays, b.withinTarget + b.overTarget + b.overTwiceTarget]),
    ).toEqual([
      ["urgent", 1, 0],
      ["high", 3, 0],
      ["medium", 7, 0],
      ["low", 14, 0],
    ]);
    expect(trends.fixedAnswers).toEqual({ yes: 0, no: 0 });
  });

  it("counts each week's reports, resolutions and reopenings, with its times to resolution", async () => {
    await seed();
    const { trends } = await stats();
    const week = (start: string) => trends.weeks.find((w) => w.start === start);
    expect(trends.weeks.map((w) => w.received)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 2]);
    // B's resolution does not count: it was reopened and is not resolved now.
    expect(trends.weeks.map((w) => w.resolved)).toEqual([0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0]);
    expect(trends.weeks.map((w) => w.reopened)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0]);
    expect(week("2026-01-05")).toMatchObject({ medianResolutionSeconds: 35 * DAY, p90ResolutionSeconds: 35 * DAY });
    expect(week("2026-03-02")).toMatchObject({ medianResolutionSeconds: 2 * DAY, p90ResolutionSeconds: 2 * DAY });
    expect(week("2026-03-09")).toMatchObject({ medianResolutionSeconds: DAY, p90ResolutionSeconds: DAY });
    expect(week("2026-03-16")).toMatchObject({ medianResolutionSeconds: null, p90ResolutionSeconds: null });
    // Over 1, 2 and 35 days: the median 2, the 90th percentile 0.8 of the way from 2 to 35.
    expect(trends.medianResolutionSeconds).toBe(2 * DAY);
    expect(trends.p90ResolutionSeconds).toBe(Math.round(28.4 * DAY));
  });

  it("puts the open reports by age against their priority's target, and the overdue figures agree", async () => {
    await seed();
    const s = await stats();
    expect(s.trends.backlog).toEqual([
      { priority: "urgent", targetDays: 1, withinTarget: 0, overTarget: 2, overTwiceTarget: 0 },
      { priority: "high", targetDays: 3, withinTarget: 0, overTarget: 0, overTwiceTarget: 1 },
      { priority: "medium", targetDays: 7, withinTarget: 0, overTarget: 0, overTwiceTarget: 0 },
      { priority: "low", targetDays: 14, withinTarget: 0, overTarget: 0, overTwiceTarget: 0 },
    ]);
    expect(s).toMatchObject({ open: 3, overdueOpen: 3 });
  });

  it("says which resolutions came within target, by priority and by category", async () => {
    await seed();
    const { trends } = await stats();
    expect(trends.withinTargetByPriority).toEqual([
      { priority: "urgent", resolved: 0, withinTarget: 0 },
      { priority: "high", resolved: 0, withinTarget: 0 },
      { priority: "medium", resolved: 2, withinTarget: 1 },
      { priority: "low", resolved: 1, withinTarget: 1 },
    ]);
    const byCategory = Object.fromEntries(trends.withinTargetByCategory.map((c) => [c.category, c]));
    expect(byCategory["Water Quality Issues"]).toMatchObject({ resolved: 2, withinTarget: 1 });
    expect(byCategory["Leakage Issues"]).toMatchObject({ resolved: 1, withinTarget: 1 });
    expect(byCategory["Other"]).toMatchObject({ resolved: 0, withinTarget: 0 });
  });

  it('counts the reporters\' answers to "Is it fixed?" and lists the incidents with their durations', async () => {
    await seed();
    const { trends } = await stats();
    expect(trends.fixedAnswers).toEqual({ yes: 1, no: 1 });
    expect(trends.incidents).toEqual([
      expect.objectContaining({
        title: "Low pressure in Ward 4",
        active: true,
        durationHours: 24,
        minutesFromFirstReport: null,
      }),
      expect.objectContaining({
        title: "Main burst on Moi Avenue",
        declaredAt: "2026-03-10T12:00:00.000Z",
        active: false,
        durationHours: 24,
        minutesFromFirstReport: 30 * 60,
      }),
    ]);
  });

  it("moves with the clock: a week later the oldest week leaves and a new one comes", async () => {
    await seed();
    const later = await createTestApp({ now: () => new Date(CLOCK.getTime() + 7 * DAY * 1000) });
    try {
      // The later app has a database of its own: the same rows in it.
      const previous = t;
      t = later;
      staffId = (await addStaff(t.db)).id;
      await seed();
      const response = await t.app.inject({ method: "GET", url: "/api/stats" });
      const { trends } = response.json<PublicStats>();
      t = previous;
      expect(trends.weeks[0]!.start).toBe("2026-01-05");
      expect(trends.weeks.at(-1)!.start).toBe("2026-03-23");
      expect(trends.weeks.map((w) => w.received)).toEqual([0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 2, 0]);
      // D is now 7.5 days old: twice its target and more.
      expect(trends.backlog[0]).toMatchObject({ withinTarget: 0, overTarget: 0, overTwiceTarget: 2 });
    } finally {
      await later.close();
    }
  });
});

describe("each report's first answer and latest resolution, kept by the trigger (migration 025)", () => {
  it("takes one statement inserting several reports' events, a report's latest event deciding", async () => {
    const a = await report({ created: "2026-03-09T00:00Z" });
    const b = await report({ created: "2026-03-09T00:00Z" });
    // One statement, as closing an incident resolves its linked reports: a resolved; b resolved, then reopened.
    await t.db.query(
      `INSERT INTO grievance_events (grievance_id, kind, from_status, to_status, at, staff_id) VALUES
         ($1, 'status', 'pending', 'resolved', '2026-03-10T00:00Z', $3),
         ($2, 'status', 'pending', 'resolved', '2026-03-10T00:00Z', $3),
         ($2, 'status', 'resolved', 'in-progress', '2026-03-11T00:00Z', $3)`,
      [a, b, staffId],
    );
    const { rows } = await t.db.query<{ id: string; first: Date | null; resolved: Date | null }>(
      "SELECT id, first_response_at AS first, resolved_at AS resolved FROM grievances ORDER BY id",
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(new Date(byId.get(a)!.resolved!).toISOString()).toBe("2026-03-10T00:00:00.000Z");
    expect(byId.get(b)!.resolved).toBeNull();
    expect(new Date(byId.get(b)!.first!).toISOString()).toBe("2026-03-10T00:00:00.000Z");
    // A later statement resolving b again: resolved from then; its first answer stays.
    await change(b, "in-progress", "resolved", "2026-03-12T00:00Z");
    const again = await t.db.query<{ first: Date; resolved: Date }>(
      "SELECT first_response_at AS first, resolved_at AS resolved FROM grievances WHERE id = $1",
      [b],
    );
    expect(new Date(again.rows[0]!.first).toISOString()).toBe("2026-03-10T00:00:00.000Z");
    expect(new Date(again.rows[0]!.resolved).toISOString()).toBe("2026-03-12T00:00:00.000Z");
  });
});

describe("the hotspot map's cells", () => {
  it("counts the window's pinned public reports per cell, the busiest first", async () => {
    await seed();
    const response = await t.app.inject({ method: "GET", url: "/api/stats/hotspots" });
    expect(response.statusCode).toBe(200);
    // A and C share a cell; E has one of its own; F is older than the window, G hidden.
    expect(response.json()).toEqual({
      cellDegrees: 0.005,
      cells: [
        { latitude: -1.295, longitude: 36.82, count: 2 },
        { latitude: -1.315, longitude: 36.8, count: 1 },
      ],
    });
  });
});
