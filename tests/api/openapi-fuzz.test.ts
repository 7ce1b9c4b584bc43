import fs from "node:fs/promises";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AnswerChecker, type OpenApiDocument } from "./openapi-answers.ts";
import { answerProblem } from "./openapi-fuzz-checks.ts";
import { type FuzzOperation, type FuzzRequest, requestsOf, type Samples } from "./openapi-fuzz-requests.ts";
import { MALFORMED_IDS } from "./openapi-fuzz-values.ts";
import { INBOUND_SMS, METRICS_TOKEN, PUBLIC_URL, TOKEN } from "./sms-inbound-support.ts";
import { adminAndStaffClients, seedGrievance } from "./staff/staff-helpers.ts";
import { createTestApp, postGrievance, type TestApp, validFields } from "./test-app.ts";

/**
 * Every operation of the served OpenAPI document, signed in as an installation administrator, with hostile path
 * parameters, hostile query values and each JSON property in turn replaced by a hostile value
 * (openapi-fuzz-requests.ts): never a 5xx, every answer one the document declares, and every refusal readable in the
 * operation's error format (openapi-fuzz-checks.ts; docs/api-conventions.md, "Checked on every test run"). The
 * requests come from the document, so an operation added later is fuzzed without anyone adding it here.
 */

// Operations the fuzz runs last, each with its reason; none is left out.
const RUN_LAST: Record<string, string> = {
  deleteStaffSession: "signs the administrator out, which every staff operation after it would answer 401",
};

let t: TestApp;
let admin: (options: InjectOptions) => Promise<LightMyRequestResponse>;
let operations: FuzzOperation[];
let samples: Samples;

const AN_UNKNOWN_ID = "7d444840-9dc0-41d1-b245-5ffdce74fad2";

async function made<T>(response: Promise<{ statusCode: number; body: string }>, what: string): Promise<T> {
  const answer = await response;
  if (answer.statusCode >= 300) throw new Error(`the fuzz's ${what} could not be made: ${answer.body}`);
  return JSON.parse(answer.body) as T;
}

beforeAll(async () => {
  t = await createTestApp({
    // Everything on, so that every operation the portal can have is in the document.
    config: { submissionsPerHour: 100_000, publicUrl: PUBLIC_URL, sms: INBOUND_SMS, metricsToken: METRICS_TOKEN },
    // The checker below collects what departs from the document instead of failing the first request.
    checkAnswers: false,
  });
  const clients = await adminAndStaffClients(t.app, t.db, "admin@water.example", "crew@water.example");
  admin = clients.admin;
  const { rows } = await t.db.query<{ id: string }>("SELECT id FROM staff_accounts WHERE email = 'crew@water.example'");
  const staffId = rows[0]!.id;
  const grievanceId = await seedGrievance(t.db);
  const submitted = await made<{ trackingUrl: string; reference: string }>(postGrievance(t.app, validFields), "report");
  const trackingToken = submitted.trackingUrl.split("/").pop()!;
  const { categories } = await made<{ categories: { service_code: string }[] }>(
    admin({ url: "/api/categories" }),
    "category list",
  );
  const serviceCode = categories[0]!.service_code;
  const post = (url: string, payload?: object) => admin({ method: "POST", url, payload });
  const team = await made<{ id: string }>(
    post("/api/staff/teams", { name: "Fuzz crew", email: "crew@fuzz.example", kind: "crew" }),
    "team",
  );
  const rule = await made<{ id: string }>(
    post("/api/staff/routing-rules", { teamId: team.id, serviceCode, area: null }),
    "routing rule",
  );
  const apiKey = await made<{ apiKey: { id: string }; key: string }>(
    post("/api/staff/admin/api-keys", { name: "Fuzz" }),
    "API key",
  );
  const template = await made<{ id: string }>(
    post("/api/staff/admin/response-templates", { title: "Fuzz", status: "pending", language: "en", text: "On it." }),
    "response template",
  );
  const incident = await made<{ id: string }>(
    post("/api/staff/incidents", {
      type: "supply-interruption",
      severity: "minor",
      title: "Fuzz",
      message: "No water.",
      instructions: "Wait.",
      area: null,
      localities: ["Elm Street"],
      startsAt: new Date().toISOString(),
      expectedRestorationAt: null,
    }),
    "incident",
  );
  const fieldLink = await made<{ url: string }>(
    post(`/api/staff/grievances/${grievanceId}/technician-links`, { email: "tech@fuzz.example" }),
    "technician link",
  );
  const passwordLink = await made<{ link: string }>(
    post(`/api/staff/admin/accounts/${staffId}/password-link`, undefined),
    "set-password link",
  );
  const ids: Record<string, string> = {
    grievances: grievanceId,
    incidents: incident.id,
    teams: team.id,
    accounts: staffId,
    "api-keys": apiKey.apiKey.id,
    "routing-rules": rule.id,
    "response-templates": template.id,
  };
  const tokens: Record<string, string> = {
    "/api/track/": trackingToken,
    "/api/field/": fieldLink.url.split("/").pop()!,
    "/api/staff/password-links/": passwordLink.link.split("/").pop()!,
  };
  const byName: Record<string, unknown> = {
    staffId,
    supervisorId: staffId,
    staffAccountId: staffId,
    teamId: team.id,
    grievanceId,
    ids: [grievanceId],
    linkId: AN_UNKNOWN_ID,
    updateId: AN_UNKNOWN_ID,
    serviceCode,
    service_code: serviceCode,
    service_request_id: submitted.reference,
    category: validFields.category,
    format: "json",
    index: "0",
    key: "fuzz.jpg",
    api_key: apiKey.key,
    email: "someone@fuzz.example",
    password: "a long enough pass phrase for the fuzz",
  };
  samples = (name, template) => {
    if (name === "id") {
      const resource = Object.keys(ids).find((each) => template.includes(`/${each}/{id}`));
      return resource ? ids[resource] : AN_UNKNOWN_ID;
    }
    if (name === "token") {
      const prefix = Object.keys(tokens).find((each) => template.startsWith(each));
      return prefix ? tokens[prefix] : template.includes("/sms/") ? TOKEN : "fuzz-token-0123456789";
    }
    return byName[name];
  };
  const document = t.app.swagger() as unknown as OpenApiDocument & {
    paths: Record<string, Record<string, Omit<FuzzOperation, "method" | "template">>>;
  };
  checker = new AnswerChecker(document);
  operations = Object.entries(document.paths).flatMap(([template, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ ...operation, method, template })),
  );
  operations.sort((a, b) => Number(a.operationId in RUN_LAST) - Number(b.operationId in RUN_LAST));
}, 60_000);
afterAll(() => t.close());

let checker: AnswerChecker;
// The labels of the requests whose path carries an id-like segment (requestsOf: "path <name> = <segment>").
const malformedId = new RegExp(`^path \\S+ = (${MALFORMED_IDS.join("|")})$`);

describe("every operation of the OpenAPI document under hostile input, as an administrator", () => {
  it("never answers 5xx, answers only what the document declares, and words each refusal in its own format", async () => {
    const failures: string[] = [];
    let count = 0;
    for (const operation of operations) {
      const requests: FuzzRequest[] = requestsOf(operation, samples);
      for (const { label, request } of requests) {
        count += 1;
        // A client address of its own for each request: the rate limits would otherwise answer 429 before any parsing.
        const remoteAddress = `10.${(count >> 16) & 255}.${(count >> 8) & 255}.${count & 255}`;
        const response = await admin({ ...request, remoteAddress });
        const contentType = response.headers["content-type"];
        const type = typeof contentType === "string" ? contentType : undefined;
        const problems = [
          answerProblem(operation.template, response.statusCode, type, response.body),
          malformedId.test(label) && response.statusCode === 400 ? "answered 400 to a malformed id, not 404" : "",
          ...checker.problemsOf({
            method: request.method ?? "GET",
            url: String(request.url),
            requestHeaders: (request.headers ?? {}) as Record<string, unknown>,
            status: response.statusCode,
            contentType: type,
            body: response.body,
          }),
        ].filter(Boolean);
        for (const problem of problems) failures.push(`${operation.operationId} (${label}): ${problem}`);
      }
    }
    console.info(`openapi fuzz: ${operations.length} operations, ${count} requests`);
    if (process.env.OPENAPI_FUZZ_LOG) await fs.writeFile(process.env.OPENAPI_FUZZ_LOG, failures.join("\n"));
    expect(operations.length).toBeGreaterThan(100);
    expect(failures.length, `${failures.length} failures:\n${failures.slice(0, 40).join("\n")}`).toBe(0);
  }, 240_000);
});
