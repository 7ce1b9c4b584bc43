import { describe, expect, it } from "vitest";
import { defaultMinutes } from "#server/targets/target-defaults.ts";
import { DEFAULT_ACKNOWLEDGE_TARGETS, DEFAULT_OVERDUE_TARGETS } from "#server/targets/overdue-targets.ts";

// The settings' defaults as the service targets take them (docs/decisions/030-service-targets-and-escalation.md).
describe("default service targets", () => {
  it("are the settings in minutes: days to resolve, hours to acknowledge", () => {
    expect(defaultMinutes(DEFAULT_OVERDUE_TARGETS, DEFAULT_ACKNOWLEDGE_TARGETS)).toEqual({
      urgent: { acknowledge_minutes: 60, resolve_minutes: 1440 },
      high: { acknowledge_minutes: 240, resolve_minutes: 4320 },
      medium: { acknowledge_minutes: 1440, resolve_minutes: 10080 },
      low: { acknowledge_minutes: 4320, resolve_minutes: 20160 },
    });
  });

  it("never give longer to acknowledge than to resolve, and keep fractions of a minute", () => {
    const minutes = defaultMinutes({ ...DEFAULT_OVERDUE_TARGETS, urgent: 0.00002 }, DEFAULT_ACKNOWLEDGE_TARGETS);
    expect(minutes.urgent.resolve_minutes).toBeCloseTo(0.0288, 6);
    expect(minutes.urgent.acknowledge_minutes).toBe(minutes.urgent.resolve_minutes);
  });
});
