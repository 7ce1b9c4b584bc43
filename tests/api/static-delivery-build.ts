import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { build } from "vite";
import { afterAll, beforeAll } from "vitest";
import { createTestApp, type TestApp } from "./test-app.ts";

/**
 * What the static-delivery-*.test.ts files share: how the built web app and the API's JSON travel. `npm test` builds
 * the web app once and names it in TEST_WEB_DIR, read as it is; without it (a file run alone), the web app is built
 * for each file into a folder of its own (dist/web, which other runs rebuild, is left alone).
 */
const prebuilt = process.env.TEST_WEB_DIR;

const root = path.resolve(import.meta.dirname, "../..");
export const IMMUTABLE = "public, max-age=31536000, immutable";

// Set by useBuiltWebApp()'s beforeAll (ES module bindings, so importers see them once set).
export let t: TestApp;
export let webDir: string;
export let entryScript: string;
export let entryStyle: string;
export let manifest: Record<string, { file: string; isEntry?: boolean; css?: string[] }>;

/** Builds the web app into a folder of its own and starts the app serving it; removes both at the end. */
export function useBuiltWebApp() {
  beforeAll(async () => {
    if (prebuilt) webDir = path.resolve(root, prebuilt);
    else {
      webDir = await fs.mkdtemp(path.join(os.tmpdir(), "portal-static-"));
      await build({
        configFile: path.join(root, "vite.config.ts"),
        logLevel: "error",
        build: { outDir: webDir, emptyOutDir: true },
      });
    }
    manifest = JSON.parse(await fs.readFile(path.join(webDir, ".vite/manifest.json"), "utf8")) as typeof manifest;
    const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
    if (!entry?.css?.[0]) throw new Error("The build has no entry chunk with a stylesheet.");
    entryScript = `/${entry.file}`;
    entryStyle = `/${entry.css[0]}`;
    t = await createTestApp({ config: { webDir } });
  }, 240_000);

  afterAll(async () => {
    await t?.close();
    if (!prebuilt) await fs.rm(webDir, { recursive: true, force: true });
  });
}

export const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });
export const builtFile = (url: string) => fs.readFile(path.join(webDir, url));
export const chunk = (module: string) => `<link rel="modulepreload" crossorigin href="/${manifest[module]!.file}">`;
