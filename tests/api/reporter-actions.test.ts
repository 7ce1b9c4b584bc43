import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "#shared/messages.ts";
import {
  REPORTER_MESSAGES,
  REPORTER_UPDATE_MAX_LENGTH,
  REPORTER_UPDATES_PER_REPORT_PER_DAY,
  type ReporterUpdateView,
} from "#shared/tracking/reporter-actions.ts";
import type { GrievanceProgress, StaffGrievanceDetail, StaffQueueResponse } from "#shared/staff/staff-api.ts";
import { STAFF_MESSAGES } from "#shared/staff/staff-messages.ts";
import { TRACKING_MESSAGES, type SubmittedGrievance, type TrackedGrievance } from "#shared/tracking/tracking.ts";
import { sweepOrphans } from "#server/maintenance/orphan-sweep.ts";
import { LocalImageStore } from "#server/storage/local-image-store.ts";
import { makeCorruptJpeg, makeJpeg, makeJpegWithGps, makePng, svgImage } from "../fixtures/images.ts";
import { addStaff, resetData, SAME_ORIGIN, staffClient } from "./staff/staff-helpers.ts";
import {
  createTestApp,
  expectHumanError,
  multipart,
  postGrievance,
  storedFiles,
  validFields,
  type FileField,
  type TestApp,
} from "./test-app.ts";

// What the reporter may do from their private link (docs/decisions/015-reporter-actions.md).
// Runs on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set (test-app.ts).

let t: TestApp;
// Test switches for the image store: fail the n-th write from now, or run something during the first write.
let failPutAfter: number | undefined;
let duringFirstPut: (() => Promise<void>) | undefined;

beforeAll(async () => {
  t = await createTestApp({
    // This file submits many reports and updates from one address; the limits have tests of their own below.
    config: { submissionsPerHour: 100_000, reporterUpdatesPerHour: 100_000 },
    imageStore: (real) =>
      Object.assign(Object.create(real) as typeof real, {
        put: async (key: string, bytes: Buffer, type: string) => {
          if (duringFirstPut) {
            const run = duringFirstPut;
            duringFirstPut = undefined;
            await run();
          }
          if (failPutAfter !== undefined && --failPutAfter === 0) throw new Error("disk full");
          return real.put(key, bytes, type);
        },
      }),
  });
});
afterAll(() => t.close());
beforeEach(async () => {
  failPutAfter = undefined;
  duringFirstPut = undefined;
  await resetData(t.db);
  await addStaff(t.db);
});

interface Submitted {
  id: string;
  token: string;
  reference: string;
}

async function submit(files: FileField[] = []): Promise<Submitted> {
  const res = await postGrievance(t.app, validFields, files);
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json<SubmittedGrievance>();
  return {
    id: body.id,
    reference: body.reference,
    token: new URL(body.trackingUrl).pathname.replace(/^\/track\//, ""),
  };
}

async function postUpdate(token: string, fields: Record<string, string>, files: FileField[] = []) {
  const body = await multipart(fields, files);
  return t.app.inject({ method: "POST", url: `/api/track/${token}/updates`, ...body });
}

const answer = (token: string, payload: unknown) =>
  t.app.inject({ method: "POST", url: `/api/track/${token}/answer`, payload: payload as InjectOptions["payload"] });

const track = (token: string) => t.app.inject({ url: `/api/track/${token}` });
const progressOf = async (id: string) =>
  (await t.app.inject({ url: `/api/grievances/${id}/progress` })).json<GrievanceProgress>();

async function staff() {
  const as = await staffClient(t.app);
  return {
    as,
    setStatus: async (id: string, status: string, note = "Crew replaced the valve.") => {
      const res = await as({ method: "POST", url: `/api/staff/grievances/${id}/status`, payload: { status, note } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<StaffGrievanceDetail>();
    },
    detail: async (id: string) => (await as({ url: `/api/staff/grievances/${id}` })).json<StaffGrievanceDetail>(),
  };
}

async function updateRows(): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM reporter_updates");
  return rows[0]!.n;
}

const jpeg = async (name = "pipe.jpg"): Promise<FileField> => ({
  filename: name,
  bytes: await makeJpeg(),
  type: "image/jpeg",
});

const statusOf = async (url: string) => (await t.app.inject({ url })).statusCode;

function expectNotFound(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(404);
  expectHumanError(res.body, TRACKING_MESSAGES.notFound);
  expect(res.headers["cache-control"]).toBe("no-store");
  expect(res.headers["x-robots-tag"]).toBe("noindex");
}

describe("the token is the reporter's credential", () => {
  it("answers an unknown, a malformed and a hidden report's token with the GET's 404, and saves nothing", async () => {
    const report = await submit();
    const hidden = await submit();
    const { as } = await staff();
    await as({ method: "POST", url: `/api/staff/grievances/${hidden.id}/hide`, payload: { reason: "Spam" } });
    // The same answer but for each request's own id.
    const withoutRequestId = (body: string) => ({ ...(JSON.parse(body) as object), requestId: undefined });
    const referenceBody = withoutRequestId((await track("A".repeat(32))).body);
    const before = await storedFiles(t.storageDir);

    for (const token of [
      "A".repeat(32),
      "not-a-token",
      encodeURIComponent("with.dots.and.more.than.thirty.two.chars"),
      hidden.token,
    ]) {
      const update = await postUpdate(token, { text: "Still leaking." }, [await jpeg()]);
      expectNotFound(update);
      expect(withoutRequestId(update.body)).toEqual(referenceBody);
      const answered = await answer(token, { fixed: false, note: "Still broken." });
      expectNotFound(answered);
      expect(withoutRequestId(answered.body)).toEqual(referenceBody);
    }
    expect(await updateRows()).toBe(0);
    expect(await storedFiles(t.storageDir)).toEqual(before);
    // The visible report's own link still works.
    expect((await track(report.token)).statusCode).toBe(200);
  });
});

describe("an update from the reporter", () => {
  it("is stored with its photos through the report pipeline and shown publicly in the timeline", async () => {
    const report = await submit();
    const res = await postUpdate(report.token, { text: "  The leak is bigger now; water runs into the road.  " }, [
      { filename: "My Road.jpg", bytes: await makeJpegWithGps(), type: "image/jpeg" },
      { filename: "b.png", bytes: await makePng(), type: "image/png" },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers["cache-control"]).toBe("no-store");
    const update = res.json<ReporterUpdateView>();
    expect(update.text).toBe("The leak is bigger now; water runs into the road.");
    expect(update.images).toHaveLength(2);
    // Object keys as a report's: re-encoded (a PNG stays PNG), a medium and a thumbnail version each.
    expect(update.images[0]!.url).toMatch(/^\/media\/grievance-images\/\d{13}-[a-z0-9]{10}-my-road\.jpg$/);
    expect(update.images[1]!.url).toMatch(/\.png$/);
    for (const image of update.images) {
      expect(image.thumbnailUrl).toMatch(/\.thumb\.webp$/);
      expect(image.mediumUrl).toMatch(/\.medium\.webp$/);
      for (const url of [image.url, image.thumbnailUrl, image.mediumUrl!]) expect(await statusOf(url)).toBe(200);
    }
    // The GPS position is gone, as from a report's photos.
    const full = await t.app.inject({ url: update.images[0]!.url });
    expect(full.rawPayload.includes(Buffer.from("PhoneMaker"))).toBe(false);

    const progress = await progressOf(report.id);
    expect(progress.timeline.map((entry) => entry.type)).toEqual(["reported", "reporter-update"]);
    expect(progress.timeline[1]).toEqual({ type: "reporter-update", ...update });

    const tracked = (await track(report.token)).json<TrackedGrievance>();
    expect(tracked.updates).toEqual([update]);
    expect(tracked.timeline).toEqual(progress.timeline);
    expect(tracked.fixedQuestion).toEqual({ open: false, confirmedAt: null });

    // Staff see it in the report view, its images at their own address.
    const { detail } = await staff();
    const staffUpdates = (await detail(report.id)).reporterUpdates;
    expect(staffUpdates).toHaveLength(1);
    expect(staffUpdates[0]).toMatchObject({ id: update.id, text: update.text, hidden: false, hidden_reason: null });
    expect(staffUpdates[0]!.images[0]!.url).toMatch(/^\/api\/staff\/media\/grievance-images\//);
  });

  it("is refused with the form's messages: no text, too long, unstorable, too many or unacceptable photos", async () => {
    const report = await submit();
    const before = await storedFiles(t.storageDir);
    const cases: [Record<string, string>, FileField[], string][] = [
      [{}, [], REPORTER_MESSAGES.updateTextRequired],
      [{ text: "   " }, [await jpeg()], REPORTER_MESSAGES.updateTextRequired],
      [{ text: "x".repeat(REPORTER_UPDATE_MAX_LENGTH + 1) }, [], REPORTER_MESSAGES.updateTooLong],
      [{ text: "bad \u0000 byte" }, [], REPORTER_MESSAGES.updateInvalidCharacters],
      [
        { text: "Six photos" },
        await Promise.all([1, 2, 3, 4, 5, 6].map((i) => jpeg(`p${i}.jpg`))),
        MESSAGES.tooManyImages,
      ],
      [{ text: "A drawing" }, [{ filename: "x.svg", bytes: svgImage, type: "image/svg+xml" }], MESSAGES.filesRejected],
    ];
    for (const [fields, files, message] of cases) {
      const res = await postUpdate(report.token, fields, files);
      expect(res.statusCode, message).toBe(400);
      expectHumanError(res.body, message);
    }
    // Exactly the limit is fine.
    const longest = await postUpdate(report.token, { text: "y".repeat(REPORTER_UPDATE_MAX_LENGTH) });
    expect(longest.statusCode).toBe(201);
    expect(await updateRows()).toBe(1);
    expect(await storedFiles(t.storageDir)).toEqual(before);
  });

  it("is all or nothing: a photo that cannot be decoded leaves no row and no file", async () => {
    const report = await submit();
    const before = await storedFiles(t.storageDir);
    const res = await postUpdate(report.token, { text: "Two photos" }, [
      await jpeg("good.jpg"),
      { filename: "broken.jpg", bytes: makeCorruptJpeg(), type: "image/jpeg" },
    ]);
    expect(res.statusCode).toBe(400);
    expectHumanError(res.body, MESSAGES.filesRejected);
    expect(await updateRows()).toBe(0);
    expect(await storedFiles(t.storageDir)).toEqual(before);
  });

  it("is all or nothing: a failed write removes what was stored and answers 500 without a row", async () => {
    const report = await submit();
    const before = await storedFiles(t.storageDir);
    failPutAfter = 5;
    const res = await postUpdate(report.token, { text: "Two photos" }, [await jpeg("a.jpg"), await jpeg("b.jpg")]);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: REPORTER_MESSAGES.updateFailed, requestId: expect.any(String) });
    expect(await updateRows()).toBe(0);
    expect(await storedFiles(t.storageDir)).toEqual(before);
  });

  it("is all or nothing: a report hidden while its photos were stored gets the 404, no row and no file", async () => {
    const report = await submit();
    const before = await storedFiles(t.storageDir);
    duringFirstPut = async () => {
      await t.db.query("UPDATE grievances SET hidden_at = now(), hidden_reason = 'Spam' WHERE id = $1", [report.id]);
    };
    const res = await postUpdate(report.token, { text: "Photo" }, [await jpeg()]);
    expectNotFound(res);
    expect(await updateRows()).toBe(0);
    expect(await storedFiles(t.storageDir)).toEqual(before);
  });

  it(`is limited to ${REPORTER_UPDATES_PER_REPORT_PER_DAY} a day per report, whoever sends them`, async () => {
    const report = await submit();
    const other = await submit();
    for (let i = 1; i <= REPORTER_UPDATES_PER_REPORT_PER_DAY; i++) {
      expect((await postUpdate(report.token, { text: `Update ${i}` })).statusCode).toBe(201);
    }
    const refused = await postUpdate(report.token, { text: "One more" }, [await jpeg()]);
    expect(refused.statusCode).toBe(429);
    expectHumanError(refused.body, REPORTER_MESSAGES.tooManyUpdatesForReport);
    expect(await updateRows()).toBe(REPORTER_UPDATES_PER_REPORT_PER_DAY);
    // Updates older than a day no longer count; another report was never limited.
    await t.db.query("UPDATE reporter_updates SET created_at = now() - interval '25 hours' WHERE body = 'Update 1'");
    expect((await postUpdate(report.token, { text: "Next day" })).statusCode).toBe(201);
    expect((await postUpdate(other.token, { text: "Other report" })).statusCode).toBe(201);
  });
});

describe("updates per client", () => {
  it("are limited per hour (REPORTER_UPDATES_PER_HOUR), across reports", async () => {
    const limited = await createTestApp({ config: { reporterUpdatesPerHour: 2 } });
    try {
      const tokens: string[] = [];
      for (let i = 0; i < 2; i++) {
        const res = await postGrievance(limited.app, validFields);
        tokens.push(new URL(res.json<SubmittedGrievance>().trackingUrl).pathname.replace(/^\/track\//, ""));
      }
      const send = async (token: string) =>
        limited.app.inject({
          method: "POST",
          url: `/api/track/${token}/updates`,
          ...(await multipart({ text: "Still leaking" })),
        });
      expect((await send(tokens[0]!)).statusCode).toBe(201);
      expect((await send(tokens[1]!)).statusCode).toBe(201);
      const refused = await send(tokens[0]!);
      expect(refused.statusCode).toBe(429);
      expectHumanError(refused.body, /^Too many updates from your connection\. Please try again in \d+ minutes?\.$/);
      const { rows } = await limited.db.query<{ n: number }>("SELECT count(*)::int AS n FROM reporter_updates");
      expect(rows[0]!.n).toBe(2);
    } finally {
      await limited.close();
    }
  });
});

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

describe("staff moderation of updates", () => {
  it("hides an update with a reason: gone from every public answer, its images withheld, staff still see all", async () => {
    const report = await submit();
    const kept = (await postUpdate(report.token, { text: "Kept update" })).json<ReporterUpdateView>();
    const added = await postUpdate(report.token, { text: "My neighbour's face" }, [await jpeg("face.jpg")]);
    const update = added.json<ReporterUpdateView>();
    const urls = [update.images[0]!.url, update.images[0]!.thumbnailUrl, update.images[0]!.mediumUrl!];
    expect(await Promise.all(urls.map(statusOf))).toEqual([200, 200, 200]);

    const { as } = await staff();
    const hideUrl = `/api/staff/grievances/${report.id}/updates/${update.id}/hide`;
    const missingReason = await as({ method: "POST", url: hideUrl, payload: { reason: " " } });
    expect(missingReason.statusCode).toBe(400);
    expect(missingReason.json()).toMatchObject({ message: STAFF_MESSAGES.updateReasonRequired });

    const hidden = await as({ method: "POST", url: hideUrl, payload: { reason: "Shows a person's face" } });
    expect(hidden.statusCode, hidden.body).toBe(200);
    const view = hidden.json<StaffGrievanceDetail>();
    expect(view.reporterUpdates.map((u) => [u.text, u.hidden, u.hidden_reason, u.hidden_by_email])).toEqual([
      ["Kept update", false, null, null],
      ["My neighbour's face", true, "Shows a person's face", "officer@water.example"],
    ]);
    const { rows } = await t.db.query<{ hidden_by: string | null }>(
      "SELECT hidden_by FROM reporter_updates WHERE id = $1",
      [update.id],
    );
    expect(rows[0]!.hidden_by).toMatch(/^[0-9a-f-]{36}$/);

    // Gone from the public timeline and the tracking page; its images answer 404 publicly, 200 to staff.
    const progress = await progressOf(report.id);
    expect(progress.timeline.filter((entry) => entry.type === "reporter-update").map((entry) => entry.id)).toEqual([
      kept.id,
    ]);
    const tracked = (await track(report.token)).json<TrackedGrievance>();
    expect(tracked.updates.map((u) => u.id)).toEqual([kept.id]);
    expect(JSON.stringify(tracked)).not.toContain("neighbour");
    expect(await Promise.all(urls.map(statusOf))).toEqual([404, 404, 404]);
    const staffImage = view.reporterUpdates[1]!.images[0]!.url;
    expect((await as({ url: staffImage })).statusCode).toBe(200);

    // Once: hiding it again, an unknown update, or one of another report is refused.
    const again = await as({ method: "POST", url: hideUrl, payload: { reason: "Again" } });
    expect([again.statusCode, again.json()]).toEqual([
      409,
      { message: STAFF_MESSAGES.updateAlreadyHidden, requestId: expect.any(String) },
    ]);
    const otherReport = await submit();
    for (const url of [
      `/api/staff/grievances/${report.id}/updates/00000000-0000-4000-8000-000000000000/hide`,
      `/api/staff/grievances/${report.id}/updates/not-a-uuid/hide`,
      `/api/staff/grievances/${otherReport.id}/updates/${kept.id}/hide`,
    ]) {
      const res = await as({ method: "POST", url, payload: { reason: "Spam" } });
      expect([res.statusCode, res.json()]).toEqual([
        404,
        { message: STAFF_MESSAGES.updateNotFound, requestId: expect.any(String) },
      ]);
    }
    // Without a session nothing happens.
    const anonymous = await t.app.inject({
      method: "POST",
      url: hideUrl,
      headers: SAME_ORIGIN,
      payload: { reason: "x" },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("withholds the images of every update of a hidden report", async () => {
    const report = await submit();
    const update = (await postUpdate(report.token, { text: "Photo" }, [await jpeg()])).json<ReporterUpdateView>();
    const { as } = await staff();
    await as({ method: "POST", url: `/api/staff/grievances/${report.id}/hide`, payload: { reason: "Personal data" } });
    expect(await statusOf(update.images[0]!.url)).toBe(404);
    await as({ method: "POST", url: `/api/staff/grievances/${report.id}/unhide` });
    expect(await statusOf(update.images[0]!.url)).toBe(200);
  });

  it("keeps update photos through the orphan sweep", async () => {
    const report = await submit();
    const update = (await postUpdate(report.token, { text: "Photo" }, [await jpeg()])).json<ReporterUpdateView>();
    await sweepOrphans(t.db, new LocalImageStore(t.storageDir), 0);
    const image = update.images[0]!;
    expect(await Promise.all([image.url, image.thumbnailUrl, image.mediumUrl!].map(statusOf))).toEqual([200, 200, 200]);
  });
});
