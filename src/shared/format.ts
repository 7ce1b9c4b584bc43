import { format } from "date-fns";
import { DATE_FORMAT, DATE_TIME_FORMAT, DESCRIPTION_PREVIEW_LENGTH, type Priority, type Status } from "./domain.ts";

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

/** Dates are shown in the visitor's time zone (the runtime's local zone). */
export function formatDate(value: string | Date): string {
  return format(new Date(value), DATE_FORMAT);
}

export function formatDateTime(value: string | Date): string {
  return format(new Date(value), DATE_TIME_FORMAT);
}

const MASK = "\u2022\u2022\u2022";

/** "jane@example.org" -> "j•••@example.org" (DESIGN.md D8). */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return MASK;
  return `${email.charAt(0)}${MASK}${email.slice(at)}`;
}

/** "+254 700 123 489" -> "•••••••89": only the last two digits stay (DESIGN.md D8). */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  if (digits.length <= 2) return "\u2022".repeat(7);
  return `${"\u2022".repeat(7)}${digits.slice(-2)}`;
}
