import type { Locale } from "#shared/i18n/locales.ts";
import { currentLocale } from "./i18n/i18n.ts";

const STEPS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 86_400],
  ["month", 30 * 86_400],
  ["week", 7 * 86_400],
  ["day", 86_400],
  ["hour", 3_600],
  ["minute", 60],
];

// One formatter per language, made on first use: the browser knows "yesterday" and "3 hours ago" in each of them.
const formats = new Map<Locale, Intl.RelativeTimeFormat>();

function relative(locale: Locale): Intl.RelativeTimeFormat {
  let format = formats.get(locale);
  if (!format) formats.set(locale, (format = new Intl.RelativeTimeFormat(locale, { numeric: "auto" })));
  return format;
}

/**
 * "3 hours ago", "yesterday", "2 weeks ago": how long ago a date was, in the largest whole unit, in the active
 * language ("hace 3 horas", "hier").
 */
export function timeAgo(iso: string, now: number = Date.now(), locale: Locale = currentLocale()): string {
  const format = relative(locale);
  const seconds = Math.max(0, (now - Date.parse(iso)) / 1000);
  for (const [unit, size] of STEPS) {
    if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
  }
  return format.format(0, "minute");
}
