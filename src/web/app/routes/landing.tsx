import { lazy, Suspense } from "react";
import { Await, Form, Link, useLoaderData } from "react-router";
import type { GrievanceListResponse } from "../../../shared/api-types.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { paths } from "../paths.ts";
import type { landingLoader } from "./landing.loader.ts";

const REASONS = [
  {
    title: "Water Quality",
    text: "Report changes in clarity, taste or odor, and any sign of contamination, so water can be tested and treated.",
    icon: "drop",
  },
  {
    title: "Infrastructure",
    text: "Flag broken pipes, leaks and equipment that needs maintenance before small faults become big failures.",
    icon: "pipe",
  },
  {
    title: "Community Health",
    text: "Sanitation and hygiene problems affect everyone. Your report helps protect the health of your neighbours.",
    icon: "health",
  },
  {
    title: "Track Progress",
    link: { to: paths.stats(), label: "See progress & statistics" },
    text: "Follow each report's status and see how quickly issues are resolved in your community.",
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
    title: "Tell us what and where",
    text: "Describe the problem and where it is. Photos, a pin on a map and your contact details are optional.",
  },
  {
    title: "Keep your reference",
    text: "You get a reference such as WS-4F7K2Q and a private link to your report, kept on this device in My Reports.",
  },
  {
    title: "Follow it until it is fixed",
    text: "The team updates its status with a public note. Give an e-mail address to be told of every change.",
  },
] as const;

// Its own chunk (badges, dates): the list arrives after the first paint anyway, and the first load stays light.
const RecentReports = lazy(async () => ({ default: (await import("./recent-reports.tsx")).RecentReports }));

export function LandingRoute() {
  useDocumentTitle("Home");
  const { recent } = useLoaderData<typeof landingLoader>();
  return (
    <>
      <section className="hero">
        <h1>Clean Water &amp; Sanitation Grievance Portal</h1>
        <p className="hero__lead">
          Report water quality issues, sanitation problems, and infrastructure concerns. Help us maintain clean and
          safe water for everyone in our community.
        </p>
        <div className="hero__actions">
          <Link className="button button--large" to={paths.submit()}>
            Report an Issue
          </Link>
          <Link className="button button--large button--secondary" to={paths.list()}>
            View Reports
          </Link>
        </div>
      </section>

      <section className="how-it-works" aria-labelledby="how-heading">
        <h2 id="how-heading">How it works</h2>
        <ol className="step-list">
          {STEPS.map((step) => (
            <li key={step.title} className="step-list__item">
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <div className="landing-columns">
        <section className="card landing-panel" aria-labelledby="recent-heading">
          <h2 id="recent-heading">Recent reports</h2>
          <Suspense fallback={<p className="muted">Loading recent reports...</p>}>
            <Await resolve={recent} errorElement={<p className="muted">Recent reports could not be loaded.</p>}>
              {(data: GrievanceListResponse) => <RecentReports data={data} />}
            </Await>
          </Suspense>
          <p>
            <Link to={paths.list()}>All reports</Link>
          </p>
        </section>

        <section className="card landing-panel" aria-labelledby="already-heading">
          <h2 id="already-heading">Already reported something?</h2>
          <p>
            Reports sent from this device are in <Link to={paths.myReports()}>My Reports</Link>, with their private
            links. Or find any report by its reference:
          </p>
          {/* A plain search of the list, which matches references: the address says what was asked. */}
          <Form method="get" action={paths.list()} className="reference-search" role="search">
            <label htmlFor="landing-reference">Reference</label>
            <div className="reference-search__row">
              <input id="landing-reference" name="q" type="text" placeholder="WS-4F7K2Q" autoComplete="off" required />
              <button type="submit" className="button button--secondary">
                Find
              </button>
            </div>
          </Form>
        </section>
      </div>

      <section className="reasons" aria-labelledby="reasons-heading">
        <h2 id="reasons-heading">Why Report Issues?</h2>
        <ul className="reason-grid">
          {REASONS.map((reason) => (
            <li key={reason.title} className="card reason-card">
              <span className="reason-card__icon" aria-hidden="true">
                <ReasonIcon name={reason.icon} />
              </span>
              <h3>{reason.title}</h3>
              <p>{reason.text}</p>
              {"link" in reason && (
                <Link className="link-button" to={reason.link.to}>
                  {reason.link.label}
                </Link>
              )}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
