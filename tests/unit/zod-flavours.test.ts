import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * One zod flavour per side (docs/decisions/024-zod-flavours.md): src/shared writes zod/mini (it reaches the browser's
 * bundle), src/server writes classic zod for its own schemas and uses the shared ones as they are.
 */
const root = path.resolve(import.meta.dirname, "../..");

function sourcesUnder(folder: string): string[] {
  return fs
    .readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/** The files under `folder` that import the module `zod` or `zod/mini` (static imports, type imports too). */
function importing(folder: string, module: "zod" | "zod/mini"): string[] {
  const pattern = new RegExp(`from\\s+["']${module.replace("/", "\\/")}["']`);
  return sourcesUnder(folder).filter((file) => pattern.test(fs.readFileSync(path.join(root, file), "utf8")));
}

describe("zod flavours", () => {
  it("the server's own schemas are classic zod: no server file imports zod/mini", () => {
    expect(importing("src/server", "zod/mini")).toEqual([]);
  });

  it("the shared schemas are zod/mini: no shared file imports classic zod", () => {
    expect(importing("src/shared", "zod")).toEqual([]);
  });

  it("finds what it looks for (the server does use classic zod, the shared code mini)", () => {
    expect(importing("src/server", "zod")).toContain("src/server/open311/open311-schemas.ts");
    expect(importing("src/shared", "zod/mini").length).toBeGreaterThan(0);
  });
});
