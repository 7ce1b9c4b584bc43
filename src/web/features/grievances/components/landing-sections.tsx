import { lazy, Suspense } from "react";
import { Await, Form, Link } from "react-router";
import type { GrievanceListResponse } from "#shared/api-types.ts";
import { msg } from "#shared/i18n/locales.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { slot, withElements } from "#web/lib/text-with-elements.tsx";
import { paths } from "#web/lib/paths.ts";
import "#web/styles/landing-sections.css";

/*
 * The landing page below its opening section: how it works, the newest reports, "Already reported something?" and
 * the reasons to report. A chunk of its own, fetched as soon as the landing page's chunk runs and shown when it is
 * in: a phone's first screen is the opening section, and the first load of / stays light
 * (docs/decisions/012-a-light-first-load.md). `main` is a screen tall, so nothing on screen moves when it arrives.
 */

// Message ids, translated where they are shown (docs/decisions/019-languages.md).
const REASONS = [
  {
    title: msg("Water Quality"),
    text: msg(
      "Report changes in clarity, taste or odor, and any sign of contamination, so water can be tested and treated.",
    ),
    icon: "drop",
  },
  {
    title: msg("Infrastructure"),
    text: msg("Flag broken pipes, leaks and equipment that needs maintenance before small faults become big failures."),
    icon: "pipe",
  },
  {
    title: msg("Community Health"),
    text: msg(
      "Sanitation and hygiene problems affect everyone. Your report helps protect the health of your neighbours.",
    ),
    icon: "health",
  },
  {
    title: msg("Track Progress"),
    link: { to: paths.stats(), label: msg("See progress & statistics") },
    text: msg("Follow each report's status and see how quickly issues are resolved in your community."),
    icon: "progress",
  },
] as const;

const ICON_PATHS: Record<(typeof REASONS)[number]["icon"], string> = {
  drop: "M12 3c-.3 0-.5.1-.7.4C9.6 5.7 6 10.6 6 14a6 6 0 0 0 12 0c0-3.4-3.6-8.3-5.3-10.6A.9.9 0 0 0 12 3Z",
  pipe: "M2 9h7V7h6v2h7v6h-7v2H9v-2H2V9Z",
  health: "M10 3h4v7h7v4h-7v7h-4v-7H3v-4h7V3Z",
  progress: "M4 19h16v2H2V3h2v16Zm3-3-1.4-1.4L10 10.2l3 3 5.6-5.6L20 9l-7 7-3-3-3 3Z",
};

function ReasonIcon({ name }: { name: keyof typeof ICON_PATHS }) {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={ICON_PATHS[name]} fill="currentColor" fillRule="evenodd" />
    </svg>
  );
}

const STEPS = [
  {
    title: msg("Tell us what and where"),
    text: msg("Describe the problem and where it is. Photos, a pin on a map and your contact details are optional."),
  },
  {
    title: msg("Keep your reference"),
    text: msg(
      "You get a reference such as WS-4F7K2Q and a private link to your report, kept on this device in My Reports.",
    ),
  },
  {
    title: msg("Follow it until it is fixed"),
    text: msg("The team updates its status with a public note. Give an e-mail address to be told of every change."),
  },
] as const;

// Its own chunk (badges, dates): the list arrives after the first paint anyway, and the first load stays light.
const RecentReports = lazy(async () => ({ default: (await import("./recent-reports.tsx")).RecentReports }));

export function LandingSections({ recent }: { recent: Promise<GrievanceListResponse> }) {
  const t = useT();
  return (
    <>
      <section className="how-it-works" aria-labelledby="how-heading">
        <h2 id="how-heading">{t("How it works")}</h2>
        <ol className="step-list">
          {STEPS.map((step) => (
            <li key={step.title} className="step-list__item">
              <h3>{t(step.title)}</h3>
              <p>{t(step.text)}</p>
            </li>
          ))}
        </ol>
      </section>

      <div className="landing-columns">
        <section className="card landing-panel" aria-labelledby="recent-heading">
          <h2 id="recent-heading">{t("Recent reports")}</h2>
          <Suspense fallback={<p className="muted">{t("Loading recent reports...")}</p>}>
            <Await resolve={recent} errorElement={<p className="muted">{t("Recent reports could not be loaded.")}</p>}>
              {(data: GrievanceListResponse) => <RecentReports data={data} />}
            </Await>
          </Suspense>
          <p>
            <Link to={paths.list()}>{t("All reports")}</Link>
          </p>
          <p>
            <Link to={paths.incidents()}>{t("Water incidents")}</Link>
          </p>
        </section>

        <section className="card landing-panel" aria-labelledby="already-heading">
          <h2 id="already-heading">{t("Already reported something?")}</h2>
          <p>
            {/* The link sits where each language's sentence wants it: one message with a slot for it. */}
            {withElements(
              t("Reports sent from this device are in {myReports}, with their private links.", {
                myReports: slot("myReports"),
              }),
              { myReports: <Link to={paths.myReports()}>{t("My Reports")}</Link> },
            )}{" "}
            {t("Or find any report by its reference:")}
          </p>
          {/* A plain search of the list, which matches references: the address says what was asked. */}
          <Form method="get" action={paths.list()} className="reference-search" role="search">
            <label htmlFor="landing-reference">{t("Reference")}</label>
            <div className="reference-search__row">
              <input id="landing-reference" name="q" type="text" placeholder="WS-4F7K2Q" autoComplete="off" required />
              <button type="submit" className="button button--secondary">
                {t("Find")}
              </button>
            </div>
          </Form>
        </section>
      </div>

      <section className="reasons" aria-labelledby="reasons-heading">
        <h2 id="reasons-heading">{t("Why Report Issues?")}</h2>
        <ul className="reason-grid">
          {REASONS.map((reason) => (
            <li key={reason.title} className="card reason-card">
              <span className="reason-card__icon" aria-hidden="true">
                <ReasonIcon name={reason.icon} />
              </span>
              <h3>{t(reason.title)}</h3>
              <p>{t(reason.text)}</p>
              {"link" in reason && (
                <Link className="link-button" to={reason.link.to}>
                  {t(reason.link.label)}
                </Link>
              )}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
