import { Form } from "react-router";
import type { ImportResult } from "#shared/api-schemas/water-point-registry.ts";
import { BusySubmitButton } from "#web/lib/busy-submit-button.tsx";
import { Field } from "#web/lib/form-field.tsx";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import type { WaterPointsResult } from "./water-point-fields.tsx";

/**
 * Import a registry (docs/decisions/036-water-points.md): choose the file, see the preview (what would be created,
 * updated and rejected, nothing stored), then import it and see the result. The file stays chosen between the two.
 */
export function WaterPointImport({ result, busy }: { result: WaterPointsResult | undefined; busy: boolean }) {
  const t = useT();
  const figures = result?.ok && (result.intent === "preview" || result.intent === "import") ? result : undefined;
  const data = figures?.data as ImportResult | undefined;
  return (
    <section className="card admin-new" aria-labelledby="import-heading">
      <h3 id="import-heading">{t("Import a registry")}</h3>
      <p className="muted">
        {t(
          "A CSV with WPDx's column names (wpdx_id, lat_deg, lon_deg, water_source_clean, water_tech_clean, status_id, clean_adm1 to clean_adm4, install_year, management_clean, name) or a GeoJSON file of points. Points already in the registry are updated by their code.",
        )}
      </p>
      <Form method="post" encType="multipart/form-data" className="admin-form">
        <Field id="water-points-file" label={t("Registry file")} mark="required">
          {(control) => (
            <input
              type="file"
              name="file"
              required
              accept=".csv,.geojson,.json,text/csv,application/geo+json"
              {...control}
            />
          )}
        </Field>
        <div className="admin-list__actions">
          <BusySubmitButton busy={busy} name="intent" value="preview" className="button button--secondary">
            {t("Preview")}
          </BusySubmitButton>
          {data?.dryRun && (
            <BusySubmitButton busy={busy} name="intent" value="import" className="button" data-testid="import-confirm">
              {t("Import these points")}
            </BusySubmitButton>
          )}
        </div>
      </Form>
      {data && <ImportFigures result={data} />}
    </section>
  );
}

function ImportFigures({ result }: { result: ImportResult }) {
  const t = useT();
  const { created, updated, rejected } = result;
  return (
    <div className="water-point-import" data-testid={result.dryRun ? "import-preview" : "import-result"}>
      <h4>{result.dryRun ? t("Preview: nothing is stored yet") : t("Imported")}</h4>
      <p>
        {result.dryRun
          ? t(
              "{created, plural, one {# point would be created} other {# points would be created}}, {updated, plural, one {# updated} other {# updated}}, {rejected, plural, one {# row rejected} other {# rows rejected}}.",
              {
                created,
                updated,
                rejected: rejected.length,
              },
            )
          : t(
              "{created, plural, one {# point created} other {# points created}}, {updated, plural, one {# updated} other {# updated}}, {rejected, plural, one {# row rejected} other {# rows rejected}}.",
              {
                created,
                updated,
                rejected: rejected.length,
              },
            )}
      </p>
      {rejected.length > 0 && (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={t("Rejected rows, scrolls sideways")}>
          <table className="admin-table" data-testid="import-rejected">
            <caption>{t("Rejected rows: fix them in the file and import it again")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("Line or feature")}</th>
                <th scope="col">{t("Reason")}</th>
              </tr>
            </thead>
            <tbody>
              {rejected.map((row) => (
                <tr key={`${row.row}-${row.reason}`}>
                  <td>{row.row}</td>
                  <td>{t(row.reason)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
