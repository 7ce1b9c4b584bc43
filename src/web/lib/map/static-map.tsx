import { useEffect, useRef, useState } from "react";
import { useT } from "../i18n/i18n-context.tsx";
import { useApiData } from "../use-api-data.ts";
import { createMap, L } from "./create-map.ts";
import { loadMapSettings } from "./map-settings-api.ts";
import { MapNotice } from "./map-notice.tsx";

interface StaticMapProps {
  /** The map's accessible name, in the visitor's language. */
  label: string;
  /** Id of the text giving what the map shows in words, announced with the map. */
  describedBy?: string;
  /** Said instead of the map when its settings cannot be read, and above it when its tiles fail. */
  failedText: string;
  testId: string;
  className?: string;
  /** Puts the map's content on it. A new function draws the map again: keep it in useCallback. */
  draw: (map: L.Map) => void;
}

/**
 * A map that shows something rather than taking input (a report's pin, an incident's areas, the statistics'
 * hotspots). It must not trap a phone's scrolling: no scroll-wheel zoom, and no one-finger dragging on touch screens
 * (the zoom buttons and the keyboard still move it). When its tiles fail it says so in words (MapNotice).
 */
export function StaticMap({
  label,
  describedBy,
  failedText,
  testId,
  className = "map map--small",
  draw,
}: StaticMapProps) {
  const t = useT();
  const element = useRef<HTMLDivElement>(null);
  const read = useApiData("map-settings", loadMapSettings);
  const settings = read.state === "loaded" ? read.data : undefined;
  const [tilesFailed, setTilesFailed] = useState(false);

  useEffect(() => {
    if (!settings || !element.current) return;
    const map = createMap(element.current, settings, { label, describedBy, onTilesFailed: setTilesFailed });
    map.scrollWheelZoom.disable();
    if (L.Browser.mobile) map.dragging.disable();
    draw(map);
    return () => {
      map.remove();
    };
    // Made again in another language (`t` changes with it): a small map, cheap to redraw, and its controls' words follow.
  }, [settings, label, describedBy, draw, t]);

  if (read.state === "failed") return <p className="muted">{failedText}</p>;
  return (
    <>
      <MapNotice text={tilesFailed ? failedText : undefined} />
      <div ref={element} className={className} data-testid={testId} />
    </>
  );
}
