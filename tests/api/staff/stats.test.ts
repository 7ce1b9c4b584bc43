import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { PublicStats } from "#shared/staff/staff-api.ts";
import { createTestApp, type TestApp } from "../test-app.ts";
import { addStaff, resetData, seedGrievance, seedStatusEvent, staffClient } from "./staff-helpers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetData(t.db));

const DAY = 86_400;
const stats = async () => {
  const response = await t.app.inject({ method: "GET", url: "/api/stats" });
  expect(response.statusCode).toBe(200);
  return response.json<PublicStats>();
};
// Each fixture statement has its own now(), a few milliseconds apart.
const near = (actual: number | null, expected: number) => {
  expect(actual).not.toBeNull();
  expect(Math.abs((actual as number) - expected)).toBeLessThanOrEqual(2);
};

describe("public statistics", () => {
  it("answers zeros and nulls when there is nothing yet", async () => {
    const s = await stats();
    expect(s).toMatchObject({ total: 0, open: 0, overdueOpen: 0, overdueShare: null });
    expect(s.byStatus).toEqual({ pending: 0, "in-progress": 0, resolved: 0 });
    expect(Object.values(s.byCategory).every((n) => n === 0)).toBe(true);
    expect(s.windows).toEqual([
      { days: 30, medianFirstResponseSeconds: null, firstResponses: 0, medianResolutionSeconds: null, resolutions: 0 },
      { days: 90, medianFirstResponseSeconds: null, firstResponses: 0, medianResolutionSeconds: null, resolutions: 0 },
    ]);
    expect(s.overdueTargetDays).toEqual({ urgent: 1, high: 3, medium: 7, low: 14 });
  });

  it("computes counts, medians over 30 and 90 days and the overdue share from the events", async () => {
    const staff = (await addStaff(t.db)).id;
    const event = (id: string, from: string, to: string, ago: string) =>
      seedStatusEvent(t.db, id, from, to, ago, staff);

    // A: answered after 1 day, resolved after 2 days (8 days ago).
    const a = await seedGrievance(t.db, { age: "10 days" });
    await event(a, "pending", "in-progress", "9 days");
    await event(a, "in-progress", "resolved", "8 days");
    // B: answered after 4 days, resolved after 8 days (12 days ago).
    const b = await seedGrievance(t.db, { age: "20 days", priority: "high" });
    await event(b, "pending", "in-progress", "16 days");
    await event(b, "in-progress", "resolved", "12 days");
    // C: answered after 10 days (50 days ago), resolved after 20 days (40 days ago): only in the 90-day window.
    const c = await seedGrievance(t.db, { age: "60 days", priority: "low", category: "Leakage Issues" });
    await event(c, "pending", "in-progress", "50 days");
    await event(c, "in-progress", "resolved", "40 days");
    // D: urgent, untouched for 5 days: open and overdue.
    await seedGrievance(t.db, { age: "5 days", priority: "urgent" });
    // E: answered after 12 hours; open, not overdue.
    const e = await seedGrievance(t.db, { age: "48 hours" });
    await event(e, "pending", "in-progress", "36 hours");
    // F: resolved directly 95 days ago: outside both windows.
    const f = await seedGrievance(t.db, { age: "100 days", category: "Sanitation Issues" });
    await event(f, "pending", "resolved", "95 days");
    // G: answered after 2 days, resolved, then reopened: its resolution does not count; open, not overdue.
    const g = await seedGrievance(t.db, { age: "6 days" });
    await event(g, "pending", "in-progress", "4 days");
    await event(g, "in-progress", "resolved", "84 hours");
    await event(g, "resolved", "in-progress", "3 days");
    // H: hidden; would change every figure if it were counted.
    const h = await seedGrievance(t.db, { age: "80 days", category: "Other" });
    await event(h, "pending", "in-progress", "1 day");
    await t.db.query("UPDATE grievances SET hidden_at = now(), hidden_reason = 'Spam' WHERE id = $1", [h]);

    const s = await stats();
    expect(s.total).toBe(7);
    expect(s.byStatus).toEqual({ pending: 1, "in-progress": 2, resolved: 4 });
    expect(s.byCategory).toMatchObject({
      "Water Quality Issues": 5,
      "Leakage Issues": 1,
      "Sanitation Issues": 1,
      Other: 0,
    });
    const [w30, w90] = s.windows;
    // First responses in 30 days: E 0.5 d, A 1 d, G 2 d, B 4 d -> median (1 + 2) / 2 = 1.5 days.
    expect(w30).toMatchObject({ days: 30, firstResponses: 4, resolutions: 2 });
    near(w30!.medianFirstResponseSeconds, 1.5 * DAY);
    // Resolutions in 30 days: A 2 d, B 8 d -> 5 days.
    near(w30!.medianResolutionSeconds, 5 * DAY);
    // 90 days adds C: first responses 0.5, 1, 2, 4, 10 -> 2 days; resolutions 2, 8, 20 -> 8 days.
    expect(w90).toMatchObject({ days: 90, firstResponses: 5, resolutions: 3 });
    near(w90!.medianFirstResponseSeconds, 2 * DAY);
    near(w90!.medianResolutionSeconds, 8 * DAY);
    // Open: D, E, G; overdue: D.
    expect(s).toMatchObject({ open: 3, overdueOpen: 1 });
    expect(s.overdueShare).toBeCloseTo(1 / 3, 10);
  });

  it("reflects a change made through the console", async () => {
    await addStaff(t.db);
    const id = await seedGrievance(t.db, { age: "3 days" });
    const as = await staffClient(t.app);
    await as({
      method: "POST",
      url: `/api/staff/grievances/${id}/status`,
      payload: { status: "resolved", note: "Fixed." },
    });
    const s = await stats();
    expect(s.byStatus.resolved).toBe(1);
    expect(s.windows[0]!.resolutions).toBe(1);
    near(s.windows[0]!.medianResolutionSeconds, 3 * DAY);
  });
});
