import { useId, useState } from "react";
import type { LatLng } from "#shared/places/geo.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { addPoint, clearDrawing, emptyDrawing, isBlank, undoLastPoint } from "#web/lib/map/area-drawing.ts";
import { loadMapSettings } from "#web/lib/map/map-settings-api.ts";
import { useApiData } from "#web/lib/use-api-data.ts";

// The maps' settings and the drawing map's chunk (with Leaflet) side by side.
const loadDrawMap = () => Promise.all([loadMapSettings(), import("#web/lib/map/area-draw-map.tsx")]);

/**
 * A routing rule's area: corners clicked on the map (or added at its centre with the keyboard), Undo and Clear.
 * Nothing drawn means "anywhere". The corners go to the action as JSON in a hidden field, which makes the GeoJSON
 * Polygon of them (area-drawing.ts polygonArea) and says what is missing.
 */
export function RoutingAreaDrawer() {
  const t = useT();
  const id = useId();
  const [drawing, setDrawing] = useState(() => emptyDrawing("polygon"));
  const map = useApiData("routing-area-map", loadDrawMap, { what: "The drawing map" });
  const onPoint = (point: LatLng) => setDrawing((now) => addPoint(now, point));
  const [settings, chunk] = map.state === "loaded" ? map.data : [];
  const Chunk = chunk?.default;
  return (
    <fieldset className="field field--full routing-area" aria-describedby={`${id}-hint`}>
      <legend>{t("Area (optional)")}</legend>
      <p className="hint" id={`${id}-hint`}>
        {t("Draw the area the rule covers, or leave the map empty for reports anywhere.")}
      </p>
      <input type="hidden" name="corners" value={JSON.stringify(drawing.points)} />
      {map.state === "loading" && <p className="hint">{t("Loading the map...")}</p>}
      {map.state === "failed" && <p className="hint">{t("The map could not be loaded.")}</p>}
      {Chunk && settings && (
        <Chunk
          settings={settings}
          drawing={drawing}
          onPoint={onPoint}
          label={t("Map for drawing the rule's area")}
          tilesFailedText={t("The map's tiles could not be loaded: you can still click the corners of the area.")}
        />
      )}
      <div className="routing-area__actions">
        <p className="routing-area__status" role="status" data-testid="routing-area-status">
          {isBlank(drawing)
            ? t("No area: the rule applies anywhere.")
            : t("{count, plural, one {# point} other {# points}} drawn.", { count: drawing.points.length })}
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
    </fieldset>
  );
}
