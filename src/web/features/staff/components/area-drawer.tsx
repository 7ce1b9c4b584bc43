import { useId, useState } from "react";
import type { LatLng } from "#shared/places/geo.ts";
import { INCIDENT_LIMITS } from "#shared/incidents/incidents.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { formatCount } from "#web/lib/i18n/format.ts";
import { describedBy, Field, FieldError } from "#web/lib/form-field.tsx";
import { loadMapSettings } from "#web/lib/map/map-settings-api.ts";
import { useApiData } from "#web/lib/use-api-data.ts";
import {
  addPoint,
  clearDrawing,
  emptyDrawing,
  isBlank,
  undoLastPoint,
  type DrawMode,
  type Drawing,
} from "#web/lib/map/area-drawing.ts";

// The maps' settings and the drawing map's chunk (with Leaflet) side by side.
const loadDrawMap = () => Promise.all([loadMapSettings(), import("#web/lib/map/area-draw-map.tsx")]);

/**
 * The affected area of the declare form: Polygon or Circle, the map (its chunk, with Leaflet, fetched when the form
 * opens), Undo and Clear, the circle's radius. The drawing goes to the action as JSON in a hidden field; the
 * action turns it into the area (incident-draw.ts) and says what is missing.
 */
export function AreaDrawer({ error }: { error: string }) {
  const t = useT();
  const id = useId();
  const [drawing, setDrawing] = useState<Drawing>(() => emptyDrawing());
  const map = useApiData("area-draw-map", loadDrawMap, { what: "The drawing map" });

  const setMode = (mode: DrawMode) =>
    setDrawing((now) => (now.mode === mode ? now : { ...emptyDrawing(mode), radiusMetres: now.radiusMetres }));
  const onPoint = (point: LatLng) => setDrawing((now) => addPoint(now, point));
  const status =
    drawing.mode === "polygon"
      ? t("{count, plural, one {# point} other {# points}} drawn.", { count: drawing.points.length })
      : drawing.centre
        ? t("Circle of {radius} metres drawn.", { radius: formatCount(drawing.radiusMetres) })
        : t("No centre placed yet.");
  const [settings, chunk] = map.state === "loaded" ? map.data : [];
  const Chunk = chunk?.default;
  const errorId = `${id}-error`;

  return (
    <fieldset
      className="field field--full incident-area"
      id="incident-area"
      tabIndex={-1}
      aria-describedby={describedBy(error && errorId)}
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
        <Field id={`${id}-radius`} label={t("Radius in metres")} className="incident-area__radius">
          {(control) => (
            <input
              type="number"
              inputMode="numeric"
              min={INCIDENT_LIMITS.minRadiusMetres}
              max={INCIDENT_LIMITS.maxRadiusMetres}
              step={50}
              value={Number.isFinite(drawing.radiusMetres) ? drawing.radiusMetres : ""}
              onChange={(event) => {
                const radiusMetres = event.currentTarget.valueAsNumber;
                setDrawing((now) => ({ ...now, radiusMetres }));
              }}
              {...control}
            />
          )}
        </Field>
      )}
      {map.state === "loading" && <p className="hint">{t("Loading the map...")}</p>}
      {map.state === "failed" && (
        <p className="hint">{t("The map could not be loaded. Name the localities below instead.")}</p>
      )}
      {Chunk && settings && <Chunk settings={settings} drawing={drawing} onPoint={onPoint} />}
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
      <FieldError id={errorId}>{error}</FieldError>
    </fieldset>
  );
}
