import fs from "node:fs";
import path from "node:path";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import type { CatalogueSource } from "#shared/i18n/catalogue-bundles.ts";
import { DEFAULT_LOCALE, type Locale } from "#shared/i18n/locales.ts";

export const CATALOGUES_DIR = path.resolve(import.meta.dirname, "../../shared/i18n/catalogues");

export type CompiledMessages = Record<string, ReturnType<typeof compileMessage>>;

export function readCatalogueFile(file: string): CatalogueSource {
  const parsed: unknown = JSON.parse(fs.readFileSync(file, "utf8"));
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
    throw new Error(`${file} is not a catalogue (an object of texts).`);
  for (const [id, text] of Object.entries(parsed)) {
    if (typeof text !== "string") throw new Error(`${file}: the text of "${id}" is not a string.`);
  }
  return parsed as CatalogueSource;
}

/**
 * ICU MessageFormat texts compiled into Lingui's form, so no message parser runs in the browser. English ids are
 * the English texts: the browser's English bundle leaves out every message that says just its id, plain or with
 * simple `{name}` placeholders, which the browser's `t` shows or fills in itself (web/lib/i18n/i18n.ts); plurals
 * stay. The server keeps every message.
 */
export function compileCatalogue(
  source: CatalogueSource,
  locale: Locale,
  { dropPlainIdentity = false } = {},
): CompiledMessages {
  const compiled: CompiledMessages = {};
  for (const [id, text] of Object.entries(source)) {
    const message = compileMessage(text);
    if (dropPlainIdentity && locale === DEFAULT_LOCALE && text === id && saysJustItsId(message, id)) continue;
    compiled[id] = message;
  }
  return compiled;
}

/** Text and `{name}` placeholders only, nothing escaped: englishText fills it in as Lingui would. */
function saysJustItsId(message: ReturnType<typeof compileMessage>, id: string): boolean {
  if (typeof message === "string") return message === id;
  const pieces = message.map((token) =>
    typeof token === "string" ? token : token.length === 1 ? `{${String(token[0])}}` : null,
  );
  return pieces.every((piece) => piece !== null) && pieces.join("") === id;
}
