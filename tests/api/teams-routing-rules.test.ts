import { describe, expect, it } from "vitest";
import type { RoutingRuleList } from "#shared/teams/routing-schemas.ts";
import { SAME_ORIGIN } from "./staff/staff-helpers.ts";
import { admin, ADMIN, makeRule, makeTeam, square, staff, t, useTeamsPortal } from "./teams-support.ts";

// Administrators make and delete routing rules (docs/decisions/029-teams-routing-and-assignment.md): a team and a
// category, an area (a GeoJSON Polygon, checked), or both; each change in the audit log; nobody else may.

useTeamsPortal();

const create = (payload: object, as = admin) => as({ method: "POST", url: "/api/staff/routing-rules", payload });
const ring = square(36.8, -1.3).coordinates[0]!;

describe("routing rules", () => {
  it("refuses a broken area with a message saying what is wrong, and stores nothing", async () => {
    const crew = await makeTeam("Crew");
    const tooMany = Array.from({ length: 1001 }, (_, i) => [
      36.8 + Math.cos(i / 160) / 100,
      -1.3 + Math.sin(i / 160) / 100,
    ]);
    const cases: [unknown, RegExp][] = [
      [{ type: "Point", coordinates: [36.8, -1.3] }, /must be a GeoJSON Polygon/],
      [{ type: "Polygon", coordinates: [] }, /must be a GeoJSON Polygon/],
      [{ type: "Polygon", coordinates: "here" }, /must be a GeoJSON Polygon/],
      [{ type: "Polygon", coordinates: [ring.slice(0, 3)] }, /at least 4 positions/],
      [{ type: "Polygon", coordinates: [ring.slice(0, 4).concat([[36.9, -1.3]])] }, /must be closed/],
      [{ type: "Polygon", coordinates: [ring.map(([x, y]) => [y, x! + 200])] }, /longitude from -180 to 180/],
      [{ type: "Polygon", coordinates: [ring.map(([x, y]) => [x, y, 3])] }, /\[longitude, latitude\]/],
      [{ type: "Polygon", coordinates: [[...tooMany, tooMany[0]!]] }, /at most 1000 positions/],
      [
        {
          type: "Polygon",
          coordinates: [
            [
              [36.8, -1.3],
              [36.81, -1.3],
              [36.82, -1.3],
              [36.8, -1.3],
            ],
          ],
        },
        /encloses no ground/,
      ],
    ];
    for (const [area, message] of cases) {
      const response = await create({ teamId: crew.id, serviceCode: null, area });
      expect(response.statusCode, JSON.stringify(area).slice(0, 80)).toBe(400);
      expect(response.json().message, JSON.stringify(area).slice(0, 80)).toMatch(message);
    }
    expect((await t.db.query("SELECT 1 FROM routing_rules")).rows).toEqual([]);
  });

  it("needs a category or an area, a known category, and an active team", async () => {
    const crew = await makeTeam("Crew");
    const neither = await create({ teamId: crew.id, serviceCode: null, area: null });
    expect([neither.statusCode, neither.json().message]).toEqual([
      400,
      "Please choose a category, draw an area, or both: a rule with neither would take every report.",
    ]);
    const unknown = await create({ teamId: crew.id, serviceCode: "lava", area: null });
    expect([unknown.statusCode, unknown.json().message]).toEqual([400, "There is no category with this service code."]);
    const noTeam = await create({ teamId: crypto.randomUUID(), serviceCode: "leakage", area: null });
    expect([noTeam.statusCode, noTeam.json().message]).toEqual([400, "Please choose a team."]);
    await admin({ method: "PATCH", url: `/api/staff/teams/${crew.id}`, payload: { active: false } });
    const retired = await create({ teamId: crew.id, serviceCode: "leakage", area: null });
    expect([retired.statusCode, retired.json().message]).toEqual([
      400,
      "This team is retired: please choose an active team.",
    ]);
  });

  it("are for administrators only: staff get 403 and nothing changes", async () => {
    const crew = await makeTeam("Crew");
    const rule = await makeRule(crew.id, "leakage", null);
    const attempts = [
      { method: "GET" as const, url: "/api/staff/routing-rules" },
      {
        method: "POST" as const,
        url: "/api/staff/routing-rules",
        payload: { teamId: crew.id, serviceCode: "other", area: null },
      },
      { method: "DELETE" as const, url: `/api/staff/routing-rules/${rule.id}` },
    ];
    for (const attempt of attempts) expect((await staff(attempt)).statusCode, attempt.method).toBe(403);
    for (const attempt of attempts)
      expect((await t.app.inject({ ...attempt, headers: SAME_ORIGIN })).statusCode, attempt.method).toBe(401);
    expect(
      ((await admin({ method: "GET", url: "/api/staff/routing-rules" })).json() as RoutingRuleList).rules,
    ).toHaveLength(1);
  });

  it("making and deleting a rule are in the audit log; a deleted rule routes nothing more", async () => {
    const crew = await makeTeam("Crew");
    const rule = await makeRule(crew.id, "leakage", square(36.8, -1.3));
    const deleted = await admin({ method: "DELETE", url: `/api/staff/routing-rules/${rule.id}` });
    expect(deleted.statusCode).toBe(200);
    expect((await admin({ method: "DELETE", url: `/api/staff/routing-rules/${rule.id}` })).statusCode).toBe(404);
    const { rows } = await t.db.query<{ actor: string; action: string; target: string; details: unknown }>(
      "SELECT actor, action, target, details FROM audit_log WHERE action LIKE 'routing_rule.%' ORDER BY id",
    );
    const details = { id: rule.id, serviceCode: "leakage", areaPositions: 5, specificity: "category-and-area" };
    expect(rows).toEqual([
      { actor: ADMIN, action: "routing_rule.create", target: "Crew", details },
      { actor: ADMIN, action: "routing_rule.delete", target: "Crew", details },
    ]);
    expect((await t.db.query("SELECT 1 FROM routing_rules")).rows).toEqual([]);
  });
});
