import { readFileSync } from "node:fs";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform, type ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import { apiPaths } from "../../shared/api-paths.ts";
import { SESSION_COOKIE } from "../staff/session-cookie.ts";

/** The tags the reference page groups operations under, in its order (docs/api-conventions.md). */
export const OPENAPI_TAGS = [
  { name: "grievances", description: "Reports: submit, list, read one." },
  { name: "places", description: "Maps, possible duplicates, \"I have this problem too\", addresses for pins." },
  { name: "tracking", description: "The reporter's private link: their view, updates, \"Is it fixed?\"." },
  { name: "incidents", description: "Water incidents: active and recent ones, \"I am affected\", alerts for an area." },
  { name: "follow", description: "Following a report by e-mail, and the pages behind the links in the messages." },
  { name: "staff", description: "The staff console: sign-in and the work queue. Needs the staff session cookie." },
  { name: "admin", description: "Administration: categories, staff accounts, API keys. Needs an administrator's session." },
  { name: "categories", description: "The categories a report may have." },
  { name: "open311", description: "Open311 GeoReport v2 for work-order systems and 311 apps." },
  { name: "exports", description: "Reports as CSV and Atom feeds." },
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
 * Registers the OpenAPI 3.1 generator; it must come before the routes, which it collects as they are added. The
 * document is generated from the routes' zod schemas (fastify-type-provider-zod's transform), so it cannot drift.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Clean Water & Sanitation Grievance Portal API",
        version: packageInfo.version,
        description:
          "Every route of the portal, generated from the schemas that validate its requests and serialise its answers. " +
          "Errors answer `{ message, fieldErrors? }`; Open311 answers errors in GeoReport v2's own format.",
      },
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
    transform: jsonSchemaTransform,
  });
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
    .map((directive) => (directive.trim().startsWith("style-src ") ? `${directive} ${SWAGGER_UI_STYLE_HASH}` : directive))
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
