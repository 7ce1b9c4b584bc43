import zlib from "node:zlib";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { FastifyInstance } from "fastify";
import type { InjectOptions, Response as InjectResponse } from "light-my-request";

/**
 * Every answer the API tests get is checked against the OpenAPI document the same app serves (docs/api-conventions.md,
 * "The reference"): its status must be one the operation declares, its media type one declared for that status, and a
 * JSON body must match the declared schema. The document is generated from the routes' schemas, so a route that
 * answers what it does not declare, or a schema that does not describe the answer, fails the test that saw it.
 */

interface MediaTypeObject {
  schema?: Record<string, unknown>;
}
interface ResponseObject {
  content?: Record<string, MediaTypeObject>;
}
interface OperationObject {
  operationId?: string;
  responses?: Record<string, ResponseObject>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, OperationObject>>;
}

/** What was asked and what came back: the parts of an inject() exchange that the check reads. */
export interface Exchange {
  method: string;
  url: string;
  requestHeaders: Record<string, unknown>;
  status: number;
  contentType: string | undefined;
  body: string;
}

const METHODS = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);

// Compiled once per schema and test file, whichever app's document it came from (they differ only in `servers`).
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const validators = new Map<string, ValidateFunction>();
function validatorOf(schema: Record<string, unknown>): ValidateFunction {
  const key = JSON.stringify(schema);
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(key, validate);
  }
  return validate;
}

interface PathMatcher {
  template: string;
  pattern: RegExp;
  literalLength: number;
}

/** "/api/grievances/{id}" as a pattern: each `{name}` one or more characters other than "/", the rest literal. */
function matcherOf(template: string): PathMatcher {
  const parts = template.split(/(\{[^}]+\})/);
  const source = parts
    .map((part) => (/^\{[^}]+\}$/.test(part) ? "([^/]+?)" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("");
  const literalLength = parts.filter((part) => !part.startsWith("{")).join("").length;
  return { template, pattern: new RegExp(`^${source}$`), literalLength };
}

export class AnswerChecker {
  private readonly document: OpenApiDocument;
  private readonly matchers: PathMatcher[];

  constructor(document: OpenApiDocument) {
    this.document = document;
    // Where two templates match, the one with more literal text is the route the router picks
    // ("/api/grievances/map" before "/api/grievances/{id}").
    this.matchers = Object.keys(document.paths)
      .map(matcherOf)
      .sort((a, b) => b.literalLength - a.literalLength);
  }

  /** The documented operation serving a request, if any: what Prism would look up. */
  operationOf(method: string, url: string): { template: string; operation: OperationObject } | undefined {
    const path = decodePathOf(url);
    const verb = method.toLowerCase();
    for (const { template, pattern } of this.matchers) {
      if (!pattern.test(path)) continue;
      const operation = this.document.paths[template]?.[verb];
      if (operation && METHODS.has(verb)) return { template, operation };
    }
    return undefined;
  }

  /** The ways an answer departs from its operation in the document; empty when it conforms (or is not documented). */
  problemsOf(exchange: Exchange): string[] {
    // HEAD is GET without a body, which Fastify answers by itself; OPTIONS is CORS's; neither is an operation here.
    if (exchange.method === "HEAD" || exchange.method === "OPTIONS") return [];
    const found = this.operationOf(exchange.method, exchange.url);
    // Paths the document does not describe: the web app's pages and files, /api/docs, unknown addresses.
    if (!found) return [];
    const { template, operation } = found;
    const where = `${exchange.method} ${template} (${operation.operationId ?? "no operationId"}) answered ${exchange.status}`;
    const responses = operation.responses ?? {};
    const status = String(exchange.status);
    const response = responses[status] ?? responses[`${status[0]}XX`] ?? responses.default;
    if (!response) {
      // A conditional GET answered "not modified": HTTP's caching, the 200's representation unchanged.
      if (exchange.status === 304 && responses["200"] && isConditional(exchange.requestHeaders)) return [];
      return [`${where}, a status the document does not declare (it declares ${Object.keys(responses).join(", ")})`];
    }
    const content = response.content;
    if (!content || Object.keys(content).length === 0) {
      return exchange.body.length === 0 ? [] : [`${where} with a body, where the document declares none`];
    }
    const mediaType = exchange.contentType?.split(";")[0]?.trim().toLowerCase();
    const declared = Object.keys(content);
    const match = mediaType === undefined ? undefined : declared.find((range) => mediaTypeMatches(range, mediaType));
    if (!match) return [`${where} as ${mediaType ?? "no Content-Type"}; the document declares ${declared.join(", ")}`];
    const schema = content[match]?.schema;
    if (!schema || !isJson(match)) return [];
    let body: unknown;
    try {
      body = JSON.parse(exchange.body);
    } catch {
      return [`${where} as ${mediaType}, but the body is not JSON: ${exchange.body.slice(0, 200)}`];
    }
    const validate = validatorOf(schema);
    if (validate(body)) return [];
    const errors = (validate.errors ?? [])
      .slice(0, 5)
      .map((error) => `${error.instancePath || "(body)"} ${error.message ?? ""}`);
    return [
      `${where}: the body does not match the document: ${errors.join("; ")}. Body: ${exchange.body.slice(0, 300)}`,
    ];
  }
}

/** "image/*" covers "image/png"; otherwise the same type. */
function mediaTypeMatches(range: string, mediaType: string): boolean {
  const declared = range.toLowerCase();
  if (declared === "*/*") return true;
  if (declared.endsWith("/*")) return mediaType.startsWith(declared.slice(0, -1));
  return declared === mediaType;
}

const isJson = (mediaType: string) => mediaType === "application/json" || mediaType.endsWith("+json");

const isConditional = (headers: Record<string, unknown>) =>
  Object.keys(headers).some((name) => ["if-none-match", "if-modified-since"].includes(name.toLowerCase()));

/** The path of a request URL as the router sees it: without the query, percent-decoded where it can be. */
function decodePathOf(url: string): string {
  const path = url.split("?")[0] ?? "";
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/**
 * Wraps the app's inject() so that every answer it returns is checked against the app's own OpenAPI document; an
 * answer that departs from it rejects the inject() with the problems, failing the test that saw it.
 */
export function checkAnswersAgainstDocument(app: FastifyInstance): void {
  let checker: AnswerChecker | undefined;
  const original = app.inject.bind(app);
  const checked = async (options: InjectOptions | string): Promise<InjectResponse> => {
    const response = await original(options);
    const request = typeof options === "string" ? { method: "GET", url: options } : options;
    checker ??= new AnswerChecker(app.swagger() as unknown as OpenApiDocument);
    const headers = (request.headers ?? {}) as Record<string, unknown>;
    const contentType = response.headers["content-type"];
    const problems = checker.problemsOf({
      method: (request.method ?? "GET").toUpperCase(),
      url: urlOf(request),
      requestHeaders: headers,
      status: response.statusCode,
      contentType: typeof contentType === "string" ? contentType : undefined,
      body: bodyOf(response),
    });
    if (problems.length > 0) throw new Error(`The answer departs from the OpenAPI document:\n${problems.join("\n")}`);
    return response;
  };
  // Only the promise form is checked; the callback and chain forms (unused by the tests) go through unchanged.
  app.inject = ((options?: InjectOptions | string, callback?: unknown) =>
    options === undefined || callback !== undefined
      ? (original as (...args: unknown[]) => unknown)(options, callback)
      : checked(options)) as FastifyInstance["inject"];
}

/** The body as text, decompressed when the answer was compressed (the tests ask for gzip or br at times). */
function bodyOf(response: InjectResponse): string {
  const encoding = response.headers["content-encoding"];
  if (encoding === "gzip") return zlib.gunzipSync(response.rawPayload).toString("utf8");
  if (encoding === "br") return zlib.brotliDecompressSync(response.rawPayload).toString("utf8");
  if (encoding === "deflate") return zlib.inflateSync(response.rawPayload).toString("utf8");
  return response.body;
}

function urlOf(request: InjectOptions | { method: string; url: string }): string {
  const url = (request as { url?: unknown; path?: unknown }).url ?? (request as { path?: unknown }).path ?? "/";
  if (typeof url === "string") return url;
  return (url as { pathname?: string }).pathname ?? "/";
}
