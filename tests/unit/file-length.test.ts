import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const MAX_LINES = 350;
const SOURCE = /\.(ts|tsx|js|mjs|css)$/;

/** Every source file under `dir` but the message catalogues (data, one text per line) and what is built or installed. */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      return ["node_modules", "dist", "catalogues", "test-results"].includes(entry.name) ? [] : sourceFiles(full);
    }
    return SOURCE.test(entry.name) ? [full] : [];
  });
}

describe("source files", () => {
  // A file past a few hundred lines holds more than one job (docs/project-structure.md).
  it(`are at most ${MAX_LINES} lines long`, () => {
    const files = ["src", "scripts", "bench", "tests"].flatMap((dir) => sourceFiles(path.join(root, dir)));
    expect(files.length).toBeGreaterThan(300);
    const long = files
      .map((file) => ({ file: path.relative(root, file), lines: fs.readFileSync(file, "utf8").split("\n").length - 1 }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(long).toEqual([]);
  });
});
