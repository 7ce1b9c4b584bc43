import fs from "node:fs";
import path from "node:path";

/** One entry of Vite's .vite/manifest.json (build.manifest), keyed by source path relative to the root. */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

export function readManifest(outDir: string): ViteManifest {
  return JSON.parse(fs.readFileSync(path.join(outDir, ".vite/manifest.json"), "utf8")) as ViteManifest;
}

/**
 * The files a first visit downloads before anything else is asked for: index.html, the entry chunk with the chunks
 * it imports statically and their CSS, and, when the page's route is lazy, that route's chunk with the same.
 * Chunks behind other dynamic imports (other routes) are not part of it.
 */
export function initialLoadFiles(manifest: ViteManifest, ...routeSources: string[]): string[] {
  const files = new Set<string>(["index.html"]);
  const seen = new Set<string>();
  const add = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in Vite's manifest.`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) add(imported);
  };
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry);
  if (!entry) throw new Error("Vite's manifest names no entry chunk.");
  add(entry[0]);
  for (const source of routeSources) add(source);
  return [...files];
}

export interface Bytes {
  raw: number;
  gzip: number;
  brotli: number;
}

/**
 * What the server sends for one built file: its precompressed copy (.gz, .br) when the build made one, else the
 * file itself (the build skips a copy that would not be smaller).
 */
export function sentBytes(outDir: string, file: string): Bytes {
  const full = path.join(outDir, file);
  const raw = fs.statSync(full).size;
  const variant = (extension: string) => fs.statSync(`${full}${extension}`, { throwIfNoEntry: false })?.size ?? raw;
  return { raw, gzip: variant(".gz"), brotli: variant(".br") };
}

export function sumBytes(list: Bytes[]): Bytes {
  return list.reduce((sum, b) => ({ raw: sum.raw + b.raw, gzip: sum.gzip + b.gzip, brotli: sum.brotli + b.brotli }), {
    raw: 0,
    gzip: 0,
    brotli: 0,
  });
}
