import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// docs/development.md's table of commands is how a reader finds what `npm run …` does: one row per script of
// package.json, and no row for a script that is not there.

const root = path.resolve(import.meta.dirname, "../..");
const scripts = Object.keys(
  (JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts,
);

/** The scripts the "Commands" section's table names in its first column: `npm start`, `npm test`, `npm run x`. */
function documentedScripts(markdown: string): string[] {
  const section = /^## Commands\n([\s\S]*?)(?=^## )/m.exec(markdown)?.[1] ?? "";
  return section
    .split("\n")
    .filter((line) => line.startsWith("| `npm "))
    .flatMap((line) =>
      [...(line.split(" | ")[0] ?? "").matchAll(/`npm (?:run ([^\s`]+)|(start|test))[^`]*`/g)].map(
        (m) => (m[1] ?? m[2]) as string,
      ),
    );
}

describe("docs/development.md's commands", () => {
  const documented = documentedScripts(fs.readFileSync(path.join(root, "docs/development.md"), "utf8"));

  it("name every script of package.json", () => {
    expect(scripts.length).toBeGreaterThan(15);
    expect(scripts.filter((name) => !documented.includes(name))).toEqual([]);
  });

  it("name no script package.json does not have, each once", () => {
    expect(documented.filter((name) => !scripts.includes(name))).toEqual([]);
    expect(documented.filter((name, i) => documented.indexOf(name) !== i)).toEqual([]);
  });
});
