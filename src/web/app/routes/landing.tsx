import { Link } from "react-router";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { paths } from "../paths.ts";

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

export function LandingRoute() {
  useDocumentTitle("Home");
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
