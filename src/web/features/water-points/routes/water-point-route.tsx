import { lazy, Suspense, useId } from "react";
import { Link, useLoaderData, useParams } from "react-router";
import type { WaterPointView } from "#shared/api-schemas/water-points.ts";
import { reportAtWaterPointPath, waterPointSignPath } from "#shared/water-points/water-point-paths.ts";
import { formatCount, formatDate, formatDateTime } from "#web/lib/i18n/format.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { PinMapSlot } from "#web/lib/map/pin-map-slot.tsx";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { loadSign, type waterPointLoader } from "../api/water-point-loader.ts";
import { useWaterPointTexts } from "../api/water-point-texts.ts";
import { WaterPointReports } from "../components/water-point-reports.tsx";
import { useDurationText, WaterPointStatusBadge } from "../components/water-point-status.tsx";
import "#web/styles/content.css";
import "./water-points.css";

export { waterPointLoader } from "../api/water-point-loader.ts";

const WaterPointSign = lazy(loadSign);

/**
 * /water-points/:code and /water-points/:code/sign: one line of the route table for both, since the first load of
 * every page carries the whole table (docs/decisions/012-a-light-first-load.md); the sign comes in a chunk of its
 * own. Their texts come with them (catalogue "water-points").
 */
export function WaterPointRoute() {
  useWaterPointTexts();
  const point = useLoaderData<typeof waterPointLoader>();
  const { view } = useParams();
  if (view !== "sign") return <WaterPointPage point={point} />;
  return (
    <Suspense fallback={null}>
      <WaterPointSign point={point} />
    </Suspense>
  );
}

/**
 * A water point's page (docs/decisions/039-water-point-status.md): whether it works and since when, how long it has
 * not worked in all, where it is, the reports about it, and the ways to report a problem at it.
 */
function WaterPointPage({ point }: { point: WaterPointView }) {
  const t = useT();
  const duration = useDurationText();
  const placeId = useId();
  useDocumentTitle(point.name);
  const kind = [point.waterSource, point.waterTech].filter(Boolean).join(" · ");
  return (
    <div className="page page--narrow water-point-page">
      <article className="card water-point" data-testid="water-point">
        <p className="water-point__code">
          {t("Water point")} <span className="reference">{point.code}</span>
        </p>
        <h1 dir="auto">{point.name}</h1>
        <p className="water-point__status">
          <WaterPointStatusBadge status={point.status} />
          {point.notFunctionalSince && (
            <span data-testid="water-point-since">
              {t("since {time}", { time: formatDateTime(point.notFunctionalSince) })}
            </span>
          )}
        </p>
        {point.retiredAt && (
          <p className="notice" role="note">
            {t("This water point was retired on {date}: it is no longer on the map or offered on the form.", {
              date: formatDate(point.retiredAt),
            })}
          </p>
        )}
        <dl className="water-point__facts">
          {kind && (
            <div>
              <dt>{t("Type")}</dt>
              <dd>
                <bdi>{kind}</bdi>
              </dd>
            </div>
          )}
          {point.areas.length > 0 && (
            <div>
              <dt>{t("Area")}</dt>
              <dd>
                <bdi>{point.areas.join(", ")}</bdi>
              </dd>
            </div>
          )}
          <div>
            <dt>{t("Open reports")}</dt>
            <dd>{formatCount(point.openReports)}</dd>
          </div>
          <div>
            <dt>{t("Total time not working")}</dt>
            <dd data-testid="water-point-downtime">{duration(point.downtimeSeconds)}</dd>
          </div>
        </dl>
        <p className="muted water-point__note">
          {t("The status and time not working come from residents' reports, as of {time}.", {
            time: formatDateTime(point.at),
          })}
        </p>
        <p className="water-point__actions">
          {!point.retiredAt && (
            <Link className="button" to={reportAtWaterPointPath(point.code)}>
              {t("Report a problem at this point")}
            </Link>
          )}
          <Link to={waterPointSignPath(point.code)}>{t("Printable sign for this point")}</Link>
        </p>

        <section aria-labelledby="water-point-place-heading">
          <h2 id="water-point-place-heading">{t("Where it is")}</h2>
          <p className="muted" id={placeId}>
            {t("Latitude {latitude}, longitude {longitude}", {
              latitude: point.latitude.toFixed(5),
              longitude: point.longitude.toFixed(5),
            })}
          </p>
          <PinMapSlot
            latitude={point.latitude}
            longitude={point.longitude}
            label={t("Map of the water point")}
            describedBy={placeId}
          />
        </section>

        <section aria-labelledby="water-point-reports-heading">
          <h2 id="water-point-reports-heading">{t("Reports about this point")}</h2>
          <WaterPointReports reports={point.reports} />
        </section>
      </article>
    </div>
  );
}
