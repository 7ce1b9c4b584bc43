import { lazy, Suspense, type ReactNode } from "react";
import { Link, useLoaderData } from "react-router";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { paths } from "#web/lib/paths.ts";
import type { landingLoader } from "./landing-route.loader.ts";

// Below the opening section, in a chunk of its own that the loader has already asked for.
const LandingSections = lazy(async () => ({
  default: (await import("../components/landing-sections.tsx")).LandingSections,
}));

/** `banner`: the active incidents' banner, handed in by the app (app/pages/landing-page.tsx). */
export function LandingRoute({ banner }: { banner: ReactNode }) {
  const t = useT();
  useDocumentTitle(t("Home"));
  const { recent } = useLoaderData<typeof landingLoader>();
  return (
    <>
      {/* After the first paint, in a chunk of its own: active incidents and what to do. */}
      {banner}
      <section className="hero">
        <h1>{t("Clean Water & Sanitation Grievance Portal")}</h1>
        <p className="hero__lead">
          {t(
            "Report water quality issues, sanitation problems, and infrastructure concerns. Help us maintain clean and safe water for everyone in our community.",
          )}
        </p>
        <div className="hero__actions">
          <Link className="button button--large" to={paths.submit()}>
            {t("Report an Issue")}
          </Link>
          <Link className="button button--large button--secondary" to={paths.list()}>
            {t("View Reports")}
          </Link>
        </div>
      </section>

      <Suspense fallback={null}>
        <LandingSections recent={recent} />
      </Suspense>
    </>
  );
}
