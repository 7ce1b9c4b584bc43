import { readFileSync } from "node:fs";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { OpenAPIV3_1 } from "openapi-types";
import { z } from "zod";
import { apiPaths } from "#shared/api-paths.ts";
import { apiErrorSchema } from "#shared/api-schemas/errors.ts";
import { SESSION_COOKIE } from "../auth/session-cookie.ts";

/** The tags the reference page groups operations under, in its order (docs/api-conventions.md). */
export const OPENAPI_TAGS = [
  { name: "grievances", description: "Reports: submit, list, read one." },
  { name: "places", description: 'Maps, possible duplicates, "I have this problem too", addresses for pins.' },
  { name: "tracking", description: 'The reporter\'s private link: their view, updates, "Is it fixed?".' },
  { name: "field", description: "A technician's one-time link to a job: read it, add notes, mark it fixed." },
  { name: "incidents", description: 'Water incidents: active and recent ones, "I am affected", alerts for an area.' },
  { name: "follow", description: "Following a report by e-mail, and the pages behind the links in the messages." },
  { name: "staff", description: "The staff console: sign-in and the work queue. Needs the staff session cookie." },
  {
    name: "admin",
    description: "Administration: categories, staff accounts, API keys. Needs an administrator's session.",
  },
  { name: "categories", description: "The categories a report may have." },
  { name: "open311", description: "Open311 GeoReport v2 for work-order systems and 311 apps." },
  { name: "exports", description: "Reports as CSV and Atom feeds." },
  { name: "sms", description: "What the SMS gateway (Kannel) calls: messages from phones, delivery reports." },
  { name: "privacy", description: "What the privacy notice says: whom to ask, how long data is kept." },
  { name: "health", description: "Status probes, stored images and this reference." },
] as const;

export type OpenApiTag = (typeof OPENAPI_TAGS)[number]["name"];

/** Operations that need a signed-in staff member declare this as their `security`. */
export const STAFF_SECURITY = [{ cookieAuth: [] }];

// The package's own version: read once at start-up (the server runs TypeScript directly, without a JSON import).
const packageInfo = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as {
  name: string;
  version: string;
  description?: string;
};

/**
 * A multipart/form-data body that the handler reads itself (read-submission.ts) rather than Fastify: named in a route's
 * schema as `multipartBody`, it becomes the operation's `requestBody` in the document and is never used to validate.
 */
export interface MultipartBody {
  /** The text fields: the shared zod schema the handler validates them with. */
  fields: z.core.$ZodType;
  /** The file field: its name, how many files, each one's largest size, the media types accepted. */
  files: {
    field: string;
    maxFiles: number;
    maxFileBytes: number;
    mediaTypes: readonly string[];
    /** What the files are, when they are not photos (an import's file). */
    description?: string;
  };
  /** The whole body's largest size, as the handler enforces it. */
  maxBodyBytes: number;
}

declare module "fastify" {
  interface FastifySchema {
    /** Documented as the operation's multipart requestBody (MultipartBody); Fastify itself does not read it. */
    multipartBody?: MultipartBody;
  }
}

export interface OpenApiOptions {
  /** PUBLIC_URL (config.ts): the document's server; without it, the server is "/" (wherever it was fetched from). */
  publicUrl: string | undefined;
}

/**
 * Registers the OpenAPI 3.1 generator; it must come before the routes, which it collects as they are added. The
 * document is generated from the routes' zod schemas (fastify-type-provider-zod's transform), so it cannot drift.
 */
export async function registerOpenApi(app: FastifyInstance, options: OpenApiOptions): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Clean Water & Sanitation Grievance Portal API",
        version: packageInfo.version,
        description:
          "Every route of the portal, generated from the schemas that validate its requests and serialise its answers. " +
          "Errors answer `{ message, fieldErrors? }`; Open311 answers errors in GeoReport v2's own format.",
        // No `license` (Redocly's info-license warns): the project has not chosen one, and the document must not
        // claim a licence nobody granted.
      },
      servers: [{ url: options.publicUrl ?? "/" }],
      // Public unless an operation says otherwise: the staff's operations name the session cookie (STAFF_SECURITY).
      // Open311's POST takes its api_key as a field, as the standard has it, which is no security scheme.
      security: [],
      tags: [...OPENAPI_TAGS],
      components: {
        securitySchemes: {
          cookieAuth: {
            type: "apiKey",
            in: "cookie",
            name: SESSION_COOKIE,
            description: "The staff session, set by POST /api/staff/session (sent only to /api/staff).",
          },
        },
      },
    },
    transform: documentRoute,
    transformObject: (generated) =>
      "openapiObject" in generated
        ? finishDocument(generated.openapiObject as OpenAPIV3_1.Document)
        : generated.swaggerObject,
  });
}

/** The media type of the forms with files (POST /api/grievances, POST /api/track/:token/updates). */
const MULTIPART = "multipart/form-data";
// Carries a multipart body's `encoding` from the route to the document's requestBody (finishDocument), since
// @fastify/swagger copies only the schema of a body's media type.
const MULTIPART_ENCODING = "x-multipart-encoding";

/**
 * The refusals any route can answer whatever its schema, with the one error body, before the route runs: the app-wide
 * hooks refuse a request whose address or query holds text that cannot be stored (reject-unstorable-text.ts) or that
 * has two Host headers (single-host.ts), 400; and Fastify refuses a body of a media type that no parser of the
 * route's scope reads, 415 (Open311, whose errors have their own format, declares its own).
 */
const APP_WIDE_REFUSALS: Record<string, { methods?: readonly string[]; description: string }> = {
  400: {
    description:
      "The request cannot be read: its address or query holds invisible or broken characters, or it has two Host headers.",
  },
  415: { methods: ["POST", "PUT", "PATCH"], description: "The body is of a media type this operation does not read." },
};

/** The route's responses with the app-wide refusals it does not declare itself. */
function withAppWideRefusals(declared: Record<string, unknown>, method: string | string[]): Record<string, unknown> {
  const methods = [method].flat();
  const added = Object.entries(APP_WIDE_REFUSALS)
    .filter(
      ([status, refusal]) =>
        !(status in declared) && (!refusal.methods || methods.some((m) => refusal.methods!.includes(m))),
    )
    .map(([status, { description }]) => [
      status,
      { description, content: { "application/json": { schema: apiErrorSchema } } },
    ]);
  return { ...declared, ...Object.fromEntries(added) };
}

/**
 * One route's part of the document: the zod schemas as JSON Schema, the app-wide refusals where the route declares
 * none of its own, and a `multipartBody` as its requestBody.
 */
const documentRoute: typeof jsonSchemaTransform = (original) => {
  // The web app's pages and files (spa.ts) have no schema (tests/api/route-inventory.ts): they are no operation.
  if (!original.schema) return { url: original.url, schema: { hide: true } };
  const declared = original.schema.response as Record<string, unknown> | undefined;
  const route = declared
    ? { ...original, schema: { ...original.schema, response: withAppWideRefusals(declared, original.route.method) } }
    : original;
  const multipart = route.schema.multipartBody;
  if (!multipart) return jsonSchemaTransform(route);
  const { multipartBody: _multipart, consumes: _consumes, ...schema } = route.schema;
  // The fields go through the same conversion as any body (the zod schema's input side), then gain the files.
  const transformed = jsonSchemaTransform({ ...route, schema: { ...schema, body: multipart.fields } });
  const fields = transformed.schema.body as JsonSchemaObject;
  const { field, maxFiles, maxFileBytes, mediaTypes } = multipart.files;
  const files = {
    type: "array",
    maxItems: maxFiles,
    items: { type: "string", format: "binary" },
    description:
      multipart.files.description ??
      `Up to ${maxFiles} photos (${mediaTypes.join(", ")}; the type is recognised from the bytes), each at most ` +
        `${megabytes(maxFileBytes)}. The whole body may be at most ${megabytes(multipart.maxBodyBytes)}.`,
  };
  return {
    url: transformed.url,
    schema: {
      ...transformed.schema,
      body: {
        content: { [MULTIPART]: { schema: { ...fields, properties: { ...fields.properties, [field]: files } } } },
      },
      [MULTIPART_ENCODING]: { [field]: { contentType: mediaTypes.join(", ") } },
    },
  };
};

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

interface JsonSchemaObject {
  [keyword: string]: unknown;
  properties?: Record<string, unknown>;
}

/**
 * The whole document, once generated: each multipart body gets its encoding, and every schema the zod conversion
 * wrote as a record over a fixed set of keys (`z.record(z.enum([...]), ...)`, e.g. the statistics' `byStatus`) names
 * those keys as properties. zod writes such a record as `propertyNames` + `additionalProperties` with a `required`
 * list of keys that no `properties` defines: valid JSON Schema, but a `required` that names nothing to clients,
 * linters and generators, which then see a free-form map instead of the fixed object it is.
 */
export function finishDocument(document: OpenAPIV3_1.Document): OpenAPIV3_1.Document {
  for (const pathItem of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(pathItem ?? {}) as Record<string, unknown>[]) {
      if (typeof operation !== "object" || operation === null || !(MULTIPART_ENCODING in operation)) continue;
      const media = (operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined)?.content[MULTIPART];
      if (media) media.encoding = operation[MULTIPART_ENCODING] as Record<string, OpenAPIV3_1.EncodingObject>;
      delete operation[MULTIPART_ENCODING];
    }
  }
  explicitRecordKeys(document);
  return document;
}

/** Rewrites, in place and at any depth, each record over an enum of keys as an object with those properties. */
export function explicitRecordKeys(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) explicitRecordKeys(item);
    return;
  }
  if (typeof node !== "object" || node === null) return;
  const schema = node as JsonSchemaObject;
  const keys = (schema.propertyNames as { enum?: unknown[] } | undefined)?.enum;
  const values = schema.additionalProperties;
  if (
    schema.type === "object" &&
    !schema.properties &&
    Array.isArray(keys) &&
    typeof values === "object" &&
    values !== null
  ) {
    schema.properties = Object.fromEntries(keys.map((key) => [String(key), values]));
    schema.additionalProperties = false;
    delete schema.propertyNames;
  }
  for (const child of Object.values(schema)) explicitRecordKeys(child);
}

const openApiDocumentSchema = z.looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.looseObject({}) });

/**
 * The one `<style>` element swagger-ui's bundle writes itself (its React renderer, at start-up), allowed by its hash on
 * the reference page only: everything else there comes from its own files under 'self'. A new swagger-ui version may
 * change it; tests/e2e/api-docs.spec.ts then sees the page's CSP error.
 */
export const SWAGGER_UI_STYLE_HASH = "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='";

/** The portal's CSP (helmet, app.ts) with swagger-ui's one style element allowed: for /api/docs only. */
const withSwaggerUiStyle = (policy: string) =>
  policy
    .split(";")
    .map((directive) =>
      directive.trim().startsWith("style-src ") ? `${directive} ${SWAGGER_UI_STYLE_HASH}` : directive,
    )
    .join(";");

/**
 * The document at GET /api/openapi.json and the readable reference at /api/docs; registered after the routes.
 * swagger-ui's page loads its own files from 'self' (no inline script), so the portal's CSP holds there too, but for
 * the one style element above.
 */
export async function registerOpenApiReference(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    apiPaths.openapi,
    {
      schema: {
        operationId: "getOpenApiDocument",
        summary: "This API's OpenAPI 3.1 document",
        tags: ["health"],
        response: { 200: openApiDocumentSchema },
      },
    },
    async () => app.swagger() as z.output<typeof openApiDocumentSchema>,
  );
  await app.register(fastifySwaggerUi, {
    routePrefix: apiPaths.docs,
    uiConfig: { docExpansion: "list", deepLinking: true, defaultModelsExpandDepth: 0 },
    theme: { title: "API reference · Clean Water & Sanitation Grievance Portal" },
    transformStaticCSP: withSwaggerUiStyle,
  });
}
