import Fastify, { type FastifySchema } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod/mini";
import { registerOpenApi } from "#server/http/openapi.ts";
import { exportPaths } from "#shared/api-paths.ts";
import { AnswerChecker, checkAnswersAgainstDocument, type Exchange } from "./openapi-answers.ts";
import { type OpenApiDocument, serveDocument } from "./openapi-served.ts";

let document: OpenApiDocument;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ document, close } = await serveDocument());
});
afterAll(() => close());

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
