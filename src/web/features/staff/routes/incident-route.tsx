import { Link, useLoaderData, type LoaderFunctionArgs } from "react-router";
import type { CategoryView } from "#shared/categories/category-schemas.ts";
import { directionOf } from "#shared/i18n/locales.ts";
import { ApiRequestError } from "#web/lib/api-client.ts";
import { useLocale, useT } from "#web/lib/i18n/i18n-context.tsx";
import { paths } from "#web/lib/paths.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { loadCategories } from "#web/lib/categories/use-categories.ts";
import { withStaffSession } from "#web/lib/session-guard.ts";
import { IncidentClosePanel } from "../components/incident-close-panel.tsx";
import { IncidentFacts } from "../components/incident-facts.tsx";
import { IncidentLinkPanel, LinkedReports } from "../components/incident-link-panel.tsx";
import { IncidentUpdateForm } from "../components/incident-update-form.tsx";
import { getStaffIncident, type StaffIncident } from "../api/incidents-api.ts";

export { incidentAction, incidentShouldRevalidate } from "../api/incident-actions.ts";

type LoaderResult = { incident: StaffIncident | null; categories: CategoryView[] };

/** The incident with its linked reports, and the categories the "Link reports" preview offers. */
export async function incidentLoader({ request, params }: LoaderFunctionArgs): Promise<LoaderResult> {
  const categories = loadCategories().catch(() => [] as CategoryView[]);
  try {
    const incident = await withStaffSession(request, () => getStaffIncident(params.id ?? "", request.signal));
    return { incident, categories: await categories };
  } catch (error) {
    if (error instanceof ApiRequestError && error.isNotFound) return { incident: null, categories: [] };
    throw error;
  }
}

export function IncidentRoute() {
  const { incident, categories } = useLoaderData<typeof incidentLoader>();
  return incident ? <IncidentPage incident={incident} categories={categories} /> : <IncidentNotFound />;
}

function IncidentNotFound() {
  const t = useT();
  useDocumentTitle(t("Incident not found"));
  return (
    <section className="message-page card">
      <h1>{t("Incident not found")}</h1>
      <p>
        <Link className="button" to={paths.staffIncidents()}>
          {t("All incidents")}
        </Link>
      </p>
    </section>
  );
}

function IncidentPage({ incident, categories }: { incident: StaffIncident; categories: CategoryView[] }) {
  const t = useT();
  const back = directionOf(useLocale()) === "rtl" ? "\u2192" : "\u2190";
  useDocumentTitle(t("{title} (incident)", { title: incident.title }));
  const active = incident.closedAt === null;
  return (
    <div className="page incident-page">
      <p>
        <Link to={paths.staffIncidents()}>{`${back} ${t("All incidents")}`}</Link>
      </p>
      <div className="staff-report-layout">
        <div className="incident-page__main">
          <IncidentFacts incident={incident} />
          <LinkedReports incident={incident} />
        </div>
        <div className="staff-report-layout__side">
          {active && <IncidentUpdateForm />}
          {active && <IncidentLinkPanel categories={categories} incidentId={incident.id} />}
          <IncidentClosePanel incident={incident} />
        </div>
      </div>
    </div>
  );
}
