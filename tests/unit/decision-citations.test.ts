import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Comments say why and point to docs/ (docs/project-structure.md): a product decision by its number in
// docs/product-decisions.md, a decision record by its file in docs/decisions/. A citation of a number or a page the
// repository does not have leaves the reader with nothing to follow.

const root = path.resolve(import.meta.dirname, "../..");
const SOURCE = /\.(ts|tsx|js|mjs|css)$/;

function files(dir: string, pattern: RegExp): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      return ["node_modules", "dist", "catalogues", "test-results"].includes(entry.name) ? [] : files(full, pattern);
    }
    return pattern.test(entry.name) ? [full] : [];
  });
}

/** The numbers of the product decisions: the rows `| D1 |` … of docs/product-decisions.md's table. */
const productDecisions = new Set(
  [...fs.readFileSync(path.join(root, "docs/product-decisions.md"), "utf8").matchAll(/^\| D(\d+) \|/gm)].map(
    (m) => m[1],
  ),
);
/** The records, `NNN-what-was-decided.md` (docs/decisions/README.md says how one is written). */
const decisionRecords = fs.readdirSync(path.join(root, "docs/decisions")).filter((name) => /^\d{3}-.*\.md$/.test(name));

/** What a text cites that docs/ does not have, each as "what it cites". */
function missingCitations(text: string, options: { commentsOnly: boolean }): string[] {
  const cited = options.commentsOnly ? (text.match(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g) ?? []).join("\n") : text;
  const missing: string[] = [];
  if (/\bDESIGN\.md\b/.test(cited)) missing.push("DESIGN.md (the product decisions are docs/product-decisions.md)");
  for (const [, number] of cited.matchAll(/\bD(\d{1,3})\b/g)) {
    if (!productDecisions.has(number as string)) missing.push(`D${number}`);
  }
  for (const [, number] of cited.matchAll(/\bdecisions?[ /](\d{3})\b/gi)) {
    if (!decisionRecords.some((name) => name.startsWith(`${number}-`))) missing.push(`decision ${number}`);
  }
  for (const [page] of cited.matchAll(/\bdocs\/[A-Za-z0-9_./-]*[A-Za-z0-9_-]\.md\b/g)) {
    if (!fs.existsSync(path.join(root, page))) missing.push(page);
  }
  return missing;
}

describe("citations of decisions and docs", () => {
  it("name product decisions and decision records docs/ has", () => {
    expect(productDecisions.size).toBeGreaterThanOrEqual(20);
    expect(decisionRecords.length).toBeGreaterThan(40);
    expect(
      missingCitations("// docs/product-decisions.md D17, decision 030, docs/operating.md", { commentsOnly: true }),
    ).toEqual([]);
    expect(
      missingCitations("/** DESIGN.md D99; docs/decisions/999-none.md, decision 998 */ const D98 = 1;", {
        commentsOnly: true,
      }),
    ).toEqual([
      "DESIGN.md (the product decisions are docs/product-decisions.md)",
      "D99",
      "decision 999",
      "decision 998",
      "docs/decisions/999-none.md",
    ]);
  });

  it("in every comment of the source, scripts, benchmarks and tests", () => {
    const sources = ["src", "scripts", "bench", "tests"].flatMap((dir) => files(path.join(root, dir), SOURCE));
    expect(sources.length).toBeGreaterThan(300);
    const missing = sources
      .filter((file) => file !== import.meta.filename)
      .flatMap((file) =>
        missingCitations(fs.readFileSync(file, "utf8"), { commentsOnly: true }).map(
          (what) => `${path.relative(root, file)}: ${what}`,
        ),
      );
    expect(missing).toEqual([]);
  });

  it("in the README and every page of docs/", () => {
    const pages = [path.join(root, "README.md"), ...files(path.join(root, "docs"), /\.md$/)];
    const missing = pages.flatMap((file) =>
      missingCitations(fs.readFileSync(file, "utf8"), { commentsOnly: false }).map(
        (what) => `${path.relative(root, file)}: ${what}`,
      ),
    );
    expect(missing).toEqual([]);
  });

  it("each decision record says when it was taken and whether it still holds", () => {
    const undated = decisionRecords.filter(
      (name) =>
        !/^Date: \d{4}-\d{2}-\d{2}\. Status: (accepted|superseded by \[\d{3}\]\(\d{3}-[a-z0-9-]+\.md\))[.;]/m.test(
          fs.readFileSync(path.join(root, "docs/decisions", name), "utf8"),
        ),
    );
    expect(undated).toEqual([]);
  });
});
