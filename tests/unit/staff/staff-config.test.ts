import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "#server/config.ts";
import { DEFAULT_OVERDUE_TARGETS, parseOverdueTargets } from "#server/targets/overdue-targets.ts";

describe("overdue targets", () => {
  it("defaults to urgent 1, high 3, medium 7, low 14 days", () => {
    expect(parseOverdueTargets(undefined)).toEqual({ urgent: 1, high: 3, medium: 7, low: 14 });
    expect(parseOverdueTargets(" ")).toEqual(DEFAULT_OVERDUE_TARGETS);
  });

  it("reads any subset, with spaces and fractional days", () => {
    expect(parseOverdueTargets("urgent=0.5, low = 30")).toEqual({ urgent: 0.5, high: 3, medium: 7, low: 30 });
  });

  it.each([
    ["urgent", "not of the form priority=days"],
    ["critical=1", 'unknown priority "critical"'],
    ["high=0", "must be more than 0"],
    ["high=-2", "not of the form"],
    ["low=abc", "not of the form"],
  ])("rejects %s with a clear message", (text, message) => {
    expect(() => parseOverdueTargets(text)).toThrow(message);
  });
});

describe("staff configuration", () => {
  it("has sensible defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      sessionIdleMinutes: 60,
      sessionMaxHours: 12,
      signInMaxFailures: 5,
      signInWindowMinutes: 15,
      overdueTargetDays: DEFAULT_OVERDUE_TARGETS,
    });
  });

  it("reads the environment", () => {
    const config = loadConfig({ SESSION_IDLE_MINUTES: "15", OVERDUE_TARGETS: "medium=5", SIGN_IN_MAX_FAILURES: "3" });
    expect(config).toMatchObject({ sessionIdleMinutes: 15, signInMaxFailures: 3 });
    expect(config.overdueTargetDays.medium).toBe(5);
  });

  it("names the variable and the problem when a value is wrong", () => {
    expect(() => loadConfig({ OVERDUE_TARGETS: "urgent=soon" })).toThrow(ConfigError);
    expect(() => loadConfig({ OVERDUE_TARGETS: "urgent=soon" })).toThrow(
      /OVERDUE_TARGETS: "urgent=soon" is not of the form/,
    );
    expect(() => loadConfig({ SESSION_IDLE_MINUTES: "0" })).toThrow(/SESSION_IDLE_MINUTES/);
  });

  it("reads the service targets' default to acknowledge, in hours, and how often to check them", () => {
    // docs/decisions/030-service-targets-and-escalation.md
    expect(loadConfig({})).toMatchObject({
      acknowledgeTargetHours: { urgent: 1, high: 4, medium: 24, low: 72 },
      slaCheckSeconds: 60,
    });
    const config = loadConfig({ ACKNOWLEDGE_TARGETS: "urgent=0.25", SLA_CHECK_SECONDS: "15" });
    expect(config.acknowledgeTargetHours).toEqual({ urgent: 0.25, high: 4, medium: 24, low: 72 });
    expect(config.slaCheckSeconds).toBe(15);
    expect(() => loadConfig({ ACKNOWLEDGE_TARGETS: "urgent=soon" })).toThrow(
      /ACKNOWLEDGE_TARGETS: "urgent=soon" is not of the form priority=hours/,
    );
    expect(() => loadConfig({ SLA_CHECK_SECONDS: "0" })).toThrow(/SLA_CHECK_SECONDS/);
  });
});
