import { Link } from "react-router";
import { MESSAGES } from "../../shared/messages.ts";
import { useDocumentTitle } from "../lib/use-document-title.ts";
import { paths } from "./paths.ts";

/** docs/product-decisions.md D10: an unknown address gets a friendly page inside the normal layout. */
export function NotFound() {
  useDocumentTitle(MESSAGES.pageNotFound);
  return (
    <section className="message-page card">
      <h1>{MESSAGES.pageNotFound}</h1>
      <p>The page you were looking for does not exist or has moved.</p>
      <p>
        <Link className="button" to={paths.home()}>
          Go to the home page
        </Link>
      </p>
    </section>
  );
}
