import { setupI18n, type Messages } from "@lingui/core";
import type { CatalogueBundle } from "../../../shared/i18n/catalogue-bundles.ts";
import { englishText } from "../../../shared/i18n/english-text.ts";
import { DEFAULT_LOCALE, LOCALE_COOKIE, directionOf, isLocale, pickLocale, type Locale } from "../../../shared/i18n/locales.ts";

/**
 * The browser's one Lingui instance (docs/decisions/019-languages.md). Message ids are the English texts: an id
 * missing from the active catalogue is shown as it is (see t), which is right in English, whose bundle leaves out
 * the messages that say just their id (a test keeps every other catalogue complete).
 */
export const i18n = setupI18n({ missing: (_locale, id) => id });

type Loader = () => Promise<{ default: Messages }>;
// One chunk per language and bundle; only the visitor's language is ever downloaded.
const LOADERS: Record<Exclude<CatalogueBundle, "server">, Record<Locale, Loader>> = {
  public: {
    en: () => import("./catalogues/public-en.ts"),
    es: () => import("./catalogues/public-es.ts"),
    fr: () => import("./catalogues/public-fr.ts"),
    hi: () => import("./catalogues/public-hi.ts"),
    ar: () => import("./catalogues/public-ar.ts"),
  },
  console: {
    en: () => import("./catalogues/console-en.ts"),
    es: () => import("./catalogues/console-es.ts"),
    fr: () => import("./catalogues/console-fr.ts"),
    hi: () => import("./catalogues/console-hi.ts"),
    ar: () => import("./catalogues/console-ar.ts"),
  },
};

const loadedBundles = new Map<Locale, Set<keyof typeof LOADERS>>();

async function loadBundle(locale: Locale, bundle: keyof typeof LOADERS): Promise<void> {
  const loaded = loadedBundles.get(locale) ?? new Set();
  if (loaded.has(bundle)) return;
  const { default: messages } = await LOADERS[bundle][locale]();
  i18n.load(locale, messages);
  loaded.add(bundle);
  loadedBundles.set(locale, loaded);
}

const wantsConsole = { value: false };
/** The language being switched to: a console page asked for during the switch gets that language's texts. */
let targetLocale: Locale | undefined;

/** The console's texts, loaded by its routes before they render (and again whenever the language changes). */
export async function loadConsoleTexts(): Promise<void> {
  wantsConsole.value = true;
  await loadBundle(targetLocale ?? currentLocale(), "console");
}

function readCookie(): Locale | undefined {
  const value = document.cookie.match(new RegExp(`(?:^|; )${LOCALE_COOKIE}=([^;]*)`))?.[1];
  return isLocale(value) ? value : undefined;
}

/** The remembered choice, else the first of the browser's languages that the portal speaks, else English. */
export function initialLocale(): Locale {
  return readCookie() ?? pickLocale(navigator.languages ?? [navigator.language]);
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
    await Promise.all([loadBundle(locale, "public"), wantsConsole.value ? loadBundle(locale, "console") : undefined]);
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
