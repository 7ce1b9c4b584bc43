import path from "node:path";
import { setupI18n, type Messages } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { CATALOGUES_DIR, compileCatalogue, readCatalogueFile } from "#server/i18n/catalogue-files.ts";
import { CATALOGUE_NAMESPACES } from "#shared/i18n/catalogue-bundles.ts";
import { LOCALES } from "#shared/i18n/locales.ts";
import { MessageRuntime } from "#web/lib/i18n/message-runtime.ts";

/**
 * The browser reads the compiled catalogues with its own small runtime (src/web/lib/i18n/message-runtime.ts), the
 * server with Lingui: for every message of every catalogue, with numbers that pick each plural form, both must say
 * the same.
 */
const COUNTS = [0, 1, 2, 3, 5, 11, 21, 100, 1234.5];

/** Values for every placeholder a compiled message names, `n` for the numbers. */
function valuesFor(message: unknown, n: number): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const walk = (tokens: unknown): void => {
    if (!Array.isArray(tokens)) return;
    for (const token of tokens) {
      if (!Array.isArray(token)) continue;
      const [name, type, cases] = token as [string, string?, Record<string, unknown>?];
      values[name] = type === "plural" || type === "selectordinal" || type === "number" ? n : `«${name}»`;
      if (cases && typeof cases === "object") Object.values(cases).forEach(walk);
    }
  };
  walk(message);
  return values;
}

describe("the browser's message runtime", () => {
  for (const locale of LOCALES) {
    it(`says what Lingui says for every ${locale} message`, () => {
      const compiled: Messages = {};
      for (const namespace of CATALOGUE_NAMESPACES) {
        Object.assign(
          compiled,
          compileCatalogue(readCatalogueFile(path.join(CATALOGUES_DIR, locale, `${namespace}.json`)), locale),
        );
      }
      const lingui = setupI18n({ locale, messages: { [locale]: compiled }, missing: (_l, id) => id });
      const ours = new MessageRuntime({ missing: (_l, id) => id });
      ours.load(locale, compiled);
      ours.activate(locale);
      let plurals = 0;
      for (const [id, message] of Object.entries(compiled)) {
        for (const n of COUNTS) {
          const values = valuesFor(message, n);
          expect(ours._(id, values), `${id} with ${n}`).toBe(lingui._(id, values));
        }
        if (JSON.stringify(message).includes('"plural"')) plurals++;
      }
      expect(plurals).toBeGreaterThan(10);
    });
  }

  it("handles what the catalogues do not use yet as Lingui does", () => {
    const messages = {
      select: "{who, select, me {I} other {they}} went # times",
      nested: "{count, plural, one {{who, select, me {# for me} other {# #}}} other {# of {total, number}}}",
      exact: "{count, plural, =0 {none} one {one} other {#}}",
      offset: "{count, plural, offset:1 one {just you} other {you and # more}}",
      ordinal: "{place, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}",
      escaped: "caf\\u00e9 {name}",
    };
    const compiled = compileCatalogue(messages, "en");
    const lingui = setupI18n({ locale: "en", messages: { en: compiled } });
    const ours = new MessageRuntime({ missing: (_l, id) => `missing ${id}` });
    ours.load("en", compiled);
    ours.activate("en");
    for (const id of Object.keys(messages)) {
      for (const values of [
        { who: "me", count: 1, total: 12345, place: 2, name: "x" },
        { who: "you", count: 0, total: 1, place: 23 },
        { count: 7, place: 1 },
      ]) {
        expect(ours._(id, values), `${id} ${JSON.stringify(values)}`).toBe(lingui._(id, values));
      }
    }
    expect(ours._("absent")).toBe("missing absent");
  });

  it("tells its listeners of every load and change of language, until they stop listening", () => {
    const ours = new MessageRuntime({ missing: (_l, id) => id });
    let changes = 0;
    const stop = ours.on("change", () => changes++);
    ours.load("fr", { Hello: "Bonjour" });
    ours.activate("fr");
    expect([ours.locale, ours._("Hello"), changes]).toEqual(["fr", "Bonjour", 2]);
    stop();
    ours.activate("en");
    expect(changes).toBe(2);
  });
});
