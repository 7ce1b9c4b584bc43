import type { Messages } from "@lingui/core";
import type { CatalogueBundle } from "#shared/i18n/catalogue-bundles.ts";
import { englishText } from "#shared/i18n/english-text.ts";
import {
  DEFAULT_LOCALE,
  LOCALE_COOKIE,
  cookieLocale,
  directionOf,
  isLocale,
  pickLocale,
  type Locale,
} from "#shared/i18n/locales.ts";
import { MessageRuntime } from "./message-runtime.ts";

/**
 * The browser's one catalogue runtime (docs/decisions/019-languages.md; Lingui's compiled messages, read by
 * message-runtime.ts). Message ids are the English texts: an id
 * missing from the active catalogue is shown as it is (see t), which is right in English, whose bundle leaves out
 * the messages that say just their id (a test keeps every other catalogue complete).
 */
export const i18n = new MessageRuntime({ missing: (_locale, id) => id });

type Bundle = Exclude<CatalogueBundle, "server">;
// One chunk per language and bundle (catalogues/<bundle>-<locale>.ts); only the visitor's language is downloaded.
const LOADERS = import.meta.glob<{ default: Messages }>("./catalogues/*.ts");

const loadedBundles = new Map<Locale, Set<Bundle>>();

async function loadBundle(locale: Locale, bundle: Bundle): Promise<void> {
  const loaded = loadedBundles.get(locale) ?? new Set();
  if (loaded.has(bundle)) return;
  const load = LOADERS[`./catalogues/${bundle}-${locale}.ts`];
  if (!load) throw new Error(`No ${bundle} texts for ${locale}.`);
  const { default: messages } = await load();
  i18n.load(locale, messages);
  loaded.add(bundle);
  loadedBundles.set(locale, loaded);
}

let wantsConsole = false;
/** The language being switched to: a console page asked for during the switch gets that language's texts. */
let targetLocale: Locale | undefined;

/** The console's texts, loaded by its routes before they render (and again whenever the language changes). */
export async function loadConsoleTexts(): Promise<void> {
  wantsConsole = true;
  await loadBundle(targetLocale ?? currentLocale(), "console");
}

/** The remembered choice, else the first of the browser's languages that the portal speaks, else English. */
export function initialLocale(): Locale {
  return cookieLocale(document.cookie) ?? pickLocale(navigator.languages ?? [navigator.language]);
}

export function currentLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}

/**
 * Loads a language's texts, then switches to it: the page's `lang` and `dir`, and, when the visitor chose it, a
 * cookie that remembers it for a year (the server reads it too: the page's language and the API's messages).
 */
export async function activateLocale(locale: Locale, { remember = false } = {}): Promise<void> {
  targetLocale = locale;
  try {
    await Promise.all([loadBundle(locale, "public"), wantsConsole ? loadBundle(locale, "console") : undefined]);
  } finally {
    targetLocale = undefined;
  }
  i18n.activate(locale);
  document.documentElement.lang = locale;
  document.documentElement.dir = directionOf(locale);
  if (remember) document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax`;
}

/**
 * The first language of a visit: the visitor's, else English if theirs cannot be fetched (offline without the
 * service worker's copy, or a deploy that removed it), else the English ids as they are. The app starts in any case.
 */
export async function startInLanguage(locale: Locale): Promise<void> {
  try {
    await activateLocale(locale);
  } catch {
    try {
      await activateLocale(DEFAULT_LOCALE);
    } catch {
      i18n.load(DEFAULT_LOCALE, {});
      i18n.activate(DEFAULT_LOCALE);
    }
  }
}

/** The active language's text for an English message id, with its placeholders filled in. */
export function t(id: string, values?: Record<string, unknown>): string {
  const text = i18n._(id, values);
  // Missing, so said as it is: the English bundle leaves out the messages that say just their id, plain or with
  // simple {name} placeholders, which are filled in here (compileCatalogue, server/i18n/catalogue-files.ts).
  return values && text === id ? englishText(id, values as Record<string, string | number>) : text;
}
