import { describe, expect, it } from "vitest";
import {
  mergeIntervals,
  notWorkingIntervals,
  waterPointState,
  type NotWorkingReport,
} from "#server/water-points/water-point-status.ts";

// A point's status and downtime at a clock the test sets (docs/decisions/039-water-point-status.md).
const T0 = Date.parse("2026-03-01T00:00:00Z");
const at = (hours: number) => new Date(T0 + hours * 3_600_000);
const HOUR = 3_600;

function report(createdHour: number, changes: [number, "pending" | "in-progress" | "resolved"][]): NotWorkingReport {
  let from = "pending" as NotWorkingReport["status"];
  const steps = changes.map(([hour, to]) => {
    const step = { at: at(hour), from, to };
    from = to;
    return step;
  });
  const last = steps.at(-1);
  return {
    createdAt: at(createdHour),
    status: from,
    resolvedAt: from === "resolved" && last ? last.at : null,
    changes: steps,
  };
}

describe("waterPointState", () => {
  it("without reports, says what the registry says", () => {
    expect(waterPointState("yes", [], at(0)).status).toBe("functional");
    expect(waterPointState("no", [], at(0))).toEqual({
      status: "not-functional",
      notFunctionalSince: null,
      downtimeSeconds: 0,
    });
    expect(waterPointState("unknown", [], at(0)).status).toBe("unknown");
  });

  it("is not functional while a report is open, since it was made, and its downtime runs with the clock", () => {
    const open = [report(0, [[1, "in-progress"]])];
    expect(waterPointState("yes", open, at(5))).toEqual({
      status: "not-functional",
      notFunctionalSince: at(0),
      downtimeSeconds: 5 * HOUR,
    });
    expect(waterPointState("yes", open, at(29)).downtimeSeconds).toBe(29 * HOUR);
  });

  it("is functional again once resolved, whatever the registry says, and its downtime stops", () => {
    const resolved = [report(0, [[10, "resolved"]])];
    expect(waterPointState("no", resolved, at(50))).toEqual({
      status: "functional",
      notFunctionalSince: null,
      downtimeSeconds: 10 * HOUR,
    });
  });

  it("counts overlapping reports' time once, and dates the current outage from the earliest report covering now", () => {
    const reports = [report(0, [[10, "resolved"]]), report(5, []), report(8, [[12, "resolved"]]), report(20, [])];
    // 0–12 (three reports overlapping) then 5 is still open: one stretch from 0 to now.
    expect(waterPointState("yes", reports, at(30))).toEqual({
      status: "not-functional",
      notFunctionalSince: at(0),
      downtimeSeconds: 30 * HOUR,
    });
  });

  it("after a gap, dates the outage from its own start and adds both stretches", () => {
    const reports = [report(0, [[4, "resolved"]]), report(10, [])];
    expect(waterPointState("yes", reports, at(16))).toEqual({
      status: "not-functional",
      notFunctionalSince: at(10),
      downtimeSeconds: (4 + 6) * HOUR,
    });
  });

  it("does not count the time a reopened report stood resolved", () => {
    const reopened = [
      report(0, [
        [3, "resolved"],
        [7, "in-progress"],
      ]),
    ];
    expect(waterPointState("yes", reopened, at(10))).toEqual({
      status: "not-functional",
      notFunctionalSince: at(7),
      downtimeSeconds: (3 + 3) * HOUR,
    });
  });

  it("has some downtime the moment a report is made, never none while it is open", () => {
    const justNow = new Date(T0 + 300);
    expect(waterPointState("yes", [report(0, [])], justNow)).toMatchObject({
      status: "not-functional",
      downtimeSeconds: 1,
    });
  });

  it("counts nothing after the clock", () => {
    expect(notWorkingIntervals(report(0, [[10, "resolved"]]), at(4))).toEqual([[T0, at(4).getTime()]]);
    expect(notWorkingIntervals(report(6, []), at(4))).toEqual([]);
  });

  it("closes a resolved report without status events at its resolved_at", () => {
    const restored: NotWorkingReport = { createdAt: at(0), status: "resolved", resolvedAt: at(2), changes: [] };
    expect(waterPointState("no", [restored], at(9))).toMatchObject({ status: "functional", downtimeSeconds: 2 * HOUR });
  });
});

describe("mergeIntervals", () => {
  it("joins overlapping and touching intervals, in order", () => {
    expect(
      mergeIntervals([
        [5, 7],
        [0, 2],
        [2, 3],
        [6, 9],
      ]),
    ).toEqual([
      [0, 3],
      [5, 9],
    ]);
  });
});
