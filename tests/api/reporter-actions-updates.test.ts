import { beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "#shared/messages.ts";
import {
  REPORTER_MESSAGES,
  REPORTER_UPDATE_MAX_LENGTH,
  REPORTER_UPDATES_PER_REPORT_PER_DAY,
  type ReporterUpdateView,
} from "#shared/tracking/reporter-actions.ts";
import { type SubmittedGrievance, type TrackedGrievance } from "#shared/tracking/tracking.ts";
import { makeCorruptJpeg, makeJpegWithGps, makePng, svgImage } from "../fixtures/images.ts";
import {
  createTestApp,
  expectHumanError,
  multipart,
  postGrievance,
  storedFiles,
  validFields,
  type FileField,
} from "./test-app.ts";
import {
  t,
  submit,
  postUpdate,
  answer,
  track,
  progressOf,
  staff,
  updateRows,
  jpeg,
  statusOf,
  expectNotFound,
  useReporterPortal,
} from "./reporter-actions-support.ts";

// The reporter's token, and updates from the reporter (reporter-actions-support.ts).

// Test switches for the image store: fail the n-th write from now, or run something during the first write.
let failPutAfter: number | undefined;
let duringFirstPut: (() => Promise<void>) | undefined;

useReporterPortal((real) =>
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
);
beforeEach(() => {
  failPutAfter = undefined;
  duringFirstPut = undefined;
});

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
