import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { GrievanceListResponse, PublicGrievance } from "#shared/api-types.ts";
import { REFERENCE_PATTERN } from "#shared/grievances/reference.ts";
import type { StaffGrievanceDetail } from "#shared/staff/staff-api.ts";
import { TRACKING_MESSAGES, type SubmittedGrievance, type TrackedGrievance } from "#shared/tracking/tracking.ts";
import { migrate } from "#server/db/migrate.ts";
import type { GrievanceRepository } from "#server/grievances/grievance-repository.ts";
import { TRACK_READS_PER_MINUTE } from "#server/tracking/tracking-routes.ts";
import { makePng } from "../fixtures/images.ts";
import { addStaff, resetData, staffClient } from "./staff/staff-helpers.ts";
import {
  createTestApp,
  expectHumanError,
  multipart,
  openTestDatabase,
  postGrievance,
  validFields,
  type TestApp,
} from "./test-app.ts";

// Every report's reference and its reporter's private tracking link
// (docs/decisions/013-reference-and-tracking-token.md).

let t: TestApp;
// When set, the next insert is first tried with this reference, as if the random draw had hit a taken one.
let forcedReference: string | undefined;
const logLines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({
    // This file submits many reports from one address.
    config: { submissionsPerHour: 10_000 },
    repository: (real) =>
      Object.assign(Object.create(real) as GrievanceRepository, {
        insert: async (...args: Parameters<GrievanceRepository["insert"]>) => {
          const [tx, grievance, images, status, tracking] = args;
          const reference = forcedReference ?? tracking.reference;
          forcedReference = undefined;
          return real.insert(tx, grievance, images, status, { ...tracking, reference });
        },
      }),
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
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetData(t.db);
});

const tokenOf = (trackingUrl: string) => new URL(trackingUrl).pathname.replace(/^\/track\//, "");
const track = (token: string, headers: InjectOptions["headers"] = {}) =>
  t.app.inject({ url: `/api/track/${token}`, headers });

async function submit(fields: Record<string, string> = validFields): Promise<SubmittedGrievance> {
  const res = await postGrievance(t.app, fields);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<SubmittedGrievance>();
}

/** The answers anyone can get about a report, without its link. */
async function publicAnswers(id: string): Promise<LightMyRequestResponse[]> {
  return Promise.all(
    [
      "/api/grievances",
      `/api/grievances/${id}`,
      `/api/grievances/${id}/progress`,
      "/api/stats",
      `/api/grievances?q=${encodeURIComponent(validFields.title)}`,
    ].map((url) => t.app.inject({ url })),
  );
}

describe("the reference", () => {
  it("is WS- and six characters without 0, O, 1 or I, on the 201 answer, the list, the details and in the row", async () => {
    const submitted = await submit();
    expect(submitted.reference).toMatch(/^WS-[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{6}$/);
    const list = (await t.app.inject({ url: "/api/grievances" })).json<GrievanceListResponse>();
    expect(list.items.map((item) => item.reference)).toEqual([submitted.reference]);
    const details = (await t.app.inject({ url: `/api/grievances/${submitted.id}` })).json<PublicGrievance>();
    expect(details.reference).toBe(submitted.reference);
    const { rows } = await t.db.query<{ reference: string }>("SELECT reference FROM grievances WHERE id = $1", [
      submitted.id,
    ]);
    expect(rows).toEqual([{ reference: submitted.reference }]);
  });

  it("is different for every report", async () => {
    const references = new Set<string>();
    for (let i = 0; i < 20; i++) references.add((await submit({ ...validFields, title: `Report ${i}` })).reference);
    expect(references.size).toBe(20);
  });

  it("is drawn again when the drawn one is taken, and the report is stored once", async () => {
    const first = await submit();
    forcedReference = first.reference;
    const second = await submit({ ...validFields, title: "Another leak" });
    expect(second.reference).toMatch(REFERENCE_PATTERN);
    expect(second.reference).not.toBe(first.reference);
    const { rows } = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM grievances");
    expect(rows[0]?.n).toBe(2);
  });

  it("is refused by the database when it is not in the format", async () => {
    await expect(
      t.db.query(
        "INSERT INTO grievances (title, description, category, reference) VALUES ('T', 'D', 'Other', 'WS-0O1I23')",
      ),
    ).rejects.toThrow();
  });

  it("is given to reports inserted without one, unique even for many at once", async () => {
    await t.db.query(
      `INSERT INTO grievances (title, description, category) SELECT 'Bulk ' || g, 'D', 'Other' FROM generate_series(1, 5000) g`,
    );
    const { rows } = await t.db.query<{ n: number; distinct: number; bad: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT reference)::int AS distinct,
              count(*) FILTER (WHERE reference !~ '^WS-[2-9A-HJ-NP-Z]{6}$')::int AS bad FROM grievances`,
    );
    expect(rows[0]).toEqual({ n: 5000, distinct: 5000, bad: 0 });
  });

  it("is shown to staff too", async () => {
    const submitted = await submit();
    await addStaff(t.db);
    const as = await staffClient(t.app);
    const staffView = await as({ url: `/api/staff/grievances/${submitted.id}` });
    expect(staffView.json<StaffGrievanceDetail>().reference).toBe(submitted.reference);
  });
});

describe("searching for a reference", () => {
  const search = async (q: string) => {
    const res = await t.app.inject({ url: `/api/grievances?q=${encodeURIComponent(q)}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<GrievanceListResponse>().items.map((item) => item.reference);
  };

  it("finds the report by its reference typed in any case, by its code alone, and by the code's beginning", async () => {
    const mine = await submit();
    await submit({ ...validFields, title: "Someone else's leak" });
    const code = mine.reference.slice(3);
    expect(await search(mine.reference)).toEqual([mine.reference]);
    expect(await search(mine.reference.toLowerCase())).toEqual([mine.reference]);
    expect(await search(code)).toEqual([mine.reference]);
    expect(await search(` ${code.slice(0, 4)} `.trim())).toContain(mine.reference);
  });

  // The 'simple' parser splits references differently by their characters (migrations/010): each kind is found.
  it.each([
    ["digits only", "WS-234567"],
    ["letters only", "WS-ABCDEF"],
    ["a number with an exponent", "WS-2345E7"],
    ["a leading digit", "WS-4F7K2Q"],
  ])("finds a reference of %s, whole and by its code", async (_kind, reference) => {
    const mine = await submit();
    await submit({ ...validFields, title: "Someone else's leak" });
    await t.db.query("UPDATE grievances SET reference = $2 WHERE id = $1", [mine.id, reference]);
    expect(await search(reference)).toEqual([reference]);
    expect(await search(reference.slice(3))).toEqual([reference]);
  });
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

describe("migration 010 on a database that already holds reports", () => {
  it("gives every existing report a distinct reference, findable by search, and no token", async () => {
    const before = await fs.mkdtemp(path.join(os.tmpdir(), "migrations-before-010-"));
    const all = path.resolve(import.meta.dirname, "../../migrations");
    for (const name of await fs.readdir(all)) {
      if (name < "010_") await fs.copyFile(path.join(all, name), path.join(before, name));
    }
    const { db, drop } = await openTestDatabase(before);
    try {
      await db.query(
        `INSERT INTO grievances (title, description, category) SELECT 'Old report ' || g, 'D', 'Other' FROM generate_series(1, 300) g`,
      );
      await db.query("INSERT INTO submission_idempotency_keys (key, request_hash) VALUES ('a-key-from-before', 'h')");
      expect((await migrate(db))[0]).toBe("010_report_reference_and_tracking.sql");

      const { rows } = await db.query<{ n: number; distinct: number; bad: number; tokens: number }>(
        `SELECT count(*)::int AS n, count(DISTINCT reference)::int AS distinct,
                count(*) FILTER (WHERE reference !~ '^WS-[2-9A-HJ-NP-Z]{6}$')::int AS bad,
                count(tracking_token_hash)::int AS tokens
         FROM grievances`,
      );
      expect(rows[0]).toEqual({ n: 300, distinct: 300, bad: 0, tokens: 0 });
      const one = await db.query<{ reference: string; found: boolean }>(
        `SELECT reference, search_vector @@ websearch_to_tsquery('simple', reference) AS found
         FROM grievances ORDER BY title LIMIT 1`,
      );
      expect(one.rows[0]?.found).toBe(true);
      // The key is kept as its hash from now on.
      const keys = await db.query<{ key_hash: string; tracking_salt: unknown }>(
        "SELECT key_hash, tracking_salt FROM submission_idempotency_keys",
      );
      expect(keys.rows).toEqual([
        { key_hash: createHash("sha256").update("a-key-from-before").digest("hex"), tracking_salt: null },
      ]);
    } finally {
      await drop();
      await fs.rm(before, { recursive: true, force: true });
    }
  });
});
