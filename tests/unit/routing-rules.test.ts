import { describe, expect, it } from "vitest";
import { firstMatchingRule, specificityOf } from "#server/teams/report-routing.ts";
import type { RoutingRuleRow } from "#server/teams/routing-rule-repository.ts";
import { ROUTING_AREA_MAX_POSITIONS, newRoutingRuleSchema, polygonAreaSchema } from "#shared/teams/routing-schemas.ts";

// Routing (docs/decisions/029-teams-routing-and-assignment.md): which rule routes a report, and what an area must be.

const square = (half: number) => ({
  type: "Polygon" as const,
  coordinates: [
    [
      [36.8 - half, -1.3 - half],
      [36.8 + half, -1.3 - half],
      [36.8 + half, -1.3 + half],
      [36.8 - half, -1.3 + half],
      [36.8 - half, -1.3 - half],
    ],
  ],
});
const rule = (id: string, area: RoutingRuleRow["area"], serviceCode: string | null = null): RoutingRuleRow => ({
  id,
  team_id: `team-${id}`,
  team_name: id,
  team_email: `${id}@water.example`,
  team_active: true,
  service_code: serviceCode,
  area,
  created_at: new Date(0),
});

describe("the rule that routes a report", () => {
  const rules = [rule("small", square(0.01), "leakage"), rule("any", null, "leakage"), rule("big", square(0.1))];

  it("is the first, in the order given, whose area holds the pin or that has no area", () => {
    expect(firstMatchingRule(rules, { latitude: -1.3, longitude: 36.8 })?.id).toBe("small");
    expect(firstMatchingRule(rules, { latitude: -1.35, longitude: 36.8 })?.id).toBe("any");
    expect(firstMatchingRule([rules[0]!, rules[2]!], { latitude: -1.35, longitude: 36.8 })?.id).toBe("big");
    expect(firstMatchingRule([rules[0]!, rules[2]!], { latitude: 0.5, longitude: 36.8 })).toBeUndefined();
  });

  it("without a pin, is the first without an area", () => {
    expect(firstMatchingRule(rules, null)?.id).toBe("any");
    expect(firstMatchingRule([rules[0]!, rules[2]!], null)).toBeUndefined();
  });

  it("is named by how specific it is", () => {
    expect(rules.map(specificityOf)).toEqual(["category-and-area", "category", "area"]);
  });
});

describe("a rule's area", () => {
  it("is a closed Polygon of positions in range, not too many, enclosing some ground", () => {
    expect(polygonAreaSchema.safeParse(square(0.01)).success).toBe(true);
    const ring = Array.from({ length: ROUTING_AREA_MAX_POSITIONS - 1 }, (_, i) => [
      36.8 + Math.cos((i / (ROUTING_AREA_MAX_POSITIONS - 1)) * 2 * Math.PI) / 100,
      -1.3 + Math.sin((i / (ROUTING_AREA_MAX_POSITIONS - 1)) * 2 * Math.PI) / 100,
    ]);
    const atLimit = { type: "Polygon", coordinates: [[...ring, ring[0]!]] };
    expect(polygonAreaSchema.safeParse(atLimit).success).toBe(true);
    const overLimit = { type: "Polygon", coordinates: [[...ring, [36.81, -1.29], ring[0]!]] };
    expect(polygonAreaSchema.safeParse(overLimit).error?.issues[0]?.message).toMatch(/at most 1000 positions/);
    const flat = {
      type: "Polygon",
      coordinates: [
        [
          [36.8, -1.3],
          [36.81, -1.3],
          [36.82, -1.3],
          [36.8, -1.3],
        ],
      ],
    };
    expect(polygonAreaSchema.safeParse(flat).error?.issues[0]?.message).toMatch(/encloses no ground/);
  });

  it("or a category must be given", () => {
    const teamId = "5f0c6a8e-9d2b-4c1e-8a3f-2b7d9e6c1a40";
    expect(newRoutingRuleSchema.safeParse({ teamId, serviceCode: "leakage", area: null }).success).toBe(true);
    expect(newRoutingRuleSchema.safeParse({ teamId, serviceCode: null, area: square(0.01) }).success).toBe(true);
    expect(newRoutingRuleSchema.safeParse({ teamId, serviceCode: null, area: null }).success).toBe(false);
  });
});
