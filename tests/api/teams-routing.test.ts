import { describe, expect, it } from "vitest";
import type { StaffGrievanceDetail } from "#shared/staff/staff-api.ts";
import type { RoutingRuleList } from "#shared/teams/routing-schemas.ts";
import {
  admin,
  makeRule,
  makeTeam,
  square,
  staff,
  submitForm,
  submitOpen311,
  t,
  teamOf,
  useTeamsPortal,
} from "./teams-support.ts";

// Routing at creation (docs/decisions/029-teams-routing-and-assignment.md): the most specific rule a new report
// matches gives it its team (category and area, then category, then area; among equals the oldest), with an
// 'assigned' event by the portal and the team's inbox told, in the transaction that stores the report.

useTeamsPortal();

const CENTRE: [number, number] = [36.8, -1.3];
const AREA = square(...CENTRE);
const OUTSIDE: [number, number] = [36.9, -1.3];

describe("routing a new report", () => {
  it("takes category and area over category alone over area alone, whatever the order the rules were made in", async () => {
    const byArea = await makeTeam("Area crew");
    const byCategory = await makeTeam("Supply crew");
    const byBoth = await makeTeam("Supply crew of the centre");
    await makeRule(byArea.id, null, AREA);
    await makeRule(byCategory.id, "water-supply", null);
    await makeRule(byBoth.id, "water-supply", AREA);

    expect(await teamOf(await submitForm("Water Supply Problems", CENTRE))).toBe("Supply crew of the centre");
    expect(await teamOf(await submitForm("Water Supply Problems", OUTSIDE))).toBe("Supply crew");
    expect(await teamOf(await submitForm("Water Supply Problems"))).toBe("Supply crew");
    expect(await teamOf(await submitForm("Leakage Issues", CENTRE))).toBe("Area crew");
    // The list shows them in the order they apply.
    const list = (await admin({ method: "GET", url: "/api/staff/routing-rules" })).json() as RoutingRuleList;
    expect(list.rules.map((rule) => [rule.team.name, rule.specificity])).toEqual([
      ["Supply crew of the centre", "category-and-area"],
      ["Supply crew", "category"],
      ["Area crew", "area"],
    ]);
  });

  it("among equals, the oldest rule wins; a retired team's rules are passed over", async () => {
    const first = await makeTeam("First");
    const second = await makeTeam("Second");
    await makeRule(first.id, "leakage", null);
    await makeRule(second.id, "leakage", null);
    expect(await teamOf(await submitForm("Leakage Issues"))).toBe("First");
    await admin({ method: "PATCH", url: `/api/staff/teams/${first.id}`, payload: { active: false } });
    expect(await teamOf(await submitForm("Leakage Issues"))).toBe("Second");
  });

  it("a report matching no rule keeps no team, no event and no message; one without a pin matches no area", async () => {
    const crew = await makeTeam("Area crew");
    await makeRule(crew.id, null, AREA);
    const cases = [await submitForm("Leakage Issues", OUTSIDE), await submitForm("Leakage Issues")];
    for (const id of cases) expect(await teamOf(id)).toBeNull();
    const events = await t.db.query("SELECT 1 FROM grievance_events WHERE kind = 'assigned'");
    const messages = await t.db.query("SELECT 1 FROM outbox WHERE kind = 'team-new-report'");
    expect([events.rows.length, messages.rows.length]).toEqual([0, 0]);
  });

  it("records an 'assigned' event by the portal, with the team and the rule, on the staff view", async () => {
    const crew = await makeTeam("Supply crew");
    const rule = await makeRule(crew.id, "water-supply", AREA);
    const id = await submitForm("Water Supply Problems", CENTRE);
    const view = (await staff({ method: "GET", url: `/api/staff/grievances/${id}` })).json() as StaffGrievanceDetail;
    expect(view.team).toEqual({ id: crew.id, name: "Supply crew" });
    const assigned = view.timeline.filter((event) => event.kind === "assigned");
    expect(assigned).toEqual([
      expect.objectContaining({
        actor: "system",
        staff_email: null,
        details: {
          team: { id: crew.id, name: "Supply crew" },
          assignee: null,
          rule: { id: rule.id, serviceCode: "water-supply", area: true, specificity: "category-and-area" },
        },
      }),
    ]);
  });

  it("routes Open311's posts like the form's: by category and pin", async () => {
    const centre = await makeTeam("Centre crew");
    const supply = await makeTeam("Supply crew");
    await makeRule(centre.id, null, AREA);
    await makeRule(supply.id, "water-supply", null);
    expect(await teamOf(await submitOpen311("water-supply", CENTRE))).toBe("Supply crew");
    expect(await teamOf(await submitOpen311("leakage", CENTRE))).toBe("Centre crew");
    expect(await teamOf(await submitOpen311("leakage", OUTSIDE))).toBeNull();
    const channels = await t.db.query<{ channel: string }>("SELECT DISTINCT channel FROM grievances");
    expect(channels.rows).toEqual([{ channel: "open311" }]);
  });

  it("a hole in the area is outside it", async () => {
    const crew = await makeTeam("Ring crew");
    const outer = square(...CENTRE, 0.02).coordinates[0]!;
    const hole = square(...CENTRE, 0.005).coordinates[0]!.toReversed();
    await makeRule(crew.id, null, { type: "Polygon", coordinates: [outer, hole] });
    expect(await teamOf(await submitForm("Other", CENTRE))).toBeNull();
    expect(await teamOf(await submitForm("Other", [CENTRE[0] + 0.01, CENTRE[1]]))).toBe("Ring crew");
  });
});
