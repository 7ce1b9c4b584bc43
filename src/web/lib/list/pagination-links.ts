import { t } from "../i18n/i18n.ts";
import { formatCount } from "../i18n/format.ts";
import { changedQuery } from "../query-string.ts";

/** What a paged answer (public list or staff queue) tells about its pages. */
export interface Paged {
  page: number;
  pageSize: number;
  matching: number;
  matchingCapped: boolean;
  items: readonly unknown[];
  /** Only the public list pages by cursor; the staff queue has neither. */
  nextCursor?: string | null;
  prevCursor?: string | null;
}

export interface PageLinks {
  /** "Page 3 of 834+", or "Page 900" past the pages the capped count vouches for. */
  label: string;
  /** The URL query of the previous or next page, or null when there is none. */
  previous: string | null;
  next: string | null;
}

/**
 * The page's own query with another page: the filters stay (docs/product-decisions.md D9), and a cursor, when there is one, finds
 * the rows so that page 500 costs what page 1 costs; `page` then only numbers them. Page 1 is always the plain
 * list, which also shows reports that arrived meanwhile.
 */
function queryOf(search: string, page: number, cursor: string | null | undefined): string {
  const paged = changedQuery(
    new URLSearchParams(search),
    { page: page > 1 ? String(page) : null, cursor: page > 1 && cursor ? cursor : null },
    { backToFirstPage: false },
  );
  const query = paged.toString();
  // "?" rather than "": a link to "" would keep the current query instead of clearing it.
  return query ? `?${query}` : "?";
}

/** Previous / Next and where the page stands; null when everything fits on one page. */
export function pageLinks(search: string, data: Paged): PageLinks | null {
  const { page, pageSize, matching, matchingCapped } = data;
  // Above the cap at least one row more matches than the count says, so the pages those rows fill exist.
  const knownPages = Math.ceil((matchingCapped ? matching + 1 : matching) / pageSize);
  if (knownPages <= 1) return null;
  const hasNext =
    data.nextCursor !== undefined
      ? data.nextCursor !== null
      : // No cursors (staff queue): past the known pages, a full page is the only sign that more may follow.
        page < knownPages || (matchingCapped && data.items.length === pageSize);
  // Past the pages the capped count vouches for, only the page's own number; below them, the count of pages with "+".
  const label =
    matchingCapped && page >= knownPages
      ? t("Page {page}", { page: formatCount(page) })
      : t("Page {page} of {pages}", {
          page: formatCount(page),
          pages: `${formatCount(knownPages)}${matchingCapped ? "+" : ""}`,
        });
  return {
    label,
    previous: page > 1 ? queryOf(search, page - 1, data.prevCursor) : null,
    next: hasNext ? queryOf(search, page + 1, data.nextCursor) : null,
  };
}
