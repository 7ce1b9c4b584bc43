import type { InjectOptions } from "fastify";
import { HOSTILE_BODIES, HOSTILE_PROPERTY_VALUES, HOSTILE_QUERIES, HOSTILE_SEGMENTS } from "./openapi-fuzz-values.ts";

/**
 * The requests of the OpenAPI fuzz (openapi-fuzz.test.ts), made from the served document alone: for each operation a
 * plausible request (its path filled with real rows' ids, its body sampled from its schema), then that request with
 * each path parameter, each query parameter and each top-level body property in turn replaced by each hostile value
 * (openapi-fuzz-values.ts). Nothing here names an operation: one added later is fuzzed the day it is documented.
 */

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  items?: JsonSchema | false;
  prefixItems?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

export interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema?: JsonSchema;
}

export interface FuzzOperation {
  method: string;
  template: string;
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
}

/** What the plausible request is made of: real rows' ids and values, looked up by the parameter's or field's name. */
export type Samples = (name: string, template: string) => unknown;

export interface FuzzRequest {
  operationId: string;
  /** What was varied, to replay a failure: "path id = ----…", "body name = []". */
  label: string;
  request: InjectOptions;
}

const BODY_KINDS = ["application/json", "multipart/form-data", "application/x-www-form-urlencoded"] as const;
type BodyKind = (typeof BODY_KINDS)[number];

/** A value that fits `schema`, from the samples where its name is known, else the schema's own constraints. */
export function sampleOf(schema: JsonSchema | undefined, name: string, template: string, samples: Samples): unknown {
  const known = samples(name, template);
  if (known !== undefined) return known;
  if (!schema) return "fuzz";
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum.find((value) => value !== null) ?? null;
  if (schema.default !== undefined) return schema.default;
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice) {
    const first = choice.find((option) => option.type !== "null") ?? choice[0];
    return sampleOf(first, name, template, samples);
  }
  const type = [schema.type ?? "string"].flat().find((each) => each !== "null") ?? "string";
  switch (type) {
    case "number":
    case "integer":
      return Math.min(Math.max(schema.minimum ?? 1, 1), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    case "boolean":
      return false;
    case "array": {
      if (schema.prefixItems) return schema.prefixItems.map((item) => sampleOf(item, name, template, samples));
      const item = schema.items === false ? undefined : schema.items;
      return Array.from({ length: Math.max(schema.minItems ?? 1, 1) }, () => sampleOf(item, name, template, samples));
    }
    case "object":
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [key, sampleOf(value, key, template, samples)]),
      );
    default:
      if (schema.format === "date-time") return new Date().toISOString();
      if (schema.format === "email") return "fuzz@example.org";
      return "fuzz".padEnd(schema.minLength ?? 0, "z");
  }
}

const textOf = (value: unknown): string => (typeof value === "string" ? value : JSON.stringify(value));

/** The body part of a request: JSON, a multipart form (text fields; a file where the schema has binary ones) or a form. */
function bodyOf(
  kind: BodyKind,
  body: Record<string, unknown>,
  binary: string[],
  withFile = false,
): Partial<InjectOptions> {
  if (kind === "application/json") {
    return { headers: { "content-type": "application/json" }, payload: JSON.stringify(body) };
  }
  if (kind === "application/x-www-form-urlencoded") {
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(body))
      for (const each of Array.isArray(value) ? value : [value]) form.append(key, textOf(each));
    return { headers: { "content-type": kind }, payload: form.toString() };
  }
  const boundary = "fuzz-boundary-5b1c";
  const part = (headers: string, content: string) => `--${boundary}\r\n${headers}\r\n\r\n${content}\r\n`;
  let payload = "";
  for (const [key, value] of Object.entries(body)) {
    if (binary.includes(key)) continue;
    payload += part(`Content-Disposition: form-data; name="${key}"`, textOf(value));
  }
  // A file that is no image, under a name that tries to climb out of the bucket.
  for (const key of withFile ? binary : []) {
    const headers = `Content-Disposition: form-data; name="${key}"; filename="../../x.php%00.png"\r\nContent-Type: image/png`;
    payload += part(headers, "<?php echo 1; ?>");
  }
  return {
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    payload: `${payload}--${boundary}--\r\n`,
  };
}

function isBinary(schema: JsonSchema | undefined): boolean {
  const item = schema?.items === false ? undefined : schema?.items;
  return schema?.format === "binary" || item?.format === "binary";
}

/** The fuzz's requests for one operation. */
export function requestsOf(operation: FuzzOperation, samples: Samples): FuzzRequest[] {
  const { method, template, operationId } = operation;
  const parameters = operation.parameters ?? [];
  const pathParams = parameters.filter((p) => p.in === "path");
  const queryParams = parameters.filter((p) => p.in === "query");
  const plausiblePath = Object.fromEntries(
    pathParams.map((p) => [p.name, encodeURIComponent(textOf(sampleOf(p.schema, p.name, template, samples)))]),
  );
  const requiredQuery = queryParams
    .filter((p) => p.required)
    .map((p) => [p.name, textOf(sampleOf(p.schema, p.name, template, samples))] as const);

  const kind = BODY_KINDS.find((each) => operation.requestBody?.content[each]);
  const bodySchema = kind ? operation.requestBody?.content[kind]?.schema : undefined;
  const binary = Object.entries(bodySchema?.properties ?? {})
    .filter(([, schema]) => isBinary(schema))
    .map(([name]) => name);
  const plausibleBody = kind
    ? (sampleOf({ ...bodySchema, type: "object" }, "", template, samples) as Record<string, unknown>)
    : undefined;

  const make = (
    label: string,
    path: Record<string, string>,
    query: string[],
    body: Partial<InjectOptions> | undefined,
  ): FuzzRequest => {
    const filled = template.replace(/\{([^}]+)\}/g, (_, name: string) => path[name] ?? "");
    const required = requiredQuery
      .filter(([name]) => !query.some((each) => each.startsWith(`${encodeURIComponent(name)}=`)))
      .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
    const search = [...required, ...query].join("&");
    return {
      operationId,
      label,
      request: {
        method: method.toUpperCase() as InjectOptions["method"],
        url: search ? `${filled}?${search}` : filled,
        ...body,
      },
    };
  };
  const plainBody = plausibleBody && kind ? bodyOf(kind, plausibleBody, binary) : undefined;

  const requests: FuzzRequest[] = [make("as sampled", plausiblePath, [], plainBody)];
  // A parameter no operation declares, named after what a prototype pollution tries.
  requests.push(make("undeclared query", plausiblePath, ["__proto__[x]=1", "constructor=%00"], plainBody));
  for (const param of pathParams) {
    for (const segment of HOSTILE_SEGMENTS) {
      requests.push(
        make(
          `path ${param.name} = ${segment.slice(0, 60)}`,
          { ...plausiblePath, [param.name]: segment },
          [],
          plainBody,
        ),
      );
    }
  }
  for (const param of queryParams) {
    for (const { label, query } of HOSTILE_QUERIES) {
      requests.push(make(`query ${param.name} = ${label}`, plausiblePath, [query(param.name)], plainBody));
    }
  }
  if (plausibleBody && kind) {
    for (const property of Object.keys(plausibleBody)) {
      if (binary.includes(property)) continue;
      for (const value of HOSTILE_PROPERTY_VALUES) {
        const body = bodyOf(kind, { ...plausibleBody, [property]: value }, binary);
        requests.push(make(`body ${property} = ${textOf(value).slice(0, 60)}`, plausiblePath, [], body));
      }
    }
    if (kind === "multipart/form-data" && binary.length > 0) {
      requests.push(make("a file that is no image", plausiblePath, [], bodyOf(kind, plausibleBody, binary, true)));
    }
    if (kind === "application/json") {
      for (const payload of HOSTILE_BODIES) {
        const body = { headers: { "content-type": "application/json" }, payload };
        requests.push(make(`whole body = ${payload}`, plausiblePath, [], body));
      }
    }
  }
  return requests;
}
