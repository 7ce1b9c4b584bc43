import { randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ApiError } from "#shared/api-types.ts";
import type { SubmittedGrievance } from "#shared/tracking/tracking.ts";
import type { GrievanceRepository } from "#server/grievances/grievance-repository.ts";
import { makeJpeg } from "../fixtures/images.ts";
import { createTestApp, listenOnLoopback, postGrievance, rawExchange, validFields, type TestApp } from "./test-app.ts";

// One JSON line per request (docs/operating.md, "Logs"): what an operator's log collector receives.
interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  method?: string;
  route?: string;
  url?: string;
  statusCode?: number;
  durationMs?: number;
  remoteAddress?: string;
}

let t: TestApp;
let output = "";
/** The id findById fails for: a 500 on demand. */
const failingId = randomUUID();

beforeAll(async () => {
  t = await createTestApp({
    config: { submissionsPerHour: 10_000 },
    repository: (real) =>
      Object.assign(Object.create(real) as GrievanceRepository, {
        findById: async (id: string) => {
          if (id === failingId) throw new Error("the disk caught fire");
          return real.findById(id);
        },
      }),
    logger: {
      level: "info",
      stream: new Writable({
        write(chunk: Buffer, _encoding, done) {
          output += chunk.toString();
          done();
        },
      }),
    },
  });
});
afterAll(() => t.close());
beforeEach(() => {
  output = "";
});

const lines = (): LogLine[] =>
  output
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as LogLine);
const completed = () => lines().filter((line) => line.msg === "request completed");

describe("one JSON line per request", () => {
  it("logs a request once, on completion, with its id, method, route pattern, path, status and duration", async () => {
    const res = await t.app.inject({
      url: `/api/grievances/${randomUUID()}?q=my+street`,
      remoteAddress: "203.0.113.9",
    });
    expect(res.statusCode).toBe(404);
    expect(lines().map((line) => line.msg)).not.toContain("incoming request");
    const [line, ...more] = completed();
    expect(more).toEqual([]);
    expect(line).toMatchObject({
      level: 30,
      reqId: res.headers["x-request-id"],
      method: "GET",
      route: "/api/grievances/:id",
      statusCode: 404,
      remoteAddress: "203.0.113.9",
    });
    // The path only: a query can hold a resident's search text.
    expect(line?.url).toMatch(/^\/api\/grievances\/[0-9a-f-]{36}$/);
    expect(line?.durationMs).toBeGreaterThanOrEqual(0);
  });

  it("labels addresses no route matched as unmatched, never with the raw address", async () => {
    await t.app.inject({ url: "/api/no-such-thing/12345" });
    expect(completed()).toEqual([
      expect.objectContaining({ route: "unmatched", url: "/api/no-such-thing/12345", statusCode: 404 }),
    ]);
  });

  it("keeps tokens out: the path's :token segments are replaced", async () => {
    const token = "A".repeat(43);
    await t.app.inject({ url: `/api/track/${token}` });
    await t.app.inject({ url: `/unsubscribe/${token}` });
    expect(completed().map((line) => line.url)).toEqual(["/api/track/\u2026", "/unsubscribe/\u2026"]);
    expect(output).not.toContain(token);
  });

  it("never logs a reporter's contact details, from a submission or from its refusal", async () => {
    const accepted = await postGrievance(t.app, validFields, [
      { filename: "tap.jpg", bytes: await makeJpeg(), type: "image/jpeg" },
    ]);
    expect(accepted.statusCode, accepted.body).toBe(201);
    const refused = await postGrievance(t.app, { ...validFields, title: "" });
    expect(refused.statusCode).toBe(400);
    const { trackingUrl } = accepted.json<SubmittedGrievance>();
    expect(completed().map((line) => [line.route, line.statusCode])).toEqual([
      ["/api/grievances", 201],
      ["/api/grievances", 400],
    ]);
    for (const secret of [
      validFields.user_email,
      "jane.doe",
      validFields.user_phone,
      "700 123",
      validFields.title,
      trackingUrl,
    ]) {
      expect(output).not.toContain(secret);
    }
  });

  it("logs a request whose client went away before the answer", async () => {
    const port = await listenOnLoopback(t.app);
    // Headers that promise a body that never comes; the client then hangs up.
    const head =
      "POST /api/grievances HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 100000\r\n\r\n--b\r\n";
    await rawExchange(port, [head], { responses: 1, giveUpMs: 300 }).catch(() => undefined);
    await expect
      .poll(() =>
        lines()
          .filter((line) => line.route === "/api/grievances")
          .map((line) => line.msg),
      )
      .toEqual(["request aborted"]);
    expect(lines().find((line) => line.msg === "request aborted")).toMatchObject({ statusCode: 499, method: "POST" });
  });
});

describe("request ids", () => {
  it("keeps a plain X-Request-Id a proxy sent, on the answer and the log line", async () => {
    const res = await t.app.inject({ url: "/api/health/live", headers: { "x-request-id": "edge-7f3a.01:req_9" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-request-id"]).toBe("edge-7f3a.01:req_9");
    expect(completed()[0]?.reqId).toBe("edge-7f3a.01:req_9");
  });

  it.each([
    ["too long", "a".repeat(129)],
    ["with spaces and quotes", 'id "x" y'],
    ["with a line break's escape", "abc%0Ainjected"],
    ["empty", ""],
  ])("replaces an X-Request-Id that is %s with a new UUID", async (_case, sent) => {
    const res = await t.app.inject({ url: "/api/health/live", headers: { "x-request-id": sent } });
    expect(res.headers["x-request-id"]).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(completed()[0]?.reqId).toBe(res.headers["x-request-id"]);
  });

  it("gives each request an id of its own", async () => {
    const [a, b] = await Promise.all([
      t.app.inject({ url: "/api/health/live" }),
      t.app.inject({ url: "/api/health/live" }),
    ]);
    expect(a.headers["x-request-id"]).not.toBe(b.headers["x-request-id"]);
  });

  it("returns the id on 404 and 500 answers, and error bodies carry the same id", async () => {
    const notFound = await t.app.inject({ url: "/api/nothing-here" });
    const failed = await t.app.inject({
      url: `/api/grievances/${failingId}`,
      headers: { "x-request-id": "support-case-42" },
    });
    const refused = await postGrievance(t.app, { ...validFields, title: "" });
    const badUrl = await t.app.inject({ url: "/api/grievances/%E0%A4%A" });
    expect(failed.statusCode).toBe(500);
    for (const res of [notFound, failed, refused, badUrl]) {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      const id = res.headers["x-request-id"];
      expect(id).toEqual(expect.any(String));
      expect(res.json<ApiError>().requestId).toBe(id);
    }
    expect(failed.json<ApiError>().requestId).toBe("support-case-42");
    // The failure's own log line carries the id a resident quotes, so support can find it.
    const logged = lines()
      .filter((line) => line.reqId === "support-case-42")
      .map((line) => line.msg);
    expect(logged).toEqual(["request failed", "request completed"]);
  });

  it("keeps the id in a translated error body", async () => {
    const res = await t.app.inject({
      url: "/api/nothing-here",
      headers: { "accept-language": "es", "x-request-id": "es-1" },
    });
    expect(res.json<ApiError>()).toEqual({ message: expect.not.stringMatching(/^Not found$/), requestId: "es-1" });
  });
});
