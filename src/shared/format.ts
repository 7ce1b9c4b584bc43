import { DESCRIPTION_PREVIEW_LENGTH, type Priority, type Status } from "./domain.ts";

/** "in-progress" -> "In progress" (specification §4: first letter capital, hyphen turned into a space). */
export function statusLabel(status: Status): string {
  const spaced = status.replace(/-/g, " ");
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** Priority badge text on cards ("HIGH") and on the details page ("HIGH PRIORITY"). */
export function priorityBadge(priority: Priority, withWord = false): string {
  const upper = priority.toUpperCase();
  return withWord ? `${upper} PRIORITY` : upper;
}

/** Card preview: cut at 100 characters and followed by "..." only when something was cut. */
export function truncateDescription(text: string, max = DESCRIPTION_PREVIEW_LENGTH): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

// DATE_FORMAT and DATE_TIME_FORMAT ("MMM dd, yyyy" and "MMM dd, yyyy HH:mm") put together from Intl's parts: the
// browser already knows month names and time zones, so no date library is shipped for two formats. en-US for
// "Mar", "Sep"; h23 so that midnight is 00 (hour12: false gives 24 in some engines). Created on first use, in
// the runtime's zone, which is the visitor's in the browser.
let dateParts: Intl.DateTimeFormat | undefined;

function partsOf(value: string | Date): Record<"month" | "day" | "year" | "hour" | "minute", string> {
  dateParts ??= new Intl.DateTimeFormat("en-US", {
    month: "short",
    day: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const parts = { month: "", day: "", year: "", hour: "", minute: "" };
  for (const part of dateParts.formatToParts(new Date(value))) {
    if (part.type in parts) parts[part.type as keyof typeof parts] = part.value;
  }
  return parts;
}

/** "Mar 05, 2026": dates are shown in the visitor's time zone (the runtime's local zone). */
export function formatDate(value: string | Date): string {
  const { month, day, year } = partsOf(value);
  return `${month} ${day}, ${year.padStart(4, "0")}`;
}

/** "Mar 05, 2026 14:07" */
export function formatDateTime(value: string | Date): string {
  const { month, day, year, hour, minute } = partsOf(value);
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

// The texts are the English catalogue (docs/product-decisions.md D16), so their numbers are grouped the English way everywhere.
const COUNT_FORMAT = new Intl.NumberFormat("en-US");

/** 1000000 -> "1,000,000". */
export function formatCount(count: number): string {
  return COUNT_FORMAT.format(count);
}

/**
 * "Showing X of Y grievances" (specification), X exact up to the count cap and "10,000+" above it (docs/product-decisions.md D12):
 * "Showing 10,000+ of 1,000,000 grievances". The staff queue says "reports".
 */
export function showingCount(
  { matching, matchingCapped, total }: { matching: number; matchingCapped: boolean; total: number },
  noun = "grievances",
): string {
  return `Showing ${formatCount(matching)}${matchingCapped ? "+" : ""} of ${formatCount(total)} ${noun}`;
}
