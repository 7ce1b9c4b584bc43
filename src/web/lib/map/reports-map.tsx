import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from "react";
import type { Bbox } from "#shared/places/geo.ts";
import { LOCATION_MESSAGES } from "#shared/places/location-messages.ts";
import { useT } from "../i18n/i18n-context.tsx";
import { createMap, nameMap, type L } from "./create-map.ts";
import { useApiData } from "../use-api-data.ts";
import { loadMapSettings } from "./map-settings-api.ts";
import { MapNotice } from "./map-notice.tsx";
import { clusterReports, type MapPoint } from "./reports-map-clusters.ts";
import { PIN_PATH } from "./reports-map-icons.ts";
import { useMarkerLayer, type OpenCardRequest } from "./reports-map-layer.ts";
import { PopupCard } from "./reports-map-popup.tsx";
import { mapStatusText, visibleBbox, type MarkerBatch } from "./reports-map-view.ts";
import { useWaterPointsLayer } from "./water-points-layer.ts";
import { WaterPointsLegend } from "./water-points-legend.tsx";
import "./reports-map.css";

export type { MarkerBatch } from "./reports-map-view.ts";

export interface ReportsMapProps<M extends MapPoint> {
  /** The reports with a pin in the area; a new function (other filters) loads again at once. */
  load: (bbox: Bbox, signal: AbortSignal) => Promise<MarkerBatch<M>>;
  /** The card of one report, shown in its popup (a title linking to its page, status, date...). */
  renderCard: (report: M) => ReactNode;
  /** The accessible name of a report's marker, e.g. its title. */
  markerLabel: (report: M) => string;
  /** The status a marker is coloured by. */
  markerStatus: (report: M) => string;
  /** A class marking a report's pin apart (e.g. hidden ones in the console). */
  markerClass?: (report: M) => string | undefined;
  /** The map's accessible name, in the visitor's language. */
  label: string;
  /** What the pins' colours mean: each a marker class (reports-map-icons.ts) and its words (message ids, translated here). */
  legend?: readonly { className: string; label: string }[];
  /** Whether the water points are a layer of the map, with their legend (the public list's map). */
  waterPoints?: boolean;
}

/** Panning or zooming several times in a row asks once, when the map has come to rest. */
const RELOAD_DELAY_MS = 300;

type Loaded<M> =
  | { kind: "loading"; batch: MarkerBatch<M> | null }
  | { kind: "loaded"; batch: MarkerBatch<M> }
  | { kind: "failed"; batch: MarkerBatch<M> | null };

/**
 * The reports of the visible area on a map (the public list's map view and the console's): loaded again when the map
 * comes to rest, stale answers dropped, dense places clustered, each marker opening its card. Loaded lazily
 * (reports-map-lazy.tsx): Leaflet and supercluster only reach a browser that shows a map.
 */
export default function ReportsMap<M extends MapPoint>(props: ReportsMapProps<M>) {
  const { load, label } = props;
  const t = useT();
  const element = useRef<HTMLDivElement>(null);
  // The name the map is made with; a later name (another language) is set on the same map below, not a new map.
  const initialLabel = useRef(label);
  const helpId = useId();
  const [map, setMap] = useState<L.Map | null>(null);
  const read = useApiData("map-settings", loadMapSettings);
  const settings = read.state === "loaded" ? read.data : undefined;
  const mapFailed = read.state === "failed";
  const [loaded, setLoaded] = useState<Loaded<M>>({ kind: "loading", batch: null });
  const [card, setCard] = useState<OpenCardRequest<M> | null>(null);
  const [tilesFailed, setTilesFailed] = useState(false);
  const closeCard = useCallback(() => setCard(null), []);

  useEffect(() => {
    if (!settings || !element.current) return;
    const created = createMap(element.current, settings, {
      label: initialLabel.current,
      describedBy: helpId,
      onTilesFailed: setTilesFailed,
    });
    setMap(created);
    return () => {
      created.remove();
    };
  }, [settings, helpId]);

  // The visitor keeps the area they were looking at when the language (and with it the name) changes.
  useEffect(() => {
    if (map) nameMap(map, { label, describedBy: helpId });
  }, [map, label, helpId, t]);

  useEffect(() => {
    if (!map) return;
    let controller: AbortController | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const reload = () => {
      controller?.abort();
      const current = new AbortController();
      controller = current;
      setLoaded((previous) => ({ kind: "loading", batch: previous.batch }));
      load(visibleBbox(map), current.signal).then(
        (batch) => {
          if (!current.signal.aborted) setLoaded({ kind: "loaded", batch });
        },
        (error: unknown) => {
          if (current.signal.aborted) return;
          console.error("Map reports could not be loaded:", error);
          setLoaded((previous) => ({ kind: "failed", batch: previous.batch }));
        },
      );
    };
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(reload, RELOAD_DELAY_MS);
    };
    reload();
    map.on("moveend", schedule);
    return () => {
      map.off("moveend", schedule);
      clearTimeout(timer);
      controller?.abort();
    };
  }, [map, load]);

  const batch = loaded.batch;
  const placesAt = useMemo(() => clusterReports(batch?.markers ?? []), [batch]);
  useMarkerLayer(map, placesAt, props, setCard);
  useWaterPointsLayer(props.waterPoints ? map : null, {});

  return (
    <div className="reports-map">
      <p className="reports-map__status" role="status" data-testid="map-status">
        {mapFailed
          ? t(LOCATION_MESSAGES.mapLoadFailed)
          : loaded.kind === "failed"
            ? t(LOCATION_MESSAGES.mapReportsFailed)
            : loaded.kind === "loading" && !loaded.batch
              ? t(LOCATION_MESSAGES.mapLoading)
              : batch && mapStatusText(batch)}
      </p>
      {/* How to use the map, for screen readers (aria-describedby): sighted visitors see the controls themselves. */}
      <p id={helpId} className="visually-hidden">
        {t(
          "Move the map with the arrow keys, zoom with plus and minus. Press Tab to reach the markers; Enter opens a report's card or zooms into a group.",
        )}
      </p>
      <MapNotice text={tilesFailed ? t(LOCATION_MESSAGES.mapTilesFailed) : undefined} />
      <div ref={element} className="map map--tall reports-map__map" data-testid="reports-map" />
      {props.legend && <MapLegend entries={props.legend} />}
      {props.waterPoints && <WaterPointsLegend />}
      {card && <PopupCard card={card} map={map} render={props.renderCard} onGone={closeCard} />}
    </div>
  );
}

/** The pins' colours in words (the cards say each report's status too): a colour never says something alone. */
function MapLegend({ entries }: { entries: readonly { className: string; label: string }[] }) {
  const t = useT();
  return (
    <ul className="reports-map__legend" aria-label={t("Pin colours")}>
      {entries.map((entry) => (
        <li key={entry.className} className={`reports-map__legend-item ${entry.className}`}>
          <svg viewBox="0 0 24 32" width="14" height="18" aria-hidden="true" focusable="false">
            <path d={PIN_PATH} />
            <circle cx="12" cy="12" r="4.5" />
          </svg>
          {t(entry.label)}
        </li>
      ))}
    </ul>
  );
}
