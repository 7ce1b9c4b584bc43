import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect } from "vitest";
import { apiPaths } from "#shared/api-paths.ts";
import { createAppWithRoutes, type RegisteredRoute } from "./route-inventory.ts";
import type { TestApp } from "./test-app.ts";
import { gatewaySms } from "./sms-gateway-support.ts";

const SMS_FOR_DOCUMENT = gatewaySms();

/** What the openapi-*.test.ts files share: the real app's document, its types, and helpers to read it. */

export interface MediaType {
  schema?: { type?: string; properties?: Record<string, Record<string, unknown>>; required?: string[] };
  encoding?: Record<string, { contentType?: string }>;
}
export interface Operation {
  operationId?: string;
  tags?: string[];
  security?: unknown[];
  requestBody?: { required?: boolean; content: Record<string, MediaType> };
  responses?: Record<string, { content?: Record<string, MediaType> }>;
}
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  servers?: { url: string }[];
  security?: unknown[];
  tags?: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: { securitySchemes?: Record<string, unknown> };
}

export interface ServedDocument {
  t: TestApp;
  routes: RegisteredRoute[];
  document: OpenApiDocument;
  close: () => Promise<void>;
}

/** The app and the document it serves at /api/openapi.json. */
export async function serveDocument(): Promise<ServedDocument> {
  // With a built web app, as in production: its pages and files are routes too, and must stay out of the document.
  const webDir = await fs.mkdtemp(path.join(os.tmpdir(), "portal-web-"));
  await fs.writeFile(path.join(webDir, "index.html"), "<!doctype html><title>Portal</title><div id=root></div>");
  // With SMS on (its routes exist only then), so the document's checks cover them too.
  const { t, routes } = await createAppWithRoutes({ config: { webDir, sms: SMS_FOR_DOCUMENT } });
  const res = await t.app.inject({ method: "GET", url: apiPaths.openapi });
  expect(res.statusCode).toBe(200);
  const document = res.json<OpenApiDocument>();
  const close = async () => {
    await t.close();
    await fs.rm(webDir, { recursive: true, force: true });
  };
  return { t, routes, document, close };
}

/** The document's "/api/grievances/{id}" is the route "/api/grievances/:id". */
export const asRoutePattern = (openApiPath: string) => openApiPath.replace(/\{([^}]+)\}/g, ":$1");

/** Every operation of the document, with its method and path. */
export const operationsOf = (doc: OpenApiDocument) =>
  Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
/** The operation at that method and path of the document; throws when there is none. */
export const operationIn = (document: OpenApiDocument, method: string, path: string): Operation => {
  const found = document.paths[path]?.[method];
  if (!found) throw new Error(`no ${method} ${path} in the document`);
  return found;
};
export const mediaTypesOf = (op: Operation, status: string) => Object.keys(op.responses?.[status]?.content ?? {});
