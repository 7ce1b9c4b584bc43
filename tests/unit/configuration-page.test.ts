import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { envSchema } from "#server/config.ts";

const root = path.resolve(import.meta.dirname, "../..");
const page = fs.readFileSync(path.join(root, "docs/configuration.md"), "utf8");

interface Row {
  names: string[];
  defaultCell: string;
  meaning: string;
}

/** The rows of the "Settings" section's table: `| `NAME`, `NAME2` | default | meaning |`. */
function settingsRows(markdown: string): Row[] {
  const section = /^## Settings\n([\s\S]*?)(?=^## )/m.exec(markdown)?.[1] ?? "";
  return section
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .map((line) => {
      const [nameCell = "", defaultCell = "", ...meaning] = line.slice(1, -1).split(" | ");
      return {
        names: [...nameCell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1] as string),
        defaultCell: defaultCell.trim(),
        meaning: meaning.join(" | ").trim(),
      };
    });
}

const rows = settingsRows(page);
const documented = rows.flatMap((row) => row.names);
const read = Object.keys(envSchema.shape);

describe("docs/configuration.md", () => {
  it("has a row for every variable src/server/config.ts reads", () => {
    expect(read.length).toBeGreaterThan(60);
    expect(read.filter((name) => !documented.includes(name))).toEqual([]);
  });

  it("documents no variable the configuration does not read, and each once", () => {
    expect(documented.filter((name) => !read.includes(name))).toEqual([]);
    expect(documented.filter((name, i) => documented.indexOf(name) !== i)).toEqual([]);
  });

  it("gives each setting a meaning", () => {
    for (const row of rows) expect(row.meaning.length, row.names.join(", ")).toBeGreaterThan(10);
  });

  it("states the default each setting takes when unset, where it is a plain value", () => {
    const shape = envSchema.shape as Record<
      string,
      { safeParse(value: unknown): { success: boolean; data?: unknown } }
    >;
    const checked = rows.flatMap((row) =>
      row.names.map((name) => {
        const unset = shape[name]?.safeParse(undefined);
        const value = unset?.success ? unset.data : undefined;
        if (!["string", "number", "boolean"].includes(typeof value)) return null;
        // The page writes defaults as code: `3000`, `false`, `info`.
        expect(row.defaultCell, name).toContain(`\`${String(value)}\``);
        return name;
      }),
    );
    // PORT, HOST, LOG_LEVEL, the limits, the retention periods…: most settings have a plain default.
    expect(checked.filter(Boolean).length).toBeGreaterThan(30);
  });

  it("is found from the table: a missing or extra variable would be seen", () => {
    // The parser reads the rows it should: the first and last settings of the table, and none of the section after it.
    expect(documented).toContain("PORT");
    expect(documented).toContain("RETENTION_AUDIT_DAYS");
    expect(documented).not.toContain("CHROME_PATH");
    expect(settingsRows(page.replace("| `PORT` |", "| `PORTT` |")).flatMap((row) => row.names)).not.toContain("PORT");
  });
});
