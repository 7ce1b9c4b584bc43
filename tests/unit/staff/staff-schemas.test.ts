import { describe, expect, it } from "vitest";
import { STATUSES } from "#shared/domain.ts";
import {
  canTransition,
  hideSchema,
  staffQueueQuerySchema,
  statusChangeSchema,
  transitionProblem,
} from "#shared/staff/staff-schemas.ts";
import { failureDelayMs } from "#server/auth/sign-in-throttle-repository.ts";

describe("status transitions", () => {
  it("allows exactly pending -> in-progress / resolved, in-progress -> resolved and reopening", () => {
    const allowed = STATUSES.flatMap((from) =>
      STATUSES.filter((to) => canTransition(from, to)).map((to) => `${from}>${to}`),
    );
    expect(allowed.sort()).toEqual([
      "in-progress>resolved",
      "pending>in-progress",
      "pending>resolved",
      "resolved>in-progress",
    ]);
  });

  it("explains a refused move in words", () => {
    expect(transitionProblem("resolved", "pending")).toBe("A report cannot be moved from Resolved to Pending.");
    expect(transitionProblem("pending", "pending")).toBe("This report is already Pending.");
    expect(transitionProblem("pending", "in-progress")).toBeNull();
  });
});

describe("staff request schemas", () => {
  it("requires a note only when resolving, and trims it", () => {
    expect(statusChangeSchema.parse({ status: "in-progress" })).toEqual({ status: "in-progress" });
    expect(statusChangeSchema.parse({ status: "resolved", note: "  Fixed.  " })).toEqual({
      status: "resolved",
      note: "Fixed.",
    });
    expect(statusChangeSchema.safeParse({ status: "resolved", note: "  " }).error?.issues[0]?.message).toBe(
      "Please add a public note explaining how the report was resolved.",
    );
  });

  it("requires a hide reason", () => {
    expect(hideSchema.safeParse({}).error?.issues[0]?.message).toBe("Please give a reason for hiding this report.");
    expect(hideSchema.parse({ reason: " Spam " })).toEqual({ reason: "Spam" });
  });

  it("extends the public list query with overdue and hidden", () => {
    expect(staffQueueQuerySchema.parse({ overdue: "true", status: "pending" })).toMatchObject({
      overdue: true,
      status: "pending",
      hidden: "include",
      page: 1,
    });
    expect(staffQueueQuerySchema.parse({ overdue: "", hidden: "only" })).toMatchObject({
      overdue: undefined,
      hidden: "only",
    });
    expect(staffQueueQuerySchema.safeParse({ overdue: "yes" }).success).toBe(false);
  });
});

describe("sign-in slow-down", () => {
  it("adds nothing for the first two failures, then grows to at most two seconds", () => {
    expect([1, 2, 3, 4, 5, 100].map(failureDelayMs)).toEqual([0, 0, 250, 500, 750, 2000]);
  });
});
