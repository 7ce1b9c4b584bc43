import { readFileSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createConfig, lintFromString } from "@redocly/openapi-core";
import { Validator } from "@seriousme/openapi-schema-validator";
import Fastify, { type FastifySchema } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod/mini";
import { explicitRecordKeys, registerOpenApi } from "#server/http/openapi.ts";
import { apiPaths, exportPaths } from "#shared/api-paths.ts";
import { AnswerChecker, checkAnswersAgainstDocument, type Exchange } from "./openapi-answers.ts";
import { createAppWithRoutes, isExcused, type RegisteredRoute } from "./route-inventory.ts";
import type { TestApp } from "./test-app.ts";

interface MediaType {
  schema?: { type?: string; properties?: Record<string, Record<string, unknown>>; required?: string[] };
  encoding?: Record<string, { contentType?: string }>;
}
interface Operation {
  operationId?: string;
  tags?: string[];
  security?: unknown[];
  requestBody?: { required?: boolean; content: Record<string, MediaType> };
  responses?: Record<string, { content?: Record<string, MediaType> }>;
}
interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  servers?: { url: string }[];
  security?: unknown[];
  tags?: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: { securitySchemes?: Record<string, unknown> };
}

let t: TestApp;
let routes: RegisteredRoute[];
let document: OpenApiDocument;

let webDir: string;

beforeAll(async () => {
  // With a built web app, as in production: its pages and files are routes too, and must stay out of the document.
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), "portal-web-"));
  await fs.writeFile(path.join(webDir, "index.html"), "<!doctype html><title>Portal</title><div id=root></div>");
  ({ t, routes } = await createAppWithRoutes({ config: { webDir } }));
  const res = await t.app.inject({ method: "GET", url: apiPaths.openapi });
  expect(res.statusCode).toBe(200);
  document = res.json<OpenApiDocument>();
});
afterAll(async () => {
  await t.close();
  await fs.rm(webDir, { recursive: true, force: true });
});

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

/** Every operation of the document, with its method and path. */
const operationsOf = (doc: OpenApiDocument) =>
  Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
const operation = (method: string, path: string): Operation => {
  const found = document.paths[path]?.[method];
  if (!found) throw new Error(`no ${method} ${path} in the document`);
  return found;
};
const mediaTypesOf = (op: Operation, status: string) => Object.keys(op.responses?.[status]?.content ?? {});

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

describe("what the document says of bodies and media types", () => {
  it("the report form and the reporter's update are multipart bodies: the shared schema's fields and the photos", () => {
    const report = operation("post", apiPaths.grievances).requestBody!;
    const form = report.content["multipart/form-data"]!;
    expect(Object.keys(report.content)).toEqual(["multipart/form-data"]);
    expect(Object.keys(form.schema!.properties!)).toEqual(
      expect.arrayContaining([
        "title",
        "description",
        "category",
        "priority",
        "location",
        "user_email",
        "user_phone",
        "latitude",
        "longitude",
        "images",
      ]),
    );
    expect(form.schema!.required).toEqual(["title", "description", "category"]);
    expect(form.schema!.properties!.title).toMatchObject({ type: "string", maxLength: 200 });
    expect(form.schema!.properties!.images).toMatchObject({
      type: "array",
      maxItems: 5,
      items: { type: "string", format: "binary" },
    });
    expect(form.schema!.properties!.images!.description).toMatch(/each at most 5 MB/);
    expect(form.encoding?.images?.contentType).toBe("image/jpeg, image/png, image/gif, image/webp");

    const update = operation("post", "/api/track/{token}/updates").requestBody!.content["multipart/form-data"]!;
    expect(Object.keys(update.schema!.properties!)).toEqual(["text", "images"]);
    expect(update.schema!.required).toEqual(["text"]);
  });

  it("Open311's POST takes the form encoding the standard and FixMyStreet send, and JSON", () => {
    const body = operation("post", "/open311/v2/requests.{format}").requestBody!;
    expect(Object.keys(body.content)).toEqual(["application/x-www-form-urlencoded", "application/json"]);
    expect(Object.keys(body.content["application/x-www-form-urlencoded"]!.schema!.properties!)).toEqual(
      expect.arrayContaining(["api_key", "service_code", "description", "lat", "long", "address_string", "email"]),
    );
  });

  it("each answer that is not JSON is declared as what it is", () => {
    expect(mediaTypesOf(operation("get", exportPaths.grievancesCsv), "200")).toEqual(["text/csv"]);
    expect(mediaTypesOf(operation("get", exportPaths.grievancesFeed), "200")).toEqual(["application/atom+xml"]);
    expect(mediaTypesOf(operation("get", exportPaths.incidentsFeed), "200")).toEqual(["application/atom+xml"]);
    expect(mediaTypesOf(operation("get", "/incidents/{id}.cap.xml"), "200")).toEqual(["application/cap+xml"]);
    // Signing out answers 204 and nothing else: no body, no media type.
    expect(operation("delete", "/api/staff/session").responses!["204"]).toEqual({
      description: "Signed out: the session has ended.",
    });
    // Open311: JSON or the standard's text/xml by the path's suffix, errors included.
    for (const { path, operation: op } of operationsOf(document).filter(({ path }) => path.startsWith("/open311/"))) {
      for (const status of Object.keys(op.responses ?? {})) {
        expect(mediaTypesOf(op, status), `${path} ${status}`).toEqual(["application/json", "text/xml"]);
      }
    }
  });

  it("a record over fixed keys is an object with those properties, so `required` names only properties that exist", () => {
    const stats = operation("get", "/api/stats").responses!["200"]!.content!["application/json"]!.schema!;
    const byStatus = stats.properties!.byStatus as { properties?: Record<string, unknown>; required?: string[] };
    expect(Object.keys(byStatus.properties ?? {})).toEqual(["pending", "in-progress", "resolved"]);
    expect(byStatus.required).toEqual(["pending", "in-progress", "resolved"]);

    const record = {
      type: "object",
      propertyNames: { type: "string", enum: ["a", "b"] },
      additionalProperties: { type: "number" },
      required: ["a", "b"],
    };
    const nested = { type: "object", properties: { counts: record } };
    explicitRecordKeys(nested);
    expect(record).toEqual({
      type: "object",
      properties: { a: { type: "number" }, b: { type: "number" } },
      additionalProperties: false,
      required: ["a", "b"],
    });
    // A record over any string stays a map.
    const map = { type: "object", propertyNames: { type: "string" }, additionalProperties: { type: "number" } };
    explicitRecordKeys(map);
    expect(map).toEqual({
      type: "object",
      propertyNames: { type: "string" },
      additionalProperties: { type: "number" },
    });
  });

  it("every operation declares the app-wide refusals: 400 for an unreadable address, 415 for a body it cannot read", () => {
    for (const { method, path, operation: op } of operationsOf(document)) {
      expect(op.responses?.["400"], `${method} ${path}`).toBeDefined();
      if (["POST", "PUT", "PATCH"].includes(method)) expect(op.responses?.["415"], `${method} ${path}`).toBeDefined();
    }
    // Open311's in its own error format.
    expect(mediaTypesOf(operation("post", "/open311/v2/requests.{format}"), "415")).toEqual([
      "application/json",
      "text/xml",
    ]);
  });

  it("operations are public unless they name the staff session", () => {
    expect(document.security).toEqual([]);
    expect(operation("get", "/api/staff/grievances/{id}").security).toEqual([{ cookieAuth: [] }]);
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

describe("answers checked against the document (tests/api/openapi-answers.ts)", () => {
  const exchange = (overrides: Partial<Exchange>): Exchange => ({
    method: "GET",
    url: "/api/grievances/00000000-0000-4000-8000-000000000000",
    requestHeaders: {},
    status: 404,
    contentType: "application/json; charset=utf-8",
    body: JSON.stringify({ message: "There is no such report." }),
    ...overrides,
  });

  it("accepts an answer as the document declares it", () => {
    const checker = new AnswerChecker(document);
    expect(checker.problemsOf(exchange({}))).toEqual([]);
    expect(checker.operationOf("GET", "/api/grievances/map?bbox=1,2,3,4")?.operation.operationId).toBe(
      "listGrievanceMarkers",
    );
    expect(checker.operationOf("GET", "/open311/v2/requests/WG-1.xml")?.operation.operationId).toBe(
      "getServiceRequest",
    );
    expect(checker.operationOf("GET", "/incidents/abc.cap.xml")?.operation.operationId).toBe("getIncidentCapAlert");
    expect(
      checker.problemsOf(
        exchange({ url: "/media/grievance-images/a.png", status: 200, contentType: "image/png", body: "…" }),
      ),
    ).toEqual([]);
    // Nothing to check where the document says nothing: the web app's pages and files.
    expect(checker.problemsOf(exchange({ url: "/grievances", status: 200, contentType: "text/html" }))).toEqual([]);
  });

  it("names a status, a media type or a body the document does not declare", () => {
    const checker = new AnswerChecker(document);
    expect(checker.problemsOf(exchange({ status: 418 }))).toEqual([
      expect.stringMatching(/getGrievance\) answered 418, a status the document does not declare/),
    ]);
    expect(checker.problemsOf(exchange({ contentType: "text/html" }))).toEqual([
      expect.stringMatching(/as text\/html; the document declares application\/json/),
    ]);
    expect(checker.problemsOf(exchange({ body: JSON.stringify({ text: "no message" }) }))).toEqual([
      expect.stringMatching(/the body does not match the document: \(body\) must have required property 'message'/),
    ]);
    expect(
      checker.problemsOf(
        exchange({ url: exportPaths.grievancesCsv, status: 200, contentType: "application/json", body: "[]" }),
      ),
    ).toEqual([expect.stringMatching(/the document declares text\/csv/)]);
  });

  it("fails the inject() of an app whose answer departs from its document", async () => {
    // Without the type provider, so that the route may answer what its schema does not declare.
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await registerOpenApi(app, { publicUrl: undefined });
    const schema: FastifySchema = {
      operationId: "getExample",
      summary: "x",
      tags: ["health"],
      response: { 200: z.object({ n: z.number() }) },
    };
    app.get("/example", { schema }, async (request, reply) =>
      (request.query as { teapot?: string }).teapot ? reply.code(418).send() : { n: 1 },
    );
    await app.ready();
    checkAnswersAgainstDocument(app);
    expect((await app.inject({ method: "GET", url: "/example" })).json()).toEqual({ n: 1 });
    await expect(app.inject({ method: "GET", url: "/example?teapot=1" })).rejects.toThrow(
      /answered 418, a status the document does not declare/,
    );
    await app.close();
  });
});
