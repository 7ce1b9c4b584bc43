import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HealthStatus, StorageStatus } from "#shared/api-types.ts";
import { MESSAGES } from "#shared/messages.ts";
import { SERVER_ERROR_MESSAGE } from "#server/http/error-handler.ts";
import { STATUS_CHECKS_PER_MINUTE } from "#server/routes/status-routes.ts";
import { makePng } from "../fixtures/images.ts";
import { createTestApp, postGrievance, type TestApp } from "./test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("storage and health", () => {
  it("reports storage ready and leaves no probe behind", async () => {
    const res = await t.app.inject({ url: "/api/storage" });
    expect(res.statusCode).toBe(200);
    expect(res.json<StorageStatus>()).toEqual({ ok: true, bucket: "grievance-images", message: MESSAGES.storageReady });
    expect(await fs.readdir(t.bucketDir)).toEqual([]);
  });

  it("reports health of database and storage", async () => {
    const res = await t.app.inject({ url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json<HealthStatus>()).toEqual({
      ok: true,
      database: { ok: true, kind: t.db.kind },
      storage: { ok: true },
    });
  });

  it("answers liveness without touching database or storage, and readiness like /api/health", async () => {
    const live = await t.app.inject({ url: "/api/health/live" });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ ok: true });
    const ready = await t.app.inject({ url: "/api/health/ready" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json<HealthStatus>()).toEqual({
      ok: true,
      database: { ok: true, kind: t.db.kind },
      storage: { ok: true },
    });
  });

  it("probes storage once for many form views and health checks", async () => {
    let probes = 0;
    const counted = await createTestApp({
      imageStore: (real) => ({
        bucket: real.bucket,
        location: real.location,
        put: (...args) => real.put(...args),
        get: (key) => real.get(key),
        delete: (key) => real.delete(key),
        list: () => real.list(),
        check: () => {
          probes += 1;
          return real.check();
        },
      }),
    });
    try {
      for (const url of ["/api/storage", "/api/health", "/api/storage", "/api/health/ready", "/api/storage"]) {
        expect((await counted.app.inject({ url })).statusCode).toBe(200);
      }
      expect(probes).toBe(1);
    } finally {
      await counted.close();
    }
  });

  it("rate-limits the storage check and the health probes per client", async () => {
    const flooded = await createTestApp();
    try {
      const storage = [];
      for (let i = 0; i < STATUS_CHECKS_PER_MINUTE; i++) {
        storage.push((await flooded.app.inject({ url: "/api/storage" })).statusCode);
      }
      expect(storage.every((status) => status === 200)).toBe(true);
      const refused = await flooded.app.inject({ url: "/api/storage" });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        message: "Too many status checks. Please wait a minute and try again.",
        requestId: expect.any(String),
      });
      expect(refused.headers["retry-after"]).toBeDefined();
      // Another client is not affected.
      expect((await flooded.app.inject({ url: "/api/storage", remoteAddress: "192.0.2.7" })).statusCode).toBe(200);

      for (let i = 0; i < STATUS_CHECKS_PER_MINUTE; i++) await flooded.app.inject({ url: "/api/health/live" });
      expect((await flooded.app.inject({ url: "/api/health/live" })).statusCode).toBe(429);
    } finally {
      await flooded.close();
    }
  });

  it("reports unusable storage with 503 and the storage message, without creating anything", async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), "portal-file-"));
    const aFile = path.join(root, "not-a-folder");
    await fs.writeFile(aFile, "x");
    const broken = await createTestApp({ config: { storageDir: path.join(aFile, "storage") } });
    const devNull = await createTestApp({ config: { storageDir: "/dev/null/storage" } });
    try {
      for (const app of [broken.app, devNull.app]) {
        const storage = await app.inject({ url: "/api/storage" });
        expect(storage.statusCode).toBe(503);
        expect(storage.json()).toEqual({ ok: false, bucket: "grievance-images", message: MESSAGES.storageUnavailable });

        const health = await app.inject({ url: "/api/health" });
        expect(health.statusCode).toBe(503);
        expect(health.json<HealthStatus>()).toMatchObject({
          ok: false,
          database: { ok: true },
          storage: { ok: false, message: MESSAGES.storageUnavailable },
        });
        // Reports without images still work; with images they fail cleanly.
        const fields = { title: "T", description: "D", category: "Other" };
        expect((await postGrievance(app, fields)).statusCode).toBe(201);
        const withImage = await postGrievance(app, fields, [{ filename: "a.png", bytes: await makePng() }]);
        expect(withImage.statusCode).toBe(500);
        expect(withImage.json()).toEqual({ message: MESSAGES.submitFailed, requestId: expect.any(String) });
      }
      expect((await fs.stat(aFile)).isFile()).toBe(true);
    } finally {
      await broken.close();
      await devNull.close();
      await fs.rm(root, { recursive: true, force: true });
    }
  });
});

describe("media", () => {
  it.each([
    "..%2F..%2Fetc%2Fpasswd",
    "..%2F..%2F..%2F..%2Fetc%2Fpasswd",
    "%2Fetc%2Fpasswd",
    "1700000000000-abcdefghij-x.svg",
    "1700000000000-abcdefghij-missing.png",
    "1700000000000-ABCDEFGHIJ-x.png",
  ])("answers 404 JSON for %s", async (key) => {
    const res = await t.app.inject({ url: `/media/grievance-images/${key}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "Image not found", requestId: expect.any(String) });
  });

  it("does not serve files outside the bucket even through path segments", async () => {
    const res = await t.app.inject({ url: "/media/grievance-images/../../package.json" });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toMatch(/application\/json/);
  });
});

describe("errors and routing", () => {
  it("answers unknown API routes with a JSON 404", async () => {
    for (const method of ["GET", "POST", "DELETE"] as const) {
      const res = await t.app.inject({ method, url: "/api/nothing-here" });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: "Not found", requestId: expect.any(String) });
    }
  });

  it("answers an address with broken percent-encoding with a message, not Fastify's internals", async () => {
    for (const url of ["/api/grievances/%E0%A4%A", "/grievance/%E0%A4%A"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: "This address is not valid. Please check the link.",
        requestId: expect.any(String),
      });
    }
  });

  it("maps fastify's own client errors to a message", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/grievances",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "The request body is not valid JSON.", requestId: expect.any(String) });

    const xml = await t.app.inject({
      method: "POST",
      url: "/api/grievances",
      headers: { "content-type": "application/xml" },
      payload: "<a/>",
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toEqual({
      message: "This kind of request body is not supported.",
      requestId: expect.any(String),
    });
  });

  it("hides the details of a server error", async () => {
    const failing = await createTestApp({
      repository: (real) =>
        Object.assign(Object.create(real) as typeof real, {
          list: async () => {
            throw new Error("connection to 10.0.0.5 refused");
          },
        }),
    });
    try {
      const res = await failing.app.inject({ url: "/api/grievances" });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: SERVER_ERROR_MESSAGE, requestId: expect.any(String) });
      expect(res.body).not.toMatch(/10\.0\.0\.5|at .*\.ts/);
    } finally {
      await failing.close();
    }
  });

  it("sends a content security policy that allows the SPA", async () => {
    const res = await t.app.inject({ url: "/api/health" });
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });
});

describe("single-page app", () => {
  let spa: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = await fs.mkdtemp(path.join(os.tmpdir(), "portal-web-"));
    await fs.mkdir(path.join(webDir, "assets"));
    await fs.writeFile(path.join(webDir, "index.html"), "<!doctype html><title>Portal</title><div id=root></div>");
    await fs.writeFile(path.join(webDir, "assets", "index-abc123.js"), "console.log(1)");
    await fs.writeFile(path.join(webDir, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
    spa = await createTestApp({ config: { webDir } });
  });
  afterAll(async () => {
    await spa.close();
    await fs.rm(webDir, { recursive: true, force: true });
  });

  it.each(["/", "/grievances", "/grievance/123", "/submit-grievance?x=1", "/no/such/page"])(
    "answers %s with index.html",
    async (url) => {
      const res = await spa.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.body).toContain("<div id=root>");
    },
  );

  it("serves hashed assets with a long cache and other files with revalidation", async () => {
    const asset = await spa.app.inject({ url: "/assets/index-abc123.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const icon = await spa.app.inject({ url: "/favicon.svg" });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers["cache-control"]).toBe("no-cache");
  });

  it("keeps API and media 404s as JSON", async () => {
    for (const url of ["/api/unknown", "/media/other"]) {
      const res = await spa.app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: "Not found", requestId: expect.any(String) });
    }
  });
});
