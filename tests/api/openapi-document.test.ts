import { readFileSync } from "node:fs";
import { createConfig, lintFromString } from "@redocly/openapi-core";
import { Validator } from "@seriousme/openapi-schema-validator";
import Fastify from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerOpenApi } from "#server/http/openapi.ts";
import { apiPaths } from "#shared/api-paths.ts";
import {
  asRoutePattern,
  type OpenApiDocument,
  type Operation,
  operationsOf,
  serveDocument,
  type ServedDocument,
} from "./openapi-served.ts";
import { isExcused, type RegisteredRoute } from "./route-inventory.ts";
import type { TestApp } from "./test-app.ts";

let served: ServedDocument;
let t: TestApp;
let routes: RegisteredRoute[];
let document: OpenApiDocument;

beforeAll(async () => {
  served = await serveDocument();
  ({ t, routes, document } = served);
});
afterAll(() => served.close());

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

describe("the document under Redocly's recommended rules", () => {
  it("has no error, and no warning but the licence nobody has chosen", async () => {
    const config = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({
      source: JSON.stringify(document),
      absoluteRef: "/api/openapi.json",
      config,
    });
    const described = problems.map(
      (problem) => `${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`,
    );
    expect(described.filter((problem) => problem.startsWith("error"))).toEqual([]);
    // info-license: the project has not chosen a licence, and the document must not claim one (openapi.ts).
    expect(described.filter((problem) => !problem.startsWith("warn info-license:"))).toEqual([]);
  });

  it("the lint would catch what it found on the old document: no servers, no operationId, a required key with no property", async () => {
    const config = await createConfig({ extends: ["recommended"] });
    const old = structuredClone(document) as unknown as Record<string, unknown> & OpenApiDocument;
    delete old.servers;
    delete (old.paths["/api/grievances"]!.get as Operation).operationId;
    (
      old.paths["/api/stats"]!.get!.responses!["200"]!.content!["application/json"]!.schema!.properties!
        .byStatus as Record<string, unknown>
    ).properties = undefined;
    const problems = await lintFromString({ source: JSON.stringify(old), absoluteRef: "/api/openapi.json", config });
    const rules = new Set(problems.map((problem) => problem.ruleId));
    expect(rules).toEqual(
      new Set(["info-license", "no-empty-servers", "operation-operationId", "no-required-schema-properties-undefined"]),
    );
  });
});

describe("operationId", () => {
  const VERBS = [
    "list",
    "get",
    "create",
    "update",
    "delete",
    "change",
    "add",
    "mark",
    "find",
    "answer",
    "follow",
    "confirm",
    "set",
    "hide",
    "unhide",
    "close",
    "link",
    "reorder",
    "revoke",
    "export",
    // The registry of water points: an import, a point retired and put back in service (docs/decisions/036).
    "import",
    "retire",
    "unretire",
    "assign",
    // A message to a report's reporter by SMS (sendSmsToReporter, docs/decisions/041-sms-for-staff.md).
    "send",
    // What the SMS gateway calls: a message from a phone, a delivery report (receiveSms, docs/decisions/035).
    "receive",
    // Erasure on request and blurring a photo (erasePersonalData, blurGrievancePhoto, docs/decisions/043).
    "erase",
    "blur",
    // Bulk actions from the queue: "bulk" then the single operation's verb and noun (bulkAssignGrievances).
    "bulk",
  ];
  const WELL_FORMED = new RegExp(`^(${VERBS.join("|")})[A-Z][A-Za-z0-9]*$`);

  it("every operation has one: unique, camelCase, a verb then a noun", () => {
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(70);
    const badlyFormed = operations
      .filter(({ operation: op }) => !WELL_FORMED.test(op.operationId ?? ""))
      .map(({ method, path, operation: op }) => `${method} ${path}: ${op.operationId ?? "none"}`);
    expect(badlyFormed).toEqual([]);
    const ids = operations.map(({ operation: op }) => op.operationId);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it("the pattern refuses what is not a verb then a noun", () => {
    for (const id of ["grievances", "ListGrievances", "list_grievances", "list", "fetchGrievances", "getgrievance"]) {
      expect(WELL_FORMED.test(id), id).toBe(false);
    }
  });

  it("docs/api-conventions.md lists every operation by its id, and nothing else", () => {
    const text = readFileSync(new URL("../../docs/api-conventions.md", import.meta.url), "utf8");
    const listed = [...text.matchAll(/^\| `([A-Za-z0-9]+)` \| `([A-Z]+) ([^`]+)` \|/gm)].map(
      (m) => `${m[1]} ${m[2]} ${m[3]}`,
    );
    const inDocument = operationsOf(document).map(
      ({ method, path, operation: op }) => `${op.operationId} ${method} ${path}`,
    );
    expect(listed.sort()).toEqual(inDocument.sort());
  });
});

describe("servers", () => {
  const serversWith = async (publicUrl: string | undefined) => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await registerOpenApi(app, { publicUrl });
    await app.ready();
    const servers = (app.swagger() as { servers?: unknown }).servers;
    await app.close();
    return servers;
  };

  it('is PUBLIC_URL when set, else the relative "/"', async () => {
    expect(document.servers).toEqual([{ url: "/" }]);
    expect(await serversWith(undefined)).toEqual([{ url: "/" }]);
    expect(await serversWith("https://water.example.org/portal")).toEqual([
      { url: "https://water.example.org/portal" },
    ]);
  });
});
