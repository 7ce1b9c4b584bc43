import { Link, useLocation } from "react-router";

function pageHref(search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete("page");
  else params.set("page", String(page));
  const next = params.toString();
  return next ? `?${next}` : "?";
}

/** What a paged answer (public list or staff queue) tells about its pages. */
interface Paged {
  page: number;
  pageSize: number;
  matching: number;
}

/** Previous / Next links that keep the filters in the URL; shown only when there is more than one page. */
export function Pagination({ data: { page, pageSize, matching } }: { data: Paged }) {
  const { search } = useLocation();
  const pageCount = Math.ceil(matching / pageSize);
  if (pageCount <= 1) return null;
  const hasPrevious = page > 1;
  const hasNext = page < pageCount;
  return (
    <nav className="pagination" aria-label="Pagination">
      {hasPrevious ? (
        <Link className="button button--secondary" to={pageHref(search, page - 1)}>
          Previous
        </Link>
      ) : (
        <span className="button button--secondary is-disabled" aria-disabled="true">
          Previous
        </span>
      )}
      <span className="pagination__label">
        Page {page} of {pageCount}
      </span>
      {hasNext ? (
        <Link className="button button--secondary" to={pageHref(search, page + 1)}>
          Next
        </Link>
      ) : (
        <span className="button button--secondary is-disabled" aria-disabled="true">
          Next
        </span>
      )}
    </nav>
  );
}
