import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { consoleOnlyFiles } from "../../scripts/vite-console-files.ts";

/**
 * The service worker leaves out what only the console loads (vite.config.ts): found from Vite's manifest, so a
 * chunk the console's features share, named after its module, is left out as well as the console's own chunks,
 * while a file a public page loads too stays.
 */
let outDir: string | undefined;
afterEach(() => {
  if (outDir) fs.rmSync(outDir, { recursive: true, force: true });
});

function builtWith(manifest: Record<string, unknown>): string {
  outDir = fs.mkdtempSync(path.join(os.tmpdir(), "console-files-"));
  fs.mkdirSync(path.join(outDir, ".vite"));
  fs.writeFileSync(path.join(outDir, ".vite/manifest.json"), JSON.stringify(manifest));
  return outDir;
}

describe("consoleOnlyFiles", () => {
  it("names the files reached only through the console's route table", () => {
    const dir = builtWith({
      "index.html": {
        file: "assets/index-1.js",
        isEntry: true,
        imports: ["_api-client-2.js"],
        dynamicImports: ["app/pages/list-page.tsx", "app/console-routes.tsx"],
      },
      "_api-client-2.js": { file: "assets/api-client-2.js" },
      "app/pages/list-page.tsx": { file: "assets/list-page-3.js", css: ["assets/tracking-4.css"] },
      "app/console-routes.tsx": { file: "assets/console-routes-5.js", dynamicImports: ["app/chunks/staff.ts"] },
      "app/chunks/staff.ts": {
        file: "assets/staff-6.js",
        css: ["assets/tracking-4.css", "assets/staff-7.css"],
        imports: ["_api-client-2.js", "_form-feedback-8.js"],
        dynamicImports: ["features/staff/components/area-draw-map.tsx"],
      },
      "_form-feedback-8.js": { file: "assets/form-feedback-8.js" },
      "features/staff/components/area-draw-map.tsx": {
        file: "assets/area-draw-map-9.js",
        css: ["assets/area-draw-map-10.css"],
      },
    });
    expect([...consoleOnlyFiles(dir)].sort()).toEqual([
      "assets/area-draw-map-10.css",
      "assets/area-draw-map-9.js",
      "assets/console-routes-5.js",
      "assets/form-feedback-8.js",
      "assets/staff-6.js",
      "assets/staff-7.css",
    ]);
  });

  it("leaves everything in when the build wrote no manifest", () => {
    expect(consoleOnlyFiles(path.join(os.tmpdir(), "no-such-build")).size).toBe(0);
  });
});
