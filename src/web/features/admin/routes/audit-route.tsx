import { Link, useLoaderData, type LoaderFunctionArgs } from "react-router";
import { formatDateTime } from "#web/lib/i18n/format.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { withStaffSession } from "#web/lib/session-guard.ts";
import { getAuditLog } from "../api/admin-api.ts";

export async function auditLoader({ request }: LoaderFunctionArgs) {
  const before = new URL(request.url).searchParams.get("before");
  return { before, ...(await withStaffSession(request, () => getAuditLog(before, request.signal))) };
}

/** `from: Other, to: Something else`: the details as a person reads them (data written by the server, as it is). */
function describeDetails(details: Record<string, unknown>): string {
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`)
    .join(", ");
}

/** Who did what and when: every administrative action, newest first (docs/decisions/017). */
export function AuditRoute() {
  const t = useT();
  useDocumentTitle(t("Audit log · Administration"));
  const { entries, nextBefore, before } = useLoaderData<typeof auditLoader>();
  return (
    <section aria-labelledby="audit-heading">
      <h2 id="audit-heading">{t("Audit log")}</h2>
      {entries.length === 0 ? (
        <p className="muted">{t("Nothing has been recorded yet.")}</p>
      ) : (
        // Scrolls sideways on a phone: focusable, so the keyboard can scroll it too, and named for screen readers.
        <div className="table-scroll" tabIndex={0} role="region" aria-label={t("Audit log, scrolls sideways")}>
          <table className="admin-table" data-testid="audit-log">
            <caption className="visually-hidden">{t("Administrative actions, newest first")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("When")}</th>
                <th scope="col">{t("Who")}</th>
                <th scope="col">{t("Action")}</th>
                <th scope="col">{t("On")}</th>
                <th scope="col">{t("Details")}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatDateTime(entry.at)}</td>
                  <td>
                    <bdi>{entry.actor}</bdi>
                  </td>
                  <td>
                    <code>{entry.action}</code>
                  </td>
                  <td>{entry.target}</td>
                  <td className="admin-table__details">{describeDetails(entry.details)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="admin-paging">
        {before && <Link to="?">{t("Newest entries")}</Link>}
        {nextBefore && <Link to={`?before=${nextBefore}`}>{t("Older entries")}</Link>}
      </p>
    </section>
  );
}
