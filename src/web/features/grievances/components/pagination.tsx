import { Link, useLocation } from "react-router";
import { pageLinks, type Paged } from "../pagination-links.ts";

/** Previous / Next links that keep the filters in the URL; shown only when there is more than one page. */
export function Pagination({ data }: { data: Paged }) {
  const { search } = useLocation();
  const links = pageLinks(search, data);
  if (!links) return null;
  return (
    <nav className="pagination" aria-label="Pagination">
      {links.previous ? (
        <Link className="button button--secondary" to={links.previous}>
          Previous
        </Link>
      ) : (
        <span className="button button--secondary is-disabled" aria-disabled="true">
          Previous
        </span>
      )}
      <span className="pagination__label">{links.label}</span>
      {links.next ? (
        <Link className="button button--secondary" to={links.next}>
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
