import {
  formatCount as formatCountIn,
  formatDate as formatDateIn,
  formatDateTime as formatDateTimeIn,
} from "#shared/format.ts";
import { currentLocale, t } from "./i18n.ts";

// Dates and counts in the active language (docs/decisions/019-languages.md); apart from i18n.ts so that the first
// load carries them only if a page needs them (docs/decisions/012).

export const formatDate = (value: string | Date) => formatDateIn(value, currentLocale());
export const formatDateTime = (value: string | Date) => formatDateTimeIn(value, currentLocale());
export const formatCount = (count: number) => formatCountIn(count, currentLocale());

/**
 * "Showing X of Y grievances" (specification), X exact up to the count cap and "1,000+" above it
 * (docs/product-decisions.md D12). The staff queue says "reports".
 */
export function showingCount(
  { matching, matchingCapped, total }: { matching: number; matchingCapped: boolean; total: number },
  noun: "grievances" | "reports" = "grievances",
): string {
  const values = { matching: `${formatCount(matching)}${matchingCapped ? "+" : ""}`, total: formatCount(total) };
  return noun === "reports"
    ? t("Showing {matching} of {total} reports", values)
    : t("Showing {matching} of {total} grievances", values);
}
