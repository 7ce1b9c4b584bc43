import diagnostics from "node:diagnostics_channel";
import type { FastifyInstance, RouteOptions } from "fastify";
import { createTestApp, type TestApp, type TestAppOptions } from "./test-app.ts";

/** One registered route (one method of it), as the onRoute hook saw it. */
export interface RegisteredRoute {
  method: string;
  url: string;
  schema: Record<string, unknown> | undefined;
  /** The route's `config` (its `rateLimit`, for one). */
  config?: Record<string, unknown>;
}

/**
 * Routes that have no schema on purpose, each with its reason (docs/api-conventions.md). Matched by the start of
 * the path; nothing else is excused.
 */
export const ROUTES_WITHOUT_SCHEMA: readonly { prefix: string; exact: boolean; reason: string }[] = [
  {
    prefix: "/api/docs",
    exact: false,
    reason: "swagger-ui's own reference page and its asset files (the reference itself)",
  },
  { prefix: "/", exact: true, reason: "the single-page app's pages: HTML for the browser's router (spa.ts)" },
  { prefix: "/*", exact: true, reason: "the built web app's static files (@fastify/static)" },
  // It has a schema all the same (metrics-route.ts), only hidden from the reference.
  {
    prefix: "/metrics",
    exact: true,
    reason: "Prometheus's scrape for the operator (METRICS_TOKEN), not part of the public API",
  },
  // It has a schema all the same (open311-routes.ts), hidden: it only ever answers 404.
  {
    prefix: "/open311/v2/*",
    exact: true,
    reason: "Open311's unknown paths: 404 in GeoReport v2's error format, never the web app's page",
  },
  {
    prefix: "/open311/v2",
    exact: true,
    reason: "Open311's root, no document of the standard's: 404 in its error format",
  },
  {
    prefix: "/open311/v2/",
    exact: true,
    reason: "Open311's root, no document of the standard's: 404 in its error format",
  },
];

export const isExcused = (url: string): boolean =>
  ROUTES_WITHOUT_SCHEMA.some(({ prefix, exact }) =>
    exact ? url === prefix : url === prefix || url.startsWith(`${prefix}/`),
  );

/** The `:name` parameters of a route pattern, "/open311/v2/services/:service_code.:format" included. */
export const pathParamsOf = (url: string): string[] =>
  [...url.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!);

/**
 * The real app on a fresh database, with the list of every route it registered. Fastify announces each instance
 * it creates on the "fastify.initialization" channel before any plugin runs, so an onRoute hook added there sees
 * every route, the plugins' own included, without the app knowing about the test.
 */
export async function createAppWithRoutes(
  options: TestAppOptions = {},
): Promise<{ t: TestApp; routes: RegisteredRoute[] }> {
  const routes: RegisteredRoute[] = [];
  const onInit = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook("onRoute", (route: RouteOptions) => {
      for (const method of [route.method].flat()) {
        // Fastify adds a HEAD route to every GET by itself; the GET is what is checked and documented.
        if (method === "HEAD") continue;
        routes.push({
          method,
          url: route.url,
          schema: route.schema as Record<string, unknown> | undefined,
          config: route.config as Record<string, unknown> | undefined,
        });
      }
    });
  };
  diagnostics.subscribe("fastify.initialization", onInit);
  try {
    const t = await createTestApp(options);
    return { t, routes };
  } finally {
    diagnostics.unsubscribe("fastify.initialization", onInit);
  }
}
