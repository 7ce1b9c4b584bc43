import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { TeamWork } from "#shared/api-schemas/team-work.ts";
import { createTestApp, type TestApp } from "../test-app.ts";
import { addStaff, resetData, seedGrievance, SAME_ORIGIN, staffClient } from "./staff-helpers.ts";
import { seedTeam } from "./work-support.ts";

// The managers' per-team view (docs/decisions/031-technician-links.md): open, overdue and within-target work per
// team, counted at the portal's clock, which the test sets.
const NOW = new Date("2026-06-15T12:00:00Z");
let t: TestApp;
let as: Awaited<ReturnType<typeof staffClient>>;

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetData(t.db);
  await t.db.query("TRUNCATE teams CASCADE");
  await addStaff(t.db);
  as = await staffClient(t.app);
});

/** A report of `teamId` with its due times and, when resolved, when; times as hours from NOW. */
async function seedWork(teamId: string | null, w: { resolvedAt?: number; dueResolve?: number; dueAck?: number }) {
  const id = await seedGrievance(t.db, { status: w.resolvedAt === undefined ? "pending" : "resolved" });
  const at = (hours: number | undefined) => (hours === undefined ? null : new Date(NOW.getTime() + hours * 3_600_000));
  await t.db.query(
    `UPDATE grievances SET team_id = $2, resolved_at = $3, due_resolve_at = $4, due_acknowledge_at = $5 WHERE id = $1`,
    [id, teamId, at(w.resolvedAt), at(w.dueResolve), at(w.dueAck)],
  );
}

const teamWork = async (query = "") => {
  const res = await as({ url: `/api/staff/team-work${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TeamWork>();
};

describe("GET /api/staff/team-work", () => {
  it("counts each team's open, overdue and within-target work, then the reports without a team", async () => {
    const north = await seedTeam(t.db, "North crew");
    const south = await seedTeam(t.db, "South contractor");
    await seedTeam(t.db, "Old crew", [], { active: false });
    await seedWork(north, { dueResolve: 5 }); // open, in time
    await seedWork(north, { dueResolve: -1 }); // open, overdue to resolve
    await seedWork(north, { dueResolve: 40, dueAck: -2 }); // open, not answered in time
    await seedWork(north, { resolvedAt: -24, dueResolve: -48 }); // resolved a day late
    await seedWork(north, { resolvedAt: -30, dueResolve: -10 }); // resolved in time
    await seedWork(north, { resolvedAt: -40 * 24, dueResolve: -39 * 24 }); // resolved in time, before the window
    await seedWork(south, { resolvedAt: -3 }); // resolved, no target
    await seedWork(null, {});

    const work = await teamWork();
    expect(work.days).toBe(30);
    expect(work.at).toBe(NOW.toISOString());
    expect(work.teams.map((row) => row.team?.name ?? null)).toEqual(["North crew", "South contractor", null]);
    expect(work.teams[0]).toMatchObject({
      open: 3,
      overdue: 2,
      resolved: 2,
      resolvedWithTarget: 2,
      withinTarget: 1,
      withinTargetShare: 0.5,
    });
    expect(work.teams[1]).toMatchObject({ open: 0, resolved: 1, resolvedWithTarget: 0, withinTargetShare: null });
    expect(work.teams[2]).toMatchObject({ team: null, open: 1, overdue: 0 });

    // A longer window takes in the older resolution.
    expect((await teamWork("?days=90")).teams[0]).toMatchObject({ resolved: 3, withinTarget: 2 });
  });

  it("is for signed-in staff only, and takes only its windows", async () => {
    expect((await t.app.inject({ url: "/api/staff/team-work", headers: SAME_ORIGIN })).statusCode).toBe(401);
    expect((await as({ url: "/api/staff/team-work?days=365" })).statusCode).toBe(400);
  });
});
