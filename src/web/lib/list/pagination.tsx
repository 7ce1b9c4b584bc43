import { Link, useLocation } from "react-router";
import { useT } from "../i18n/i18n-context.tsx";
import { pageLinks, type Paged } from "./pagination-links.ts";

/** Previous / Next links that keep the filters in the URL; shown only when there is more than one page. */
export function Pagination({ data }: { data: Paged }) {
  const t = useT();
  const { search } = useLocation();
  const links = pageLinks(search, data);
  if (!links) return null;
  return (
    <nav className="pagination" aria-label={t("Pagination")}>
      {links.previous ? (
        <Link className="button button--secondary" to={links.previous}>
          {t("Previous")}
        </Link>
      ) : (
        <span className="button button--secondary is-disabled" aria-disabled="true">
          {t("Previous")}
        </span>
      )}
      <span className="pagination__label">{links.label}</span>
      {links.next ? (
        <Link className="button button--secondary" to={links.next}>
          {t("Next")}
        </Link>
      ) : (
        <span className="button button--secondary is-disabled" aria-disabled="true">
          {t("Next")}
        </span>
      )}
    </nav>
  );
}
