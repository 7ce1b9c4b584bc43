import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAppWithRoutes, isExcused, pathParamsOf, type RegisteredRoute } from "./route-inventory.ts";
import { gatewaySms } from "./sms-gateway-support.ts";
import type { TestApp } from "./test-app.ts";

// Every route declares what it reads and answers (docs/api-conventions.md): this names each one that does not.

let t: TestApp;
let routes: RegisteredRoute[];

beforeAll(async () => {
  // With SMS on: its routes exist only then.
  ({ t, routes } = await createAppWithRoutes({ config: { sms: gatewaySms() } }));
});
afterAll(async () => t.close());

/** What a route's schema lacks; empty when it is complete. */
function missingParts(route: RegisteredRoute): string[] {
  const schema = route.schema;
  if (!schema) return ["a schema"];
  const missing: string[] = [];
  const response = schema.response as Record<string, unknown> | undefined;
  if (!response || Object.keys(response).length === 0) missing.push("response");
  else if (!Object.keys(response).some((status) => /^2/.test(status))) missing.push("a success response");
  const params = pathParamsOf(route.url);
  if (params.length > 0) {
    const declared = schema.params as { shape?: Record<string, unknown> } | undefined;
    if (!declared) missing.push("params");
    else {
      const absent = params.filter((name) => !(declared.shape && name in declared.shape));
      if (absent.length > 0) missing.push(`params ${absent.join(", ")}`);
    }
  }
  if (typeof schema.summary !== "string") missing.push("summary");
  if (!Array.isArray(schema.tags) || schema.tags.length === 0) missing.push("tags");
  return missing;
}

describe("route schemas", () => {
  it("finds the routes (the inventory itself works)", () => {
    const seen = routes.map((route) => `${route.method} ${route.url}`);
    expect(seen).toEqual(
      expect.arrayContaining(["GET /api/grievances", "POST /api/grievances", "GET /api/grievances/:id"]),
    );
    expect(seen).toEqual(expect.arrayContaining(["POST /api/staff/session", "GET /api/staff/grievances/:id"]));
    expect(seen.length).toBeGreaterThan(30);
  });

  it("every route declares its response, its path parameters, a summary and tags", () => {
    const problems = routes
      .filter((route) => !isExcused(route.url))
      .map((route) => ({ route: `${route.method} ${route.url}`, missing: missingParts(route) }))
      .filter((entry) => entry.missing.length > 0)
      .map((entry) => `${entry.route}: no ${entry.missing.join(", no ")}`);
    expect(problems).toEqual([]);
  });

  it("the check would catch a route without a schema", () => {
    expect(missingParts({ method: "GET", url: "/api/example/:id", schema: undefined })).toEqual(["a schema"]);
    expect(
      missingParts({ method: "GET", url: "/api/example/:id", schema: { summary: "x", tags: ["health"] } }),
    ).toEqual(["response", "params"]);
  });

  it("the allow-list excuses only the web app's pages and files and the reference's own files", () => {
    expect(isExcused("/api/docs/static/index.html")).toBe(true);
    expect(isExcused("/api/docsx")).toBe(false);
    expect(isExcused("/api/grievances")).toBe(false);
    expect(isExcused("/follow/confirm/:token")).toBe(false);
  });
});
