import type { Locale } from "#shared/i18n/locales.ts";
import { currentLocale, t } from "./i18n/i18n.ts";

const UNITS = [
  { seconds: 86_400, unit: "day", one: "day", many: "days" },
  { seconds: 3_600, unit: "hour", one: "hour", many: "hours" },
  { seconds: 60, unit: "minute", one: "minute", many: "minutes" },
] as const;

type Unit = (typeof UNITS)[number];

const unitFormats = new Map<string, Intl.NumberFormat>();

/** "2 days" in English as it always was; "2 días", "2 jours", "2 दिन", "يومان" from Intl in the other languages. */
function amount(count: number, unit: Unit, locale: Locale): string {
  if (locale === "en") return `${count} ${count === 1 ? unit.one : unit.many}`;
  const key = `${locale}:${unit.unit}`;
  let format = unitFormats.get(key);
  if (!format)
    unitFormats.set(
      key,
      (format = new Intl.NumberFormat(locale, { style: "unit", unit: unit.unit, unitDisplay: "long" })),
    );
  return format.format(count);
}

/** "2 days 4 hours" in English; each other language joins the units its own way ("2 días y 4 horas"). */
function joined(words: string[], locale: Locale): string {
  if (locale === "en") return words.join(" ");
  return new Intl.ListFormat(locale, { type: "unit", style: "long" }).format(words);
}

/**
 * Human-readable length of time with at most `parts` units, largest first: 187_200 -> "2 days 4 hours", in the active
 * language. Rounds down (an "overdue by 2 days" must not be shown for 1 day 23 hours); under a minute is "less than a
 * minute".
 */
export function formatDuration(totalSeconds: number, parts = 2): string {
  const locale = currentLocale();
  let rest = Math.max(0, Math.floor(totalSeconds));
  const words: string[] = [];
  for (const unit of UNITS) {
    if (words.length >= parts) break;
    const count = Math.floor(rest / unit.seconds);
    rest -= count * unit.seconds;
    if (count > 0) words.push(amount(count, unit, locale));
    // Skip smaller units once a larger one was written but this one was zero ("2 days", not "2 days 5 minutes").
    else if (words.length > 0) break;
  }
  return words.length > 0 ? joined(words, locale) : t("less than a minute");
}
