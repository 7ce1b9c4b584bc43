import fs from "node:fs";
import path from "node:path";
import { apiPaths, pathTo } from "#shared/api-paths.ts";
import { pageFeedOf } from "#shared/exports/feed-links.ts";
import { DEFAULT_LOCALE, LOCALES, directionOf, type Locale } from "#shared/i18n/locales.ts";
import { UUID_PATTERN } from "#shared/ids.ts";
import type { PagePhoto } from "../grievances/page-photo.ts";
import { translatorFor } from "../i18n/server-i18n.ts";

/**
 * What a public page needs besides the app's entry, named in its index.html so the browser fetches it at once:
 * the route's own chunks (`modulepreload`) and, where the address alone says which, the API answer its loader will
 * ask for (`preload as=fetch`). Without them a first visit waits for the entry script, then for the route's chunks,
 * then for the data: three round trips in a row, each some 150 ms on a phone's 4G (docs/decisions/012-a-light-first-load.md).
 */
interface PagePreloads {
  /** Pathname of the page. */
  matches: RegExp;
  /** Route modules, as src/web/app/router.tsx imports them (keys of Vite's manifest, relative to src/web). */
  modules: string[];
  /** The API path the page's loader fetches first, when the pathname alone determines it. */
  data?: (match: RegExpExecArray, search: string) => string | undefined;
}

const PAGES: PagePreloads[] = [
  {
    matches: /^\/$/,
    modules: ["app/pages/landing-page.tsx", "features/grievances/routes/landing-route.loader.ts"],
  },
  { matches: /^\/submit-grievance$/, modules: ["app/pages/submit-page.tsx"] },
  {
    matches: /^\/grievances$/,
    modules: ["app/pages/list-page.tsx", "features/grievances/routes/grievances-route.loader.ts"],
    // With a query the loader's own request differs in the order and spelling of its parameters: only the plain
    // list is sure to be the same request.
    data: (_match, search) => (search ? undefined : apiPaths.grievances),
  },
  {
    matches: /^\/grievance\/([^/]+)$/,
    modules: ["app/pages/grievance-page.tsx", "features/grievances/routes/grievance-route.loader.ts"],
    data: (match) => (UUID_PATTERN.test(match[1] ?? "") ? pathTo(apiPaths.grievance, { id: match[1]! }) : undefined),
  },
];

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

/** The chunk files a module loads: its own, and those it imports statically, once each. */
function chunkFiles(
  manifest: Record<string, ManifestChunk>,
  modules: string[],
  alreadyLoaded: Set<string>,
): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || alreadyLoaded.has(chunk.file) || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const sheet of chunk.css ?? []) if (!alreadyLoaded.has(sheet)) css.add(sheet);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) visit(module);
  return { js: [...js], css: [...css] };
}

/**
 * index.html for a page path, with that page's preloads before </head>; the file as built when the manifest is
 * missing (a build without it) or the page has none. Read again only when index.html changes (a new build under a
 * running server names new chunks).
 */
type RenderPage = (pathname: string, search: string, locale: Locale) => string;

export function pageHtmlFor(webDir: string): RenderPage {
  const indexFile = path.join(webDir, "index.html");
  let built: { at: number; render: RenderPage } = { at: -1, render: () => "" };
  return (pathname, search, locale) => {
    const at = fs.statSync(indexFile, { throwIfNoEntry: false })?.mtimeMs;
    // Missing for a moment while a build replaces it: the page as it was.
    if (at !== undefined && at !== built.at)
      built = { at, render: renderer(webDir, fs.readFileSync(indexFile, "utf8")) };
    return withFeedLink(built.render(pathname, search, locale), pathname, search, locale);
  };
}

const escapeAttribute = (text: string): string =>
  text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * The photo that is the page's largest paint, preloaded at the highest priority (grievances/page-photo.ts finds it).
 * Named right after the charset, before the stylesheet and the entry script: it starts beside them instead of after
 * the list has rendered.
 * A responsive image is named by its sources and sizes (imagesrcset, imagesizes), as the page's <img> has them, so
 * the browser picks the same one for both and fetches it once.
 */
export function withPhotoPreload(html: string, photo: PagePhoto | undefined): string {
  if (!photo) return html;
  const sources = photo.srcset
    ? ` imagesrcset="${escapeAttribute(photo.srcset)}" imagesizes="${escapeAttribute(photo.sizes ?? "100vw")}"`
    : "";
  const link = `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(photo.href)}"${sources}>`;
  const charset = /<meta charset="[^"]*"\s*\/?>/i;
  return charset.test(html)
    ? html.replace(charset, (tag) => `${tag}${link}`)
    : html.replace("</head>", `${link}</head>`);
}

/**
 * The page's Atom feed announced in the HTML itself (`<link rel="alternate">`): feed readers and browsers'
 * feed finders run no JavaScript, so the link the web app adds later is not enough. The list's feed follows the
 * address's filters, as the page's own export links do (shared/exports/feed-links.ts). Marked data-page-feed: the web app
 * removes it when it starts and announces the feed itself, following the filters as they change.
 */
function withFeedLink(html: string, pathname: string, search: string, locale: Locale): string {
  const feed = pageFeedOf(pathname, search);
  if (!feed) return html;
  const title = translatorFor(locale)(feed.title);
  const link = `<link rel="alternate" type="application/atom+xml" title="${escapeAttribute(title)}" href="${escapeAttribute(feed.href)}" data-page-feed>`;
  return html.replace("</head>", `${link}</head>`);
}

/**
 * index.html in a language (docs/decisions/019-languages.md): `lang` and `dir` on <html>, the layout rendered in that
 * language at build time (shell/<locale>.html) in place of the English one, and the language's chunk of texts
 * preloaded beside the entry.
 */
function inLanguage(
  webDir: string,
  html: string,
  manifest: Record<string, ManifestChunk> | undefined,
): (locale: Locale) => string {
  const readShell = (locale: Locale) => {
    const file = path.join(webDir, "shell", `${locale}.html`);
    return fs.existsSync(file) ? fs.readFileSync(file, "utf8") : undefined;
  };
  const englishShell = readShell(DEFAULT_LOCALE);
  const pages = new Map<Locale, string>();
  for (const locale of LOCALES) {
    const shell = readShell(locale);
    const textsChunk = manifest?.[`lib/i18n/catalogues/public-${locale}.ts`];
    const texts = textsChunk?.file;
    // The script's font faces (Arabic, Devanagari) come with the texts' chunk: named here, they load beside the entry
    // instead of once the texts are in (src/web/fonts/).
    const fonts = (textsChunk?.css ?? []).map((file) => `<link rel="stylesheet" href="/${file}">`).join("");
    let page = html.replace(/<html lang="en">/, `<html lang="${locale}" dir="${directionOf(locale)}">`);
    if (englishShell && shell && locale !== DEFAULT_LOCALE) page = page.replace(englishShell, () => shell);
    if (texts) page = page.replace("</head>", `<link rel="modulepreload" crossorigin href="/${texts}">${fonts}</head>`);
    pages.set(locale, page);
  }
  return (locale) => pages.get(locale) ?? html;
}

function renderer(webDir: string, html: string): RenderPage {
  const manifestFile = path.join(webDir, ".vite", "manifest.json");
  if (!fs.existsSync(manifestFile)) {
    const page = inLanguage(webDir, html, undefined);
    return (_pathname, _search, locale) => page(locale);
  }
  const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as Record<string, ManifestChunk>;
  const page = inLanguage(webDir, html, manifest);
  const entry = manifest["index.html"];
  const inEntry = new Set<string>(entry ? [entry.file, ...(entry.css ?? [])] : []);
  for (const imported of entry?.imports ?? []) inEntry.add(manifest[imported]?.file ?? "");

  const linksOf = PAGES.map((page) => {
    const { js, css } = chunkFiles(manifest, page.modules, inEntry);
    return [
      // Fetched early but applied when the route's chunk adds it, as the build would, so nothing more blocks the paint.
      ...css.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
      ...js.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ].join("");
  });

  return (pathname, search, locale) => {
    const html = page(locale);
    const index = PAGES.findIndex((candidate) => candidate.matches.test(pathname));
    const preloads = PAGES[index];
    if (!preloads) return html;
    const data = preloads.data?.(preloads.matches.exec(pathname)!, search);
    // crossorigin: the loader's fetch() is a CORS-mode request with same-origin credentials, which only a preload
    // marked so matches; otherwise the browser would fetch the data twice.
    const dataLink = data ? `<link rel="preload" as="fetch" crossorigin href="${data}">` : "";
    return html.replace("</head>", `${linksOf[index]}${dataLink}</head>`);
  };
}
