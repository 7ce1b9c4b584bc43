import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import type { PublicGrievance } from "#shared/api-types.ts";
import { TRACKING_MESSAGES, type SubmittedGrievance, type TrackedGrievance } from "#shared/tracking/tracking.ts";
import { TRACK_READS_PER_MINUTE } from "#server/tracking/tracking-routes.ts";
import { makePng } from "../fixtures/images.ts";
import { addStaff, staffClient } from "./staff/staff-helpers.ts";
import { createTestApp, expectHumanError, multipart, postGrievance, validFields } from "./test-app.ts";
import { t, tokenOf, track, submit, publicAnswers, useTrackingPortal } from "./report-tracking-support.ts";

// The reporter's private tracking link: how it is made and kept private, and what it answers (report-tracking-support.ts).

const logLines: string[] = [];
useTrackingPortal({
  logger: {
    level: "info",
    stream: new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    }),
  },
});

describe("POST /api/grievances: the private link", () => {
  it("answers 201 with the report, its reference and an absolute link on the request's own origin", async () => {
    const res = await postGrievance(t.app, validFields);
    expect(res.statusCode).toBe(201);
    const body = res.json<SubmittedGrievance>();
    expect(Object.keys(body).sort()).toEqual(
      [
        "affected",
        "category",
        "created_at",
        "description",
        "expectedResolutionAt",
        "id",
        "images",
        "latitude",
        "location",
        "longitude",
        "priority",
        "reference",
        "status",
        "title",
        "trackingUrl",
        "user_email",
        "user_phone",
      ].sort(),
    );
    // inject's default Host is localhost:80.
    expect(body.trackingUrl).toMatch(/^http:\/\/localhost(:80)?\/track\/[A-Za-z0-9_-]{32}$/);
    // The 201 answer is the public view: contact details masked, as before.
    expect(body.user_email).toBe("j\u2022\u2022\u2022@example.org");
  });

  it("takes the origin from the Host header, and from X-Forwarded-* only behind a trusted proxy", async () => {
    const form = await multipart(validFields);
    const viaHost = await t.app.inject({
      method: "POST",
      url: "/api/grievances",
      payload: form.payload,
      headers: {
        ...form.headers,
        host: "water.example.org:8443",
        "x-forwarded-proto": "https",
        "x-forwarded-host": "evil.example",
      },
    });
    expect(viaHost.json<SubmittedGrievance>().trackingUrl).toMatch(/^http:\/\/water\.example\.org:8443\/track\//);

    const proxied = await createTestApp({ config: { trustProxy: true } });
    try {
      const behindProxy = await proxied.app.inject({
        method: "POST",
        url: "/api/grievances",
        payload: form.payload,
        headers: {
          ...form.headers,
          host: "127.0.0.1:3000",
          "x-forwarded-proto": "https",
          "x-forwarded-host": "water.example.org",
        },
      });
      expect(behindProxy.json<SubmittedGrievance>().trackingUrl).toMatch(/^https:\/\/water\.example\.org\/track\//);
    } finally {
      await proxied.close();
    }
  });

  it("starts the link with PUBLIC_URL when it is set, whatever the request's host", async () => {
    const withPublicUrl = await createTestApp({ config: { publicUrl: "https://water.example.org/portal" } });
    try {
      const res = await postGrievance(withPublicUrl.app, validFields);
      expect(res.json<SubmittedGrievance>().trackingUrl).toMatch(
        /^https:\/\/water\.example\.org\/portal\/track\/[\w-]{32}$/,
      );
    } finally {
      await withPublicUrl.close();
    }
  });

  it("stores only the SHA-256 of the token", async () => {
    const submitted = await submit();
    const token = tokenOf(submitted.trackingUrl);
    const { rows } = await t.db.query<{ matches: boolean; row: string }>(
      `SELECT tracking_token_hash = sha256(convert_to($2, 'UTF8')) AS matches, row_to_json(g)::text AS row
       FROM grievances g WHERE id = $1`,
      [submitted.id, token],
    );
    expect(rows[0]?.matches).toBe(true);
    expect(rows[0]?.row).not.toContain(token);
  });

  it("never lets the token or its hash into a public answer", async () => {
    const submitted = await submit({ ...validFields, user_email: "reporter@example.org" });
    const token = tokenOf(submitted.trackingUrl);
    const { rows } = await t.db.query<{ hex: string }>(
      "SELECT encode(tracking_token_hash, 'hex') AS hex FROM grievances WHERE id = $1",
      [submitted.id],
    );
    const hashHex = rows[0]!.hex;
    await addStaff(t.db);
    const as = await staffClient(t.app);
    const answers = [
      ...(await publicAnswers(submitted.id)),
      // Staff do not need it either.
      await as({ url: "/api/staff/grievances" }),
      await as({ url: `/api/staff/grievances/${submitted.id}` }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).not.toContain(token);
      expect(answer.body.toLowerCase()).not.toContain(hashHex);
      expect(answer.body).not.toContain("tracking");
    }
    expect(answers[1]!.json<PublicGrievance>().reference).toBe(submitted.reference);
  });

  it("keeps the token out of the log", async () => {
    const submitted = await submit();
    const token = tokenOf(submitted.trackingUrl);
    logLines.length = 0;
    expect((await track(token)).statusCode).toBe(200);
    expect(logLines.join("")).toContain("/api/track/\u2026");
    expect(logLines.join("")).not.toContain(token);
  });
});

describe("GET /api/track/:token", () => {
  it("answers the report with the contact details in full, its reference and its timeline", async () => {
    const submitted = await submit();
    await addStaff(t.db);
    const as = await staffClient(t.app);
    await as({
      method: "POST",
      url: `/api/staff/grievances/${submitted.id}/status`,
      payload: { status: "in-progress", note: "A crew is on its way." },
    });

    const res = await track(tokenOf(submitted.trackingUrl));
    expect(res.statusCode).toBe(200);
    const body = res.json<TrackedGrievance>();
    expect(body.grievance).toMatchObject({
      id: submitted.id,
      reference: submitted.reference,
      title: validFields.title,
      status: "in-progress",
      user_email: validFields.user_email,
      user_phone: validFields.user_phone,
    });
    expect(body.timeline.map((entry) => [entry.type, "note" in entry ? entry.note : null])).toEqual([
      ["reported", null],
      ["status", "A crew is on its way."],
    ]);
    // The same timeline as the public one.
    const progress = await t.app.inject({ url: `/api/grievances/${submitted.id}/progress` });
    expect(body.timeline).toEqual(progress.json<{ timeline: unknown }>().timeline);
  });

  it("is private: not stored, not passed on as a referrer, not indexed", async () => {
    const submitted = await submit();
    const res = await track(tokenOf(submitted.trackingUrl));
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
    expect(res.headers["x-robots-tag"]).toBe("noindex");
  });

  it("answers an unknown, a malformed and a hidden report's token with the same 404, with the same headers", async () => {
    const submitted = await submit();
    await addStaff(t.db);
    const as = await staffClient(t.app);
    const hide = await as({
      method: "POST",
      url: `/api/staff/grievances/${submitted.id}/hide`,
      payload: { reason: "Spam" },
    });
    expect(hide.statusCode).toBe(200);

    const unknown = "A".repeat(32);
    const tokens = [
      unknown,
      "too-short",
      `${unknown}A`,
      "with.dots.and.more.than.thirty.two.chars",
      tokenOf(submitted.trackingUrl),
    ];
    const answers = await Promise.all(tokens.map((token) => track(encodeURIComponent(token))));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expectHumanError(answer.body, TRACKING_MESSAGES.notFound);
      expect(answer.headers["cache-control"]).toBe("no-store");
      expect(answer.headers["x-robots-tag"]).toBe("noindex");
      expect(answer.headers["referrer-policy"]).toBe("no-referrer");
    }
    // Byte for byte the same but for each request's own id: nothing tells a hidden report from one that never was.
    const withoutRequestId = (body: string) =>
      JSON.stringify({ ...(JSON.parse(body) as object), requestId: undefined });
    expect(new Set(answers.map((answer) => withoutRequestId(answer.body))).size).toBe(1);
  });

  it("shows the report again once staff show it again", async () => {
    const submitted = await submit();
    await addStaff(t.db);
    const as = await staffClient(t.app);
    await as({ method: "POST", url: `/api/staff/grievances/${submitted.id}/hide`, payload: { reason: "Spam" } });
    expect((await track(tokenOf(submitted.trackingUrl))).statusCode).toBe(404);
    await as({ method: "POST", url: `/api/staff/grievances/${submitted.id}/unhide` });
    expect((await track(tokenOf(submitted.trackingUrl))).statusCode).toBe(200);
  });

  it("has images of the report as the public sees them", async () => {
    const res = await postGrievance(t.app, validFields, [
      { filename: "leak.png", bytes: await makePng(), type: "image/png" },
    ]);
    const submitted = res.json<SubmittedGrievance>();
    const tracked = (await track(tokenOf(submitted.trackingUrl))).json<TrackedGrievance>();
    expect(tracked.grievance.images).toEqual(submitted.images);
  });

  it("answers 429 to a flood of reads from one address, with a message", async () => {
    const flood = await createTestApp();
    try {
      const read = () => flood.app.inject({ url: "/api/track/not-a-token", remoteAddress: "203.0.113.9" });
      for (let i = 0; i < TRACK_READS_PER_MINUTE; i++) expect((await read()).statusCode).toBe(404);
      const refused = await read();
      expect(refused.statusCode).toBe(429);
      expectHumanError(refused.body, TRACKING_MESSAGES.tooManyReads);
      expect(refused.headers["x-robots-tag"]).toBe("noindex");
    } finally {
      await flood.close();
    }
  });
});
