import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiError } from "#shared/api-types.ts";
import { makeJpeg } from "../fixtures/images.ts";
import pino from "pino";
import { DatabaseUnavailableError } from "#server/db/database-unavailable.ts";
import type { Database } from "#server/db/database.ts";
import type { GrievanceRepository } from "#server/grievances/grievance-repository.ts";
import { PortalMetrics } from "#server/observability/metrics.ts";
import { createTestApp, multipart, postGrievance, validFields, type TestApp } from "./test-app.ts";

// GET /metrics (docs/operating.md, "Metrics"): what Prometheus scrapes. On PostgreSQL too with TEST_DATABASE_URL.
const TOKEN = "test-metrics-token-0123456789";

/** One sample's value from Prometheus's text format; undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

describe("without METRICS_TOKEN", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("has no /metrics: 404, with or without a token", async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const res = await t.app.inject({ url: "/metrics", headers });
      expect(res.statusCode).toBe(404);
      expect(res.json<ApiError>().message).toBe("Not found");
      expect(res.body).not.toContain("http_requests_total");
    }
  });
});

describe("with METRICS_TOKEN", () => {
  let t: TestApp;
  const scrape = async () => {
    const res = await t.app.inject({ url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  };

  // Reading this report fails as if the database had just gone away.
  const unreachableId = "00000000-0000-4000-8000-00000000dead";
  beforeAll(async () => {
    t = await createTestApp({
      config: { metricsToken: TOKEN, submissionsPerHour: 10_000 },
      repository: (real) =>
        Object.assign(Object.create(real) as GrievanceRepository, {
          findById: async (id: string) => {
            if (id === unreachableId) throw new DatabaseUnavailableError(new Error("connect ECONNREFUSED"));
            return real.findById(id);
          },
        }),
    });
  });
  afterAll(() => t.close());

  it.each([
    ["no Authorization header", {}],
    ["a wrong token", { authorization: "Bearer test-metrics-token-0123456780" }],
    ["a prefix of the token", { authorization: `Bearer ${TOKEN.slice(0, 20)}` }],
    ["the token without Bearer", { authorization: TOKEN }],
    ["Basic credentials", { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString("base64")}` }],
  ])("refuses %s with 401 and a JSON message", async (_case, headers) => {
    const res = await t.app.inject({ url: "/metrics", headers });
    expect(res.statusCode).toBe(401);
    expect(res.headers["www-authenticate"]).toMatch(/^Bearer/);
    expect(res.json<ApiError>().message).toMatch(/metrics token/);
    expect(res.body).not.toContain("http_requests_total");
  });

  it("answers Prometheus's text format with the process's figures and the outbox's", async () => {
    const res = await t.app.inject({ url: "/metrics", headers: { authorization: `bearer  ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/plain; version=0.0.4; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("no-store");
    for (const name of [
      "http_requests_total",
      "http_request_duration_seconds",
      "grievance_submissions_total",
      "image_processing_seconds",
      "db_errors_total",
      "outbox_messages_pending",
      "process_resident_memory_bytes",
      "nodejs_eventloop_lag_seconds",
      "nodejs_heap_size_used_bytes",
    ]) {
      expect(res.body).toMatch(new RegExp(`^# TYPE ${name} (counter|gauge|histogram)$`, "m"));
    }
    expect(sample(res.body, "outbox_messages_pending")).toBe(0);
    expect(sample(res.body, "process_resident_memory_bytes")).toBeGreaterThan(10_000_000);
    expect(sample(res.body, "db_errors_total", { source: "scrape" })).toBe(0);
  });

  it("counts requests by route pattern, submissions by outcome, and photo processing", async () => {
    const before = await scrape();
    const count = (text: string, name: string, labels: Record<string, string>) => sample(text, name, labels) ?? 0;

    expect((await t.app.inject({ url: "/api/grievances" })).statusCode).toBe(200);
    expect((await t.app.inject({ url: "/api/grievances?q=pipes" })).statusCode).toBe(200);
    const accepted = await postGrievance(t.app, validFields, [
      { filename: "tap.jpg", bytes: await makeJpeg(), type: "image/jpeg" },
    ]);
    expect(accepted.statusCode, accepted.body).toBe(201);
    const refused = await postGrievance(t.app, { ...validFields, title: "" });
    expect(refused.statusCode).toBe(400);
    const id = "00000000-0000-4000-8000-000000000000";
    expect((await t.app.inject({ url: `/api/grievances/${id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: "/api/no-such/address" })).statusCode).toBe(404);

    const after = await scrape();
    const moved = (name: string, labels: Record<string, string>) =>
      count(after, name, labels) - count(before, name, labels);
    expect(moved("http_requests_total", { method: "GET", route: "/api/grievances", status_code: "200" })).toBe(2);
    expect(moved("http_requests_total", { method: "POST", route: "/api/grievances", status_code: "201" })).toBe(1);
    expect(moved("http_requests_total", { method: "POST", route: "/api/grievances", status_code: "400" })).toBe(1);
    expect(moved("http_requests_total", { method: "GET", route: "/api/grievances/:id", status_code: "404" })).toBe(1);
    expect(moved("http_requests_total", { method: "GET", route: "unmatched", status_code: "404" })).toBe(1);
    // Addresses never become labels: no report id, no query, no unmatched path.
    expect(after).not.toContain(id);
    expect(after).not.toContain("pipes");
    expect(after).not.toContain("/api/no-such");
    expect(moved("http_request_duration_seconds_count", { method: "GET", route: "/api/grievances" })).toBe(2);
    expect(
      moved("http_request_duration_seconds_bucket", { method: "POST", route: "/api/grievances", le: "+Inf" }),
    ).toBe(2);
    expect(moved("http_request_duration_seconds_sum", { method: "POST", route: "/api/grievances" })).toBeGreaterThan(0);

    expect(moved("grievance_submissions_total", { outcome: "accepted", reason: "new" })).toBe(1);
    expect(moved("grievance_submissions_total", { outcome: "refused", reason: "validation" })).toBe(1);

    expect(moved("image_processing_seconds_count", {})).toBe(1);
    const seconds = moved("image_processing_seconds_sum", {});
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThan(10);
    // The receipt of the accepted report (it gave an e-mail address) waits in the outbox.
    expect(sample(after, "outbox_messages_pending")).toBe(1);
  });

  it("tells refusals apart: a photo that is not one, a retry with a reused key", async () => {
    const before = await scrape();
    const notAPhoto = await postGrievance(t.app, validFields, [
      { filename: "x.jpg", bytes: Buffer.from("not an image"), type: "image/jpeg" },
    ]);
    expect(notAPhoto.statusCode).toBe(400);
    const key = { "idempotency-key": "metrics-test-key-1" };
    const form = async (fields: Record<string, string>) => {
      const body = await multipart(fields);
      return t.app.inject({
        method: "POST",
        url: "/api/grievances",
        payload: body.payload,
        headers: { ...body.headers, ...key },
      });
    };
    expect((await form(validFields)).statusCode).toBe(201);
    expect((await form(validFields)).statusCode).toBe(201);
    expect((await form({ ...validFields, title: "Another report" })).statusCode).toBe(422);
    const after = await scrape();
    const moved = (labels: Record<string, string>) =>
      (sample(after, "grievance_submissions_total", labels) ?? 0) -
      (sample(before, "grievance_submissions_total", labels) ?? 0);
    expect(moved({ outcome: "refused", reason: "image_rejected" })).toBe(1);
    expect(moved({ outcome: "accepted", reason: "new" })).toBe(1);
    expect(moved({ outcome: "accepted", reason: "idempotent_replay" })).toBe(1);
    expect(moved({ outcome: "refused", reason: "idempotency_key_reused" })).toBe(1);
  });

  it("counts the requests the database failed", async () => {
    const before = sample(await scrape(), "db_errors_total", { source: "request" }) ?? 0;
    expect((await t.app.inject({ url: `/api/grievances/${unreachableId}` })).statusCode).toBe(503);
    const after = await scrape();
    expect(sample(after, "db_errors_total", { source: "request" })).toBe(before + 1);
    expect(sample(after, "http_requests_total", { route: "/api/grievances/:id", status_code: "503" })).toBe(1);
  });

  it.runIf(process.env.TEST_DATABASE_URL)("on PostgreSQL, shows the connection pool", async () => {
    const text = await scrape();
    expect(text).toMatch(/^# TYPE db_pool_connections gauge$/m);
    expect(sample(text, "db_pool_connections", { state: "total" })).toBeGreaterThanOrEqual(1);
    expect(sample(text, "db_pool_connections", { state: "idle" })).toBeGreaterThanOrEqual(0);
    expect(sample(text, "db_pool_connections", { state: "waiting" })).toBe(0);
  });

  it.skipIf(process.env.TEST_DATABASE_URL)("on the embedded database, has no pool figures", async () => {
    expect(await scrape()).not.toContain("db_pool_connections");
  });
});

describe("a scrape while the database does not answer", () => {
  const silentLog = pino({ level: "silent" });
  const database = (query: () => Promise<never>): Database => ({
    kind: "pglite",
    query,
    exec: query,
    transaction: query,
    close: async () => undefined,
  });

  it("still answers, without an outbox figure, and counts the failure", async () => {
    const metrics = new PortalMetrics(
      database(() => Promise.reject(new Error("connection refused"))),
      silentLog,
    );
    const text = await metrics.registry.metrics();
    expect(sample(text, "outbox_messages_pending")).toBeNaN();
    expect(sample(text, "db_errors_total", { source: "scrape" })).toBe(1);
    expect(sample(text, "process_resident_memory_bytes")).toBeGreaterThan(0);
  });

  it("gives up on a frozen database within about a second", async () => {
    const metrics = new PortalMetrics(
      database(() => new Promise<never>(() => undefined)),
      silentLog,
    );
    const started = performance.now();
    const text = await metrics.registry.metrics();
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(sample(text, "outbox_messages_pending")).toBeNaN();
    expect(sample(text, "db_errors_total", { source: "scrape" })).toBe(1);
  });
});
