import { Link } from "react-router";
import { FRAME_MESSAGES } from "#shared/frame-messages.ts";
import { useT } from "../lib/i18n/i18n-context.tsx";
import { useDocumentTitle } from "../lib/use-document-title.ts";
import { paths } from "./paths.ts";

/** docs/product-decisions.md D10: an unknown address gets a friendly page inside the normal layout. */
export function NotFound() {
  const t = useT();
  useDocumentTitle(t(FRAME_MESSAGES.pageNotFound));
  return (
    <section className="message-page card">
      <h1>{t(FRAME_MESSAGES.pageNotFound)}</h1>
      <p>{t("The page you were looking for does not exist or has moved.")}</p>
      <p>
        <Link className="button" to={paths.home()}>
          {t("Go to the home page")}
        </Link>
      </p>
    </section>
  );
}
