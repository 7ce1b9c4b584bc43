import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPaths } from "../../src/shared/api-paths.ts";
import { createAppWithRoutes, isExcused, type RegisteredRoute } from "./route-inventory.ts";
import type { TestApp } from "./test-app.ts";

interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  tags?: { name: string }[];
  paths: Record<string, Record<string, { tags?: string[]; security?: unknown[]; responses?: Record<string, unknown> }>>;
  components?: { securitySchemes?: Record<string, unknown> };
}

let t: TestApp;
let routes: RegisteredRoute[];
let document: OpenApiDocument;

beforeAll(async () => {
  ({ t, routes } = await createAppWithRoutes());
  const res = await t.app.inject({ method: "GET", url: apiPaths.openapi });
  expect(res.statusCode).toBe(200);
  document = res.json<OpenApiDocument>();
});
afterAll(async () => t.close());

/** The document's "/api/grievances/{id}" is the route "/api/grievances/:id". */
const asRoutePattern = (openApiPath: string) => openApiPath.replace(/\{([^}]+)\}/g, ":$1");

describe("GET /api/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    expect(document.openapi).toBe("3.1.0");
    const validator = new Validator();
    const result = await validator.validate(document as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("describes every registered route with its method", () => {
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${asRoutePattern(path)}`),
      ),
    );
    const missing = routes
      .filter((route) => !isExcused(route.url))
      .map((route) => `${route.method} ${route.url}`)
      .filter((route) => !documented.has(route));
    expect(missing).toEqual([]);
  });

  it("groups every operation under a declared tag, and marks the staff routes as needing the session cookie", () => {
    const tags = new Set((document.tags ?? []).map((tag) => tag.name));
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        expect(operation.tags?.length, `${method} ${path}`).toBeGreaterThan(0);
        for (const tag of operation.tags ?? []) expect(tags.has(tag), `${method} ${path}: tag ${tag}`).toBe(true);
        // Signing in, and setting a password through a one-time link, are done before there is a session.
        const beforeSession =
          (path === "/api/staff/session" && method !== "get") || path.startsWith("/api/staff/password-links/");
        const signedIn = path.startsWith("/api/staff/") && !beforeSession;
        if (signedIn) expect(operation.security, `${method} ${path}`).toEqual([{ cookieAuth: [] }]);
      }
    }
    expect(document.components?.securitySchemes?.cookieAuth).toMatchObject({ type: "apiKey", in: "cookie" });
  });

  it("documents the answers' shapes, and a public report has no field beyond the masked contact details", () => {
    const read = document.paths["/api/grievances/{id}"]?.get?.responses?.["200"] as {
      content: { "application/json": { schema: { properties: Record<string, unknown> } } };
    };
    const fields = Object.keys(read.content["application/json"].schema.properties);
    expect(fields).toEqual(expect.arrayContaining(["id", "reference", "title", "status", "images"]));
    expect(fields).not.toContain("trackingUrl");
    expect(fields).not.toContain("hidden_reason");
    expect(document.paths["/api/grievances"]?.get?.responses?.["400"]).toBeDefined();
  });
});

describe("GET /api/docs", () => {
  it("answers the reference page as HTML that loads its own files only", async () => {
    const res = await t.app.inject({ method: "GET", url: `${apiPaths.docs}/` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.body).toContain('id="swagger-ui"');
    expect(res.body).not.toMatch(/<script>(?!\s*<\/script>)|<style/);
    const redirect = await t.app.inject({ method: "GET", url: apiPaths.docs });
    expect([200, 302]).toContain(redirect.statusCode);
  });

  it("points the page at the generated document", async () => {
    const res = await t.app.inject({ method: "GET", url: `${apiPaths.docs}/json` });
    expect(res.statusCode).toBe(200);
    expect(res.json<OpenApiDocument>().paths).toEqual(document.paths);
  });
});
