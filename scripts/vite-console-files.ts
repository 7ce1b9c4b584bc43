import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  css?: string[];
  assets?: string[];
  imports?: string[];
  dynamicImports?: string[];
}

/** The console's route table: the public pages reach the console's code only through it (router.tsx). */
const CONSOLE_ROUTES = "app/console-routes.tsx";

/**
 * The built files that only the console loads: reached from the entry through the console's route table and from no
 * public page. The service worker's globIgnores name the console's own chunks (staff-*, admin-*, console-*); a
 * module the console's features share among themselves (form feedback, the console's incident requests, the
 * declare form's drawing map) is a chunk named after that module, which this finds whatever its name.
 */
export function consoleOnlyFiles(outDir: string): Set<string> {
  const manifestFile = path.join(outDir, ".vite/manifest.json");
  if (!fs.existsSync(manifestFile)) return new Set();
  const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as Record<string, ManifestChunk>;
  const filesReached = (skip: string | undefined) => {
    const files = new Set<string>();
    const seen = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || seen.has(key) || key === skip) return;
      seen.add(key);
      for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
      for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
    };
    for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
    return files;
  };
  const publicFiles = filesReached(CONSOLE_ROUTES);
  return new Set([...filesReached(undefined)].filter((file) => !publicFiles.has(file)));
}

/** Keeps the build's output folder at hand for the service worker's manifest transform (vite.config.ts). */
export function outDirOf(): { plugin: Plugin; outDir: () => string } {
  let outDir = "";
  return {
    plugin: {
      name: "out-dir",
      apply: "build",
      configResolved(config) {
        outDir = path.resolve(config.root, config.build.outDir);
      },
    },
    outDir: () => outDir,
  };
}
