/**
 * `npm run bench:web`: the bytes of the portal's first load of `/` (raw, gzip, brotli: index.html and every JS
 * and CSS file the page loads before any route chunk other than the landing page's) against the floor, an empty
 * React 19 + React Router 7 app with four routes (bench/empty-app) built by the same Vite configuration. Both are
 * built into a temporary folder; dist/web is left alone. Also prints the first load of the other public pages.
 * Nothing here is a test: it measures and prints.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { build } from "vite";
import { LOCALES, type Locale } from "#shared/i18n/locales.ts";
import { initialLoadFiles, readManifest, sentBytes, sumBytes, type Bytes } from "./initial-load.ts";

const root = path.resolve(import.meta.dirname, "..");
const GOAL = 1.15;

/** Route modules of the public pages (page, and loader when it has one), as Vite's manifest names them (relative to src/web). */
const PAGES = [
  {
    path: "/",
    route: ["app/pages/landing-page.tsx", "features/grievances/routes/landing-route.loader.ts"],
  },
  { path: "/submit-grievance", route: ["app/pages/submit-page.tsx"] },
  {
    path: "/grievances",
    route: ["app/pages/list-page.tsx", "features/grievances/routes/grievances-route.loader.ts"],
  },
  {
    path: "/grievance/:id",
    route: ["app/pages/grievance-page.tsx", "features/grievances/routes/grievance-route.loader.ts"],
  },
  {
    path: "/track/:token",
    route: ["app/pages/track-page.tsx", "features/tracking/routes/track-route.loader.ts"],
  },
] as const;

async function buildInto(appRoot: string, outDir: string): Promise<void> {
  await build({
    configFile: path.join(root, "vite.config.ts"),
    root: appRoot,
    logLevel: "error",
    build: { outDir, emptyOutDir: true, manifest: true },
  });
}

/** The chunk of a language's public texts, as src/web/lib/i18n/i18n.ts imports it. */
const textsOf = (locale: Locale) => `lib/i18n/catalogues/public-${locale}.ts`;

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const row = (label: string, cells: string[]) => `${label.padEnd(30)}${cells.map((c) => c.padStart(12)).join("")}`;
const bytesRow = (label: string, b: Bytes) => row(label, [kB(b.raw), kB(b.gzip), kB(b.brotli)]);

const temp = fs.mkdtempSync(path.join(os.tmpdir(), "bench-web-"));
try {
  const portalOut = path.join(temp, "portal");
  const floorOut = path.join(temp, "empty-app");
  console.log("Building the portal and the empty app (bench/empty-app) with vite.config.ts...");
  await buildInto(path.join(root, "src/web"), portalOut);
  await buildInto(path.join(root, "bench/empty-app"), floorOut);

  const portalManifest = readManifest(portalOut);
  const load = (outDir: string, files: string[]) => sumBytes(files.map((file) => sentBytes(outDir, file)));
  const landingFiles = initialLoadFiles(portalManifest, ...PAGES[0].route, textsOf("en"));
  const portal = load(portalOut, landingFiles);
  const floor = load(floorOut, initialLoadFiles(readManifest(floorOut)));

  console.log(
    `\nFirst load of /, bytes of the bodies as the server sends them (${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores)`,
  );
  console.log(row("", ["raw", "gzip", "brotli"]));
  console.log(bytesRow("portal", portal));
  console.log(bytesRow("empty app (floor)", floor));
  const ratio = (key: keyof Bytes) => `${(portal[key] / floor[key]).toFixed(2)}×`;
  console.log(row("portal / floor", [ratio("raw"), ratio("gzip"), ratio("brotli")]));
  const met = portal.brotli / floor.brotli <= GOAL;
  console.log(`Goal: at most ${GOAL}× the floor in brotli bytes: ${met ? "met" : "NOT met"}.`);

  console.log("\nFiles of the portal's first load of /:");
  for (const file of landingFiles) console.log(bytesRow(`  ${file}`, sentBytes(portalOut, file)));

  console.log("\nFirst load of each public page (HTML, entry, and the page's own chunks):");
  for (const page of PAGES) {
    console.log(
      bytesRow(`  ${page.path}`, load(portalOut, initialLoadFiles(portalManifest, ...page.route, textsOf("en")))),
    );
  }

  // The visitor's language comes as one chunk of texts; English leaves out the texts equal to their ids
  // (docs/decisions/019-languages.md), the others carry every public text.
  console.log("\nFirst load of / in each language (the page's texts chunk instead of the English one):");
  for (const locale of LOCALES) {
    const files = initialLoadFiles(portalManifest, ...PAGES[0].route, textsOf(locale));
    console.log(bytesRow(`  ${locale}`, load(portalOut, files)));
  }
} finally {
  fs.rmSync(temp, { recursive: true, force: true });
}
