import { DESCRIPTION_PREVIEW_LENGTH, type Priority, type Status } from "./domain.ts";
import { DEFAULT_LOCALE, msg, type Locale } from "./i18n/locales.ts";

// Labels are English message ids, translated where they are shown (docs/decisions/019-languages.md).
const STATUS_LABELS: Record<Status, string> = {
  pending: msg("Pending"),
  "in-progress": msg("In progress"),
  resolved: msg("Resolved"),
};

/** "in-progress" -> "In progress" (specification §4: first letter capital, hyphen turned into a space). */
export function statusLabel(status: Status): string {
  return STATUS_LABELS[status];
}

const PRIORITY_LABELS: Record<Priority, string> = {
  low: msg("Low"),
  medium: msg("Medium"),
  high: msg("High"),
  urgent: msg("Urgent"),
};

/** Option label of a priority on the form and in the filters: "urgent" -> "Urgent". */
export function priorityLabel(priority: Priority): string {
  return PRIORITY_LABELS[priority];
}

const PRIORITY_BADGES: Record<Priority, readonly [badge: string, withWord: string]> = {
  low: [msg("LOW"), msg("LOW PRIORITY")],
  medium: [msg("MEDIUM"), msg("MEDIUM PRIORITY")],
  high: [msg("HIGH"), msg("HIGH PRIORITY")],
  urgent: [msg("URGENT"), msg("URGENT PRIORITY")],
};

/** Priority badge text on cards ("HIGH") and on the details page ("HIGH PRIORITY"). */
export function priorityBadge(priority: Priority, withWord = false): string {
  return PRIORITY_BADGES[priority][withWord ? 1 : 0];
}

/** Card preview: cut at 100 characters and followed by "..." only when something was cut. */
export function truncateDescription(text: string, max = DESCRIPTION_PREVIEW_LENGTH): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

// DATE_FORMAT and DATE_TIME_FORMAT ("MMM dd, yyyy" and "MMM dd, yyyy HH:mm") put together from Intl's parts: the
// browser already knows month names and time zones, so no date library is shipped for two formats. en-US for
// "Mar", "Sep"; h23 so that midnight is 00 (hour12: false gives 24 in some engines). Other languages get the same
// parts (day, short month, year; 24-hour time) in their own order and words (docs/decisions/019-languages.md).
// Created on first use, in the runtime's zone, which is the visitor's in the browser.
const DATE_PARTS = { month: "short", day: "2-digit", year: "numeric" } as const;
const TIME_PARTS = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" } as const;
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(locale: Locale, withTime: boolean): Intl.DateTimeFormat {
  const key = `${locale}${withTime ? "+time" : ""}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale === "en" ? "en-US" : locale, {
      ...DATE_PARTS,
      ...(withTime && TIME_PARTS),
    });
    dateFormats.set(key, format);
  }
  return format;
}

function englishParts(value: string | Date): Record<"month" | "day" | "year" | "hour" | "minute", string> {
  const parts = { month: "", day: "", year: "", hour: "", minute: "" };
  for (const part of dateFormat("en", true).formatToParts(new Date(value))) {
    if (part.type in parts) parts[part.type as keyof typeof parts] = part.value;
  }
  return parts;
}

/** "Mar 05, 2026": dates are shown in the visitor's time zone (the runtime's local zone). */
export function formatDate(value: string | Date, locale: Locale = DEFAULT_LOCALE): string {
  if (locale !== "en") return dateFormat(locale, false).format(new Date(value));
  const { month, day, year } = englishParts(value);
  return `${month} ${day}, ${year.padStart(4, "0")}`;
}

/** "Mar 05, 2026 14:07" */
export function formatDateTime(value: string | Date, locale: Locale = DEFAULT_LOCALE): string {
  if (locale !== "en") return dateFormat(locale, true).format(new Date(value));
  const { month, day, year, hour, minute } = englishParts(value);
  return `${month} ${day}, ${year.padStart(4, "0")} ${hour}:${minute}`;
}

const MASK = "\u2022\u2022\u2022";

/** "jane@example.org" -> "j•••@example.org" (docs/product-decisions.md D8). */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return MASK;
  return `${email.charAt(0)}${MASK}${email.slice(at)}`;
}

/** "+254 700 123 489" -> "•••••••89": only the last two digits stay (docs/product-decisions.md D8). */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  if (digits.length <= 2) return "\u2022".repeat(7);
  return `${"\u2022".repeat(7)}${digits.slice(-2)}`;
}

const countFormats = new Map<Locale, Intl.NumberFormat>();

/** 1000000 -> "1,000,000" in English, "1.000.000" in Spanish, "10,00,000" in Hindi. */
export function formatCount(count: number, locale: Locale = DEFAULT_LOCALE): string {
  let format = countFormats.get(locale);
  if (!format) countFormats.set(locale, (format = new Intl.NumberFormat(locale === "en" ? "en-US" : locale)));
  return format.format(count);
}
