import { directionOf, type Locale } from "#shared/i18n/locales.ts";

/**
 * What a chart needs of the visitor's language (docs/decisions/027-statistics-charts.md): its numbers, percentages
 * and dates written the language's way (Intl; Arabic digits in Arabic), and its direction. Plot lays a chart out
 * left to right; in a right-to-left language the charts are mirrored through their scales (time runs from right
 * to left, the value axis stands on the right), not through CSS, which would mirror the text too.
 */
export interface ChartLocale {
  rtl: boolean;
  number: (value: number) => string;
  percent: (share: number) => string;
  /** A week by its Monday: "Mar 2" in English, "2 mars" in French, "٢ مارس" in Arabic. */
  week: (start: string) => string;
  /** The same with its year, for the tables. */
  weekWithYear: (start: string) => string;
}

const tagOf = (locale: Locale) => (locale === "en" ? "en-US" : locale);

export function chartLocale(locale: Locale): ChartLocale {
  const tag = tagOf(locale);
  const numbers = new Intl.NumberFormat(tag, { maximumFractionDigits: 1 });
  const percents = new Intl.NumberFormat(tag, { style: "percent", maximumFractionDigits: 0 });
  // The week's Monday is a date of the calendar, not an instant: formatted in UTC so no zone moves it a day.
  const short = new Intl.DateTimeFormat(tag, { day: "numeric", month: "short", timeZone: "UTC" });
  const long = new Intl.DateTimeFormat(tag, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
  const date = (start: string) => new Date(`${start}T00:00:00Z`);
  return {
    rtl: directionOf(locale) === "rtl",
    number: (value) => numbers.format(value),
    percent: (share) => percents.format(share),
    week: (start) => short.format(date(start)),
    weekWithYear: (start) => long.format(date(start)),
  };
}

/** A chart's text cut to `max` characters, so that a long category name or incident title leaves room for the bars. */
export function shortLabel(text: string, max = 28): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}
