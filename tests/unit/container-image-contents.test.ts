import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { instructionsOf, parseCopy, root, workdirOf } from "../support/dockerfile.ts";
import { read, packageJson, stages, runtimeInstructions, runtimeCopies } from "./container-files-support.ts";

// What the Dockerfile puts in the image (container-files-support.ts says how these files are checked).

describe("Dockerfile", () => {
  it("copies from the build context only files that exist, each let through by .dockerignore", () => {
    const ignore = dockerignorePatterns();
    const fromContext = stages.flatMap((stage) =>
      instructionsOf(stage.instructions, "COPY")
        .map(parseCopy)
        .filter((copy) => copy.from === undefined),
    );
    expect(fromContext.length).toBeGreaterThan(0);
    for (const copy of fromContext) {
      for (const source of copy.sources) {
        const files = filesUnder(source);
        expect(files.length, `COPY ${source}`).toBeGreaterThan(0);
        for (const file of files)
          expect(dockerignoreAllows(ignore, file), `${file} is excluded by .dockerignore`).toBe(true);
      }
    }
    // And what must never reach the builder does not.
    for (const file of ["node_modules/vite/package.json", "dist/web/index.html", ".env", "data/db", ".git/HEAD"]) {
      expect(dockerignoreAllows(ignore, file), file).toBe(false);
    }
  });

  it("holds everything the server and the operator's scripts load at run time, with production dependencies", () => {
    const inImage = imagePaths();
    const entries = operatorScripts();
    expect(entries).toEqual(expect.arrayContaining(["scripts/start.mjs", "scripts/staff.ts"]));
    const { files, packages, readFromDisk } = runtimeGraph(entries);
    expect(files.length).toBeGreaterThan(50);
    for (const file of [...files, ...readFromDisk]) {
      expect(
        inImage.some((copied) => file === copied || file.startsWith(`${copied}/`)),
        `${file} is not in the image`,
      ).toBe(true);
    }
    // What the code finds by path rather than by import: the migrations, the catalogues, the built app, package.json.
    expect(readFromDisk).toEqual(
      expect.arrayContaining(["migrations", "src/shared/i18n/catalogues", "dist/web", "package.json"]),
    );
    for (const name of packages) {
      expect(
        packageJson.dependencies[name],
        `${name} is imported at run time but not a production dependency`,
      ).toBeDefined();
    }
  });

  it("never makes start.mjs rebuild the web app: the build comes after every source it is compared with", () => {
    const sources = /const webSources = \[([^\]]*)\]/.exec(read("scripts/web-build.mjs"))?.[1];
    const compared = [...(sources ?? "").matchAll(/"([^"]+)"/g)].map((m) => m[1] as string);
    expect(compared).toEqual(expect.arrayContaining(["src/web", "src/shared"]));
    const destinations = imagePaths();
    const builtAt = destinations.indexOf("dist/web");
    expect(builtAt).toBeGreaterThan(-1);
    for (const source of compared) {
      const at = destinations.indexOf(source);
      // Either not in the image (start.mjs counts it as never changed) or copied before the built app.
      if (at !== -1) expect(at, source).toBeLessThan(builtAt);
    }
    expect(destinations).not.toContain("src/web");
  });
});

// --- Image content helpers ---

/** Every path under the final stage's WORKDIR that a COPY fills, relative to the repository root's layout. */
function imagePaths(): string[] {
  const workdir = workdirOf(runtimeInstructions);
  return runtimeCopies.flatMap((copy) => {
    const destination = path.posix.relative(workdir, path.posix.resolve(workdir, copy.destination));
    // `COPY a b ./` puts each source by its own name; `COPY dir ./dir` puts it at the destination.
    return copy.destination.endsWith("/")
      ? copy.sources.map((source) => path.posix.join(destination, path.posix.basename(source)))
      : [destination];
  });
}

function filesUnder(source: string): string[] {
  const pattern = globPattern(source);
  const top = source.split("/")[0] as string;
  const candidates =
    fs.existsSync(path.join(root, top)) || top.includes("*") ? walk(top.includes("*") ? "." : top) : [];
  return candidates.filter((file) => pattern.test(file) || file.startsWith(`${source.replace(/\/$/, "")}/`));
}

function walk(dir: string): string[] {
  const full = path.join(root, dir);
  if (!fs.statSync(full).isDirectory()) return [dir];
  return fs
    .readdirSync(full)
    .filter((name) => dir !== "." || !["node_modules", ".git"].includes(name))
    .flatMap((name) => walk(dir === "." ? name : `${dir}/${name}`));
}

function globPattern(glob: string): RegExp {
  const body = glob
    .replace(/\/$/, "")
    .split("**")
    .map((part) => part.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*"))
    .join(".*");
  return new RegExp(`^${body}$`);
}

function dockerignorePatterns(): { exclude: boolean; pattern: RegExp }[] {
  return read(".dockerignore")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => ({ exclude: !line.startsWith("!"), pattern: globPattern(line.replace(/^!/, "")) }));
}

/** Docker's rule: the last pattern that matches the file or one of its parent folders decides. */
function dockerignoreAllows(patterns: { exclude: boolean; pattern: RegExp }[], file: string): boolean {
  const parts = file.split("/");
  const prefixes = parts.map((_, index) => parts.slice(0, index + 1).join("/"));
  const deciding = patterns.filter(({ pattern }) => prefixes.some((prefix) => pattern.test(prefix))).at(-1);
  return !deciding?.exclude;
}

/** The scripts package.json runs with `node scripts/…` for operating the portal (not building, testing or benchmarks). */
function operatorScripts(): string[] {
  return Object.values(packageJson.scripts)
    .map((command) => /\bnode (?:--\S+ )*(scripts\/\S+)/.exec(command)?.[1])
    .filter(
      // Not the build's plugins, nor `npm run screenshots` (a developer's tool that builds the app and drives Chromium
      // through Playwright, a devDependency): neither runs in the image.
      (file): file is string =>
        !!file &&
        !file.startsWith("scripts/vite-") &&
        !file.startsWith("scripts/screenshots") &&
        fs.existsSync(path.join(root, file)),
    );
}

/**
 * The files reached by import from the entries, the packages they import (type-only imports are erased by Node and
 * skipped), and the paths they read beside themselves (`import.meta.dirname` / `import.meta.url` with a relative path).
 */
function runtimeGraph(entries: string[]): { files: string[]; packages: Set<string>; readFromDisk: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const readFromDisk = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (files.has(file)) continue;
    files.add(file);
    const text = read(file).replace(/^\s*\/\/.*$/gm, "");
    const specifiers = [
      ...[...text.matchAll(/^\s*(?:import|export)\s+(?!type\s)[^;]*?\sfrom\s*["']([^"']+)["']/gms)].map((m) => m[1]),
      ...[...text.matchAll(/^\s*import\s+["']([^"']+)["']/gm)].map((m) => m[1]),
      ...[...text.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]),
    ] as string[];
    for (const specifier of specifiers) {
      if (specifier.startsWith("."))
        queue.push(path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)));
      // package.json's "imports": #shared/x.ts is src/shared/x.ts, and so on.
      else if (specifier.startsWith("#")) queue.push(`src/${specifier.slice(1)}`);
      else if (!specifier.startsWith("node:"))
        packages.add(
          specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : (specifier.split("/")[0] as string),
        );
    }
    const beside = [
      ...text.matchAll(/import\.meta\.dirname,\s*["'](\.[^"']*)["']/g),
      ...[...text.matchAll(/new URL\(\s*["'](\.[^"']*)["'],\s*import\.meta\.url/g)],
    ];
    for (const [, relative] of beside) {
      const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), relative as string));
      // "." is the checkout itself (start.mjs's root), the base of the paths it names, not a file.
      if (resolved !== ".") readFromDisk.add(resolved);
    }
  }
  return { files: [...files], packages, readFromDisk: [...readFromDisk] };
}
