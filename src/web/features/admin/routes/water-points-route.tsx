import {
  Form,
  Link,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from "react-router";
import { exportPaths } from "#shared/api-paths.ts";
import {
  newWaterPointSchema,
  waterPointFieldsSchema,
  type WaterPointRecord,
} from "#shared/water-points/water-point-schemas.ts";
import { refusal } from "#web/lib/action-result.ts";
import { errorMessageOf } from "#web/lib/api-client.ts";
import { BusySubmitButton } from "#web/lib/busy-submit-button.tsx";
import { FormFeedback } from "#web/lib/form-feedback.tsx";
import { t } from "#web/lib/i18n/i18n.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { translateText } from "#web/lib/i18n/translate-text.ts";
import { isSignedOut, withStaffSession } from "#web/lib/session-guard.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { paths } from "#web/lib/paths.ts";
import { msg } from "#shared/i18n/locales.ts";
import {
  createWaterPoint,
  getWaterPoints,
  importWaterPoints,
  retireWaterPoint,
  updateWaterPoint,
} from "../api/water-points-api.ts";
import { WaterPointFields, type WaterPointsResult } from "../components/water-point-fields.tsx";
import { WaterPointImport } from "../components/water-point-import.tsx";
import { adminPagePaths } from "./admin-page-paths.ts";
import "./water-points.css";

export async function waterPointsLoader({ request }: LoaderFunctionArgs) {
  const search = new URL(request.url).searchParams;
  const query = { q: search.get("q") ?? undefined, after: search.get("after") ?? undefined };
  return { query, ...(await withStaffSession(request, () => getWaterPoints(query, request.signal))) };
}

/** The schema's refusal as the form shows it: each field's first message, translated; the first as the headline. */
function schemaRefusal(intent: string, issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const fieldErrors: Record<string, string> = {};
  for (const issue of issues) fieldErrors[String(issue.path[0] ?? "form")] ??= translateText(issue.message);
  return refusal(intent, Object.values(fieldErrors)[0] ?? "", fieldErrors);
}

export async function waterPointsAction({ request }: ActionFunctionArgs): Promise<WaterPointsResult> {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const values = Object.fromEntries([...form].filter(([, value]) => typeof value === "string"));
  try {
    if (intent === "preview" || intent === "import") {
      const file = form.get("file");
      if (!(file instanceof File) || file.size === 0) return refusal(intent, t("Please choose a file to import."));
      const result = await importWaterPoints(file, intent === "preview");
      return { intent, ok: true, data: result };
    }
    if (intent === "create") {
      const parsed = newWaterPointSchema.safeParse(values);
      if (!parsed.success) return schemaRefusal(intent, parsed.error.issues);
      const made = await createWaterPoint(parsed.data);
      return { intent, ok: true, message: t("Water point {code} added.", { code: made.code }) };
    }
    const code = String(form.get("code") ?? "");
    if (intent === `update:${code}`) {
      const parsed = waterPointFieldsSchema.safeParse(values);
      if (!parsed.success) return schemaRefusal(intent, parsed.error.issues);
      await updateWaterPoint(code, parsed.data);
      return { intent, ok: true, message: t("Water point {code} saved.", { code }) };
    }
    if (intent === "retire" || intent === "unretire") {
      await retireWaterPoint(code, intent === "retire");
      return {
        intent,
        ok: true,
        message:
          intent === "retire"
            ? t("Water point {code} retired: it has left the map and the form.", { code })
            : t("Water point {code} is back in service.", { code }),
      };
    }
    return refusal(intent, t("This action is not known."));
  } catch (error) {
    if (isSignedOut(error)) throw redirect(paths.staffSignIn(adminPagePaths.waterPoints));
    return refusal(intent, errorMessageOf(error));
  }
}

/** Administration › Water points: the registry, its import, a point added, edited or retired by hand. */
export function WaterPointsRoute() {
  const t = useT();
  useDocumentTitle(t("Water points · Administration"));
  const { items, nextAfter, query } = useLoaderData<typeof waterPointsLoader>();
  const result = useActionData<typeof waterPointsAction>();
  const busy = useNavigation().state !== "idle";
  return (
    <section aria-labelledby="water-points-heading">
      <h2 id="water-points-heading">{t("Water points")}</h2>
      <p className="muted">
        {t("The kiosks, standpipes, hand pumps, boreholes and hydrants residents report against.")}{" "}
        {t("Download the registry as")} <a href={exportPaths.waterPointsCsv}>CSV</a>
        {" · "}
        <a href={exportPaths.waterPointsGeojson}>GeoJSON</a>
      </p>
      <FormFeedback result={result} testId="water-points" />
      <WaterPointImport result={result} busy={busy} />
      <Form method="get" className="admin-form water-points-search" role="search">
        <label htmlFor="water-points-q">{t("Find a point by code or name")}</label>
        <input id="water-points-q" type="search" name="q" defaultValue={query.q ?? ""} maxLength={100} dir="auto" />
        <button type="submit" className="button button--secondary">
          {t("Search")}
        </button>
      </Form>
      {items.length === 0 ? (
        <p className="muted">
          {query.q ? t("No water point matches this search.") : t("No water points yet: import a registry or add one.")}
        </p>
      ) : (
        <ul className="admin-list" data-testid="water-point-list">
          {items.map((point) => (
            <WaterPointItem key={point.code} point={point} result={result} busy={busy} />
          ))}
        </ul>
      )}
      <p className="admin-paging">
        {query.after && (
          <Link to={`?${new URLSearchParams(query.q ? { q: query.q } : {}).toString()}`}>{t("First points")}</Link>
        )}
        {nextAfter && (
          <Link to={`?${new URLSearchParams({ ...(query.q ? { q: query.q } : {}), after: nextAfter }).toString()}`}>
            {t("Next points")}
          </Link>
        )}
      </p>
      <section className="card admin-new" aria-labelledby="new-point-heading">
        <h3 id="new-point-heading">{t("Add a water point")}</h3>
        <Form method="post" className="admin-form">
          <WaterPointFields idPrefix="new-point" result={result?.intent === "create" ? result : undefined} withCode />
          <BusySubmitButton busy={busy} name="intent" value="create" className="button">
            {t("Add water point")}
          </BusySubmitButton>
        </Form>
      </section>
    </section>
  );
}

const STATUS_LABELS = {
  yes: msg("Water available at the last visit"),
  no: msg("No water at the last visit"),
  unknown: msg("Status unknown"),
} as const;

function WaterPointItem({
  point,
  result,
  busy,
}: {
  point: WaterPointRecord;
  result: WaterPointsResult | undefined;
  busy: boolean;
}) {
  const t = useT();
  const intent = `update:${point.code}`;
  const details = [point.water_source, point.water_tech, ...[point.adm1, point.adm2, point.adm3, point.adm4]].filter(
    Boolean,
  );
  return (
    <li
      className={`admin-list__item card${point.retired_at ? " admin-list__item--inactive" : ""}`}
      data-testid="water-point-item"
    >
      <div className="admin-list__head">
        <div>
          <h4 className="admin-list__name">
            <code className="water-point-code" dir="ltr">
              {point.code}
            </code>{" "}
            <bdi>{point.name}</bdi>
          </h4>
          <p className="admin-list__meta">
            {t(STATUS_LABELS[point.status_id])}
            {details.length > 0 && (
              <>
                {" "}
                · <bdi>{details.join(", ")}</bdi>
              </>
            )}
            {" · "}
            <span dir="ltr">{`${point.latitude}, ${point.longitude}`}</span>
            {point.retired_at && ` · ${t("Retired")}`}
          </p>
        </div>
        <Form method="post">
          <input type="hidden" name="code" value={point.code} />
          <BusySubmitButton
            busy={busy}
            name="intent"
            value={point.retired_at ? "unretire" : "retire"}
            className="button button--secondary button--small"
          >
            {point.retired_at ? t("Put back in service") : t("Retire")}
          </BusySubmitButton>
        </Form>
      </div>
      <details className="admin-list__edit" open={result?.intent === intent && !result.ok}>
        <summary>{t("Edit")}</summary>
        <Form method="post" className="admin-form">
          <input type="hidden" name="code" value={point.code} />
          <WaterPointFields
            idPrefix={`edit-${point.code}`}
            point={point}
            result={result?.intent === intent ? result : undefined}
            withCode={false}
          />
          <BusySubmitButton busy={busy} name="intent" value={intent} className="button">
            {t("Save")}
          </BusySubmitButton>
        </Form>
      </details>
    </li>
  );
}
