import type { Locale } from "./locales.ts";

/**
 * The catalogue files of each language (src/shared/i18n/catalogues/<locale>/<namespace>.json), one per part of the
 * code, so that each part's texts and their translations sit together. The browser downloads them as two bundles
 * per language: the public pages' and the staff console's. The server reads every file (docs/decisions/019).
 */
export const CATALOGUE_BUNDLES = {
  public: ["frame", "shared", "report", "browse", "report-water-points", "tracking-privacy", "privacy-links"],
  console: ["console", "console-sms", "console-water-points", "console-privacy", "console-sms-keywords"],
  // The statistics' charts: downloaded by their page alone (docs/decisions/027-statistics-charts.md).
  stats: ["stats"],
  // The technician's page and its link's e-mail (docs/decisions/031-technician-links.md): downloaded by that page alone.
  field: ["field"],
  // The accessibility statement's texts: long, read rarely, so downloaded by its page alone.
  accessibility: ["accessibility"],
  // The privacy notice's texts (docs/decisions/042-privacy-and-retention.md): downloaded by its page alone.
  privacy: ["privacy"],
  // A water point's page and its printable sign (docs/decisions/036-water-points.md): downloaded by those pages alone.
  "water-points": ["water-points"],
  // The SMS the portal sends (docs/decisions/035-sms-through-a-gateway.md): the server's alone.
  server: ["server", "sms", "sms-updates"],
} as const;
export type CatalogueBundle = keyof typeof CATALOGUE_BUNDLES;
export const CATALOGUE_NAMESPACES = Object.values(CATALOGUE_BUNDLES).flat();

/** A catalogue file as kept in git: English message id → this language's text (ICU MessageFormat). */
export type CatalogueSource = Record<string, string>;
export type CatalogueFile = `${Locale}/${(typeof CATALOGUE_NAMESPACES)[number]}`;
