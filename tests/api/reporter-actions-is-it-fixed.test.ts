import { describe, expect, it } from "vitest";
import { REPORTER_MESSAGES } from "#shared/tracking/reporter-actions.ts";
import type { StaffQueueResponse } from "#shared/staff/staff-api.ts";
import type { TrackedGrievance } from "#shared/tracking/tracking.ts";
import { expectHumanError } from "./test-app.ts";
import { t, submit, answer, track, progressOf, staff, useReporterPortal } from "./reporter-actions-support.ts";

// "Is it fixed?", answered by the reporter (reporter-actions-support.ts).

useReporterPortal();

describe('"Is it fixed?"', () => {
  it("may only be answered while the report is resolved", async () => {
    const report = await submit();
    const { setStatus } = await staff();
    for (const status of ["pending", "in-progress"]) {
      if (status === "in-progress") await setStatus(report.id, "in-progress");
      for (const payload of [{ fixed: true }, { fixed: false, note: "Still broken" }]) {
        const res = await answer(report.token, payload);
        expect(res.statusCode).toBe(409);
        expectHumanError(res.body, REPORTER_MESSAGES.notResolved);
      }
      expect((await track(report.token)).json<TrackedGrievance>().fixedQuestion).toEqual({
        open: false,
        confirmedAt: null,
      });
    }
  });

  it("refuses answers that are neither yes nor no with a note", async () => {
    const report = await submit();
    const { setStatus } = await staff();
    await setStatus(report.id, "resolved");
    const cases: [unknown, string][] = [
      [{}, REPORTER_MESSAGES.answerInvalid],
      [{ fixed: "yes" }, REPORTER_MESSAGES.answerInvalid],
      [{ fixed: false }, REPORTER_MESSAGES.noteRequired],
      [{ fixed: false, note: "   " }, REPORTER_MESSAGES.noteRequired],
      [{ fixed: false, note: "n".repeat(1001) }, REPORTER_MESSAGES.noteTooLong],
    ];
    for (const [payload, message] of cases) {
      const res = await answer(report.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expectHumanError(res.body, message);
    }
    expect((await progressOf(report.id)).status).toBe("resolved");
  });

  it('"Yes" is recorded once per resolution, as an event of the reporter, and shown publicly', async () => {
    const report = await submit();
    const { setStatus, detail } = await staff();
    await setStatus(report.id, "resolved");
    expect((await track(report.token)).json<TrackedGrievance>().fixedQuestion).toEqual({
      open: true,
      confirmedAt: null,
    });

    const yes = await answer(report.token, { fixed: true });
    expect(yes.statusCode, yes.body).toBe(200);
    const tracked = yes.json<TrackedGrievance>();
    expect(tracked.grievance.status).toBe("resolved");
    expect(tracked.fixedQuestion.open).toBe(false);
    expect(tracked.fixedQuestion.confirmedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(tracked.timeline.map((entry) => entry.type)).toEqual(["reported", "status", "reporter-confirmed-fixed"]);
    expect((await progressOf(report.id)).timeline).toEqual(tracked.timeline);

    const again = await answer(report.token, { fixed: true });
    expect(again.statusCode).toBe(409);
    expectHumanError(again.body, REPORTER_MESSAGES.alreadyConfirmed);
    const { rows } = await t.db.query<{ kind: string; actor: string; staff_id: string | null }>(
      "SELECT kind, actor, staff_id FROM grievance_events WHERE kind = 'confirmed-fixed'",
    );
    expect(rows).toEqual([{ kind: "confirmed-fixed", actor: "reporter", staff_id: null }]);
    const staffTimeline = (await detail(report.id)).timeline;
    expect(staffTimeline.at(-1)).toMatchObject({ kind: "confirmed-fixed", actor: "reporter", staff_email: null });

    // Reopened and resolved again by staff: the question is open again.
    await setStatus(report.id, "in-progress", "Leak came back at the joint.");
    await setStatus(report.id, "resolved", "Joint replaced.");
    expect((await track(report.token)).json<TrackedGrievance>().fixedQuestion).toEqual({
      open: true,
      confirmedAt: null,
    });
    expect((await answer(report.token, { fixed: true })).statusCode).toBe(200);
  });

  it('"No, it is still a problem" reopens it with the note: one transaction, one event, flagged for staff', async () => {
    const report = await submit();
    const other = await submit();
    const { as, setStatus, detail } = await staff();
    await setStatus(report.id, "resolved", "Valve replaced.");
    await setStatus(other.id, "resolved", "Cleaned.");
    const eventsBefore = (await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM grievance_events")).rows[0]!
      .n;

    const no = await answer(report.token, { fixed: false, note: "  Water still comes out of the ground.  " });
    expect(no.statusCode, no.body).toBe(200);
    const tracked = no.json<TrackedGrievance>();
    expect(tracked.grievance.status).toBe("in-progress");
    expect(tracked.fixedQuestion).toEqual({ open: false, confirmedAt: null });

    const { rows: events } = await t.db.query<{
      kind: string;
      from_status: string;
      to_status: string;
      note: string;
      actor: string;
      staff_id: string | null;
    }>("SELECT kind, from_status, to_status, note, actor, staff_id FROM grievance_events ORDER BY id");
    expect(events).toHaveLength(eventsBefore + 1);
    expect(events.at(-1)).toEqual({
      kind: "status",
      from_status: "resolved",
      to_status: "in-progress",
      note: "Water still comes out of the ground.",
      actor: "reporter",
      staff_id: null,
    });

    // Publicly: a reopen entry with the reporter's note, marked as theirs, without anyone's identity.
    const progress = await progressOf(report.id);
    expect(progress.status).toBe("in-progress");
    expect(progress.timeline.at(-1)).toEqual({
      type: "status",
      at: expect.any(String),
      from: "resolved",
      to: "in-progress",
      note: "Water still comes out of the ground.",
      byReporter: true,
    });
    expect(tracked.timeline).toEqual(progress.timeline);

    // The staff queue flags it, and filters by the flag.
    const queue = (await as({ url: "/api/staff/grievances" })).json<StaffQueueResponse>();
    const flagged = queue.items.find((item) => item.id === report.id)!;
    expect(flagged.reopened_by_reporter_at).toMatch(/^\d{4}-/);
    expect(queue.items.find((item) => item.id === other.id)!.reopened_by_reporter_at).toBeNull();
    const onlyReopened = (await as({ url: "/api/staff/grievances?reopened=true" })).json<StaffQueueResponse>();
    expect(onlyReopened.items.map((item) => item.id)).toEqual([report.id]);
    expect(onlyReopened.matching).toBe(1);
    const view = await detail(report.id);
    expect(view.reopened_by_reporter_at).toBe(flagged.reopened_by_reporter_at);
    expect(view.timeline.at(-1)).toMatchObject({
      kind: "status",
      actor: "reporter",
      staff_email: null,
      from: "resolved",
      to: "in-progress",
    });

    // No longer resolved: nothing more to answer.
    const twice = await answer(report.token, { fixed: false, note: "Again" });
    expect(twice.statusCode).toBe(409);
    expectHumanError(twice.body, REPORTER_MESSAGES.notResolved);

    // The next staff status change answers the reporter: the flag goes.
    const resolved = await setStatus(report.id, "resolved", "Main pipe replaced.");
    expect(resolved.reopened_by_reporter_at).toBeNull();
    expect((await as({ url: "/api/staff/grievances?reopened=true" })).json<StaffQueueResponse>().items).toEqual([]);
  });

  it('"No" is still possible after "Yes", when the problem comes back', async () => {
    const report = await submit();
    const { setStatus } = await staff();
    await setStatus(report.id, "resolved");
    expect((await answer(report.token, { fixed: true })).statusCode).toBe(200);
    const no = await answer(report.token, { fixed: false, note: "It is leaking again." });
    expect(no.statusCode).toBe(200);
    expect(no.json<TrackedGrievance>().grievance.status).toBe("in-progress");
  });

  it("two answers at once: one reopens, the other finds it no longer resolved", async () => {
    const report = await submit();
    const { setStatus } = await staff();
    await setStatus(report.id, "resolved");
    const answers = await Promise.all([
      answer(report.token, { fixed: false, note: "First" }),
      answer(report.token, { fixed: false, note: "Second" }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const { rows } = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM grievance_events WHERE actor = 'reporter'",
    );
    expect(rows[0]!.n).toBe(1);
  });
});
