import { useEffect, useId, useState } from "react";
import type { MapSettings } from "#shared/api-types.ts";
import type { LatLng } from "#shared/places/geo.ts";
import { INCIDENT_LIMITS } from "#shared/incidents/incidents.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { formatCount } from "#web/lib/i18n/format.ts";
import { loadMapSettings } from "#web/lib/map/map-settings-api.ts";
import {
  addPoint,
  clearDrawing,
  emptyDrawing,
  isBlank,
  undoLastPoint,
  type DrawMode,
  type Drawing,
} from "./incident-draw.ts";

type MapLoad =
  | { kind: "loading" }
  | { kind: "ready"; settings: MapSettings; chunk: typeof import("./area-draw-map.tsx") }
  | { kind: "failed" };

/**
 * The affected area of the declare form: Polygon or Circle, the map (its chunk, with Leaflet, fetched when the form
 * opens), Undo and Clear, the circle's radius. The drawing goes to the action as JSON in a hidden field; the
 * action turns it into the area (incident-draw.ts) and says what is missing.
 */
export function AreaDrawer({ error }: { error: string }) {
  const t = useT();
  const id = useId();
  const [drawing, setDrawing] = useState<Drawing>(() => emptyDrawing());
  const [map, setMap] = useState<MapLoad>({ kind: "loading" });

  useEffect(() => {
    let current = true;
    Promise.all([loadMapSettings(), import("./area-draw-map.tsx")]).then(
      ([settings, chunk]) => current && setMap({ kind: "ready", settings, chunk }),
      (failure: unknown) => {
        console.error("The drawing map could not be loaded:", failure);
        if (current) setMap({ kind: "failed" });
      },
    );
    return () => {
      current = false;
    };
  }, []);

  const setMode = (mode: DrawMode) =>
    setDrawing((now) => (now.mode === mode ? now : { ...emptyDrawing(mode), radiusMetres: now.radiusMetres }));
  const onPoint = (point: LatLng) => setDrawing((now) => addPoint(now, point));
  const status =
    drawing.mode === "polygon"
      ? t("{count, plural, one {# point} other {# points}} drawn.", { count: drawing.points.length })
      : drawing.centre
        ? t("Circle of {radius} metres drawn.", { radius: formatCount(drawing.radiusMetres) })
        : t("No centre placed yet.");
  const Chunk = map.kind === "ready" ? map.chunk.default : undefined;
  const errorId = `${id}-error`;

  return (
    <fieldset
      className="field field--full incident-area"
      id="incident-area"
      tabIndex={-1}
      aria-describedby={error ? errorId : undefined}
    >
      <legend>{t("Affected area on the map")}</legend>
      <input type="hidden" name="drawing" value={JSON.stringify(drawing)} />
      <div className="incident-area__modes" role="radiogroup" aria-label={t("Shape of the area")}>
        {(["polygon", "circle"] as const).map((mode) => (
          <label key={mode} className="incident-area__mode">
            <input
              type="radio"
              name="drawMode"
              value={mode}
              checked={drawing.mode === mode}
              onChange={() => setMode(mode)}
            />
            {mode === "polygon" ? t("Polygon") : t("Circle")}
          </label>
        ))}
      </div>
      {drawing.mode === "circle" && (
        <div className="field incident-area__radius">
          <label htmlFor={`${id}-radius`}>{t("Radius in metres")}</label>
          <input
            type="number"
            id={`${id}-radius`}
            inputMode="numeric"
            min={INCIDENT_LIMITS.minRadiusMetres}
            max={INCIDENT_LIMITS.maxRadiusMetres}
            step={50}
            value={Number.isFinite(drawing.radiusMetres) ? drawing.radiusMetres : ""}
            onChange={(event) => {
              const radiusMetres = event.currentTarget.valueAsNumber;
              setDrawing((now) => ({ ...now, radiusMetres }));
            }}
          />
        </div>
      )}
      {map.kind === "loading" && <p className="hint">{t("Loading the map...")}</p>}
      {map.kind === "failed" && (
        <p className="hint">{t("The map could not be loaded. Name the localities below instead.")}</p>
      )}
      {Chunk && map.kind === "ready" && <Chunk settings={map.settings} drawing={drawing} onPoint={onPoint} />}
      <div className="incident-area__actions">
        <p className="incident-area__status" role="status" data-testid="area-status">
          {status}
        </p>
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => setDrawing(undoLastPoint)}
          disabled={isBlank(drawing)}
        >
          {t("Undo last point")}
        </button>
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => setDrawing(clearDrawing)}
          disabled={isBlank(drawing)}
        >
          {t("Clear")}
        </button>
      </div>
      {error && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
