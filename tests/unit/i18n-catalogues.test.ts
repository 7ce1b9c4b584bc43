import fs from "node:fs";
import path from "node:path";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { CATALOGUE_NAMESPACES } from "#shared/i18n/catalogue-bundles.ts";
import { LOCALES } from "#shared/i18n/locales.ts";
import { CATALOGUES_DIR, readCatalogueFile } from "#server/i18n/catalogue-files.ts";

/**
 * The catalogues (docs/decisions/019-languages.md): English ids are the English texts; every language has every
 * message, with the same placeholders; every text the code marks (t("…"), msg("…")) is in the English catalogue.
 */
const catalogue = (locale: string, namespace: string) =>
  readCatalogueFile(path.join(CATALOGUES_DIR, locale, `${namespace}.json`));

/** The names an ICU message fills in: {name}, {count, plural, …}, and those inside plural and select branches. */
function placeholders(text: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: unknown): void => {
    if (!Array.isArray(tokens)) return;
    for (const token of tokens) {
      if (!Array.isArray(token)) continue;
      const [name, , branches] = token as [string, string?, Record<string, unknown>?];
      names.add(name);
      if (branches && typeof branches === "object") Object.values(branches).forEach(walk);
    }
  };
  walk(compileMessage(text));
  return [...names].sort();
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** The first argument of every t("…") and msg("…") with a literal text: the ids the code asks for. */
function idsUsedInCode(): Map<string, string> {
  const ids = new Map<string, string>();
  const call = /\b(?:t|msg)\(\s*(?:"((?:\\.|[^"\\])*)"|'((?:\\.|[^'\\])*)'|`((?:\\.|[^`\\$])*)`)/g;
  for (const file of sourceFiles(path.resolve(import.meta.dirname, "../../src"))) {
    const code = fs.readFileSync(file, "utf8");
    for (const match of code.matchAll(call)) {
      const raw = match[1] ?? match[2] ?? match[3] ?? "";
      // A single-quoted text holds its double quotes unescaped (the formatter picks the quote needing fewer escapes).
      const json = match[2] !== undefined ? raw.replace(/\\'/g, "'").replace(/"/g, '\\"') : raw;
      const id = match[3] !== undefined ? raw : (JSON.parse(`"${json}"`) as string);
      ids.set(id, path.relative(process.cwd(), file));
    }
  }
  return ids;
}

describe("catalogues", () => {
  it("English ids are the English texts, and every one compiles", () => {
    for (const namespace of CATALOGUE_NAMESPACES) {
      for (const [id, text] of Object.entries(catalogue("en", namespace))) {
        expect(text, `en/${namespace}.json: "${id}"`).toBe(id);
        expect(() => compileMessage(text)).not.toThrow();
      }
    }
  });

  for (const locale of LOCALES.filter((l) => l !== "en")) {
    it(`${locale} has every English message, no other, with the same placeholders`, () => {
      for (const namespace of CATALOGUE_NAMESPACES) {
        const english = catalogue("en", namespace);
        const translated = catalogue(locale, namespace);
        const missing = Object.keys(english).filter((id) => !(id in translated));
        const extra = Object.keys(translated).filter((id) => !(id in english));
        expect(missing, `missing in ${locale}/${namespace}.json`).toEqual([]);
        expect(extra, `not in en/${namespace}.json, so never asked for`).toEqual([]);
        for (const [id, text] of Object.entries(translated)) {
          expect(text.trim(), `${locale}/${namespace}.json: "${id}" is empty`).not.toBe("");
          expect(placeholders(text), `${locale}/${namespace}.json: placeholders of "${id}"`).toEqual(placeholders(id));
        }
      }
    });
  }

  it("every text the code marks with t() or msg() is in the English catalogue", () => {
    const english = new Set(CATALOGUE_NAMESPACES.flatMap((namespace) => Object.keys(catalogue("en", namespace))));
    const unknown = [...idsUsedInCode()].filter(([id]) => !english.has(id)).map(([id, file]) => `${file}: ${id}`);
    expect(unknown).toEqual([]);
  });

  it("one id has one translation in each language, whichever file holds it", () => {
    for (const locale of LOCALES) {
      const seen = new Map<string, string>();
      for (const namespace of CATALOGUE_NAMESPACES) {
        for (const [id, text] of Object.entries(catalogue(locale, namespace))) {
          if (seen.has(id)) expect(text, `${locale}: "${id}" in ${namespace}.json`).toBe(seen.get(id));
          seen.set(id, text);
        }
      }
    }
  });
});
