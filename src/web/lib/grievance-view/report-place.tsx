import { useId } from "react";
import { LOCATION_MESSAGES } from "#shared/places/location-messages.ts";
import { useT } from "../i18n/i18n-context.tsx";
import { PinMapSlot } from "../map/pin-map-slot.tsx";

/** OpenStreetMap's own page with a marker at the pin, zoomed to the street. */
export const osmLink = (latitude: number, longitude: number) =>
  `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=18/${latitude}/${longitude}`;

/**
 * Where the report is on a map: the pin, the coordinates in words and a link to a full map. Nothing at all for a
 * report without a pin: the text location (in the summary) is all there is.
 */
export function ReportPlace({ latitude, longitude }: { latitude: number | null; longitude: number | null }) {
  const t = useT();
  const coordinatesId = useId();
  if (latitude === null || longitude === null) return null;
  return (
    <section
      className="details__section details__place"
      aria-labelledby={`${coordinatesId}-heading`}
      data-testid="report-place"
    >
      <h2 id={`${coordinatesId}-heading`}>{t("On the map")}</h2>
      <PinMapSlot
        latitude={latitude}
        longitude={longitude}
        label={t("Map of the report's location")}
        describedBy={coordinatesId}
      />
      <p className="details__place-links">
        <span id={coordinatesId} className="details__coordinates" data-testid="coordinates">
          {t("Latitude {latitude}, longitude {longitude}", {
            latitude: latitude.toFixed(6),
            longitude: longitude.toFixed(6),
          })}
        </span>
        <a href={osmLink(latitude, longitude)} rel="noopener" data-testid="osm-link">
          {t(LOCATION_MESSAGES.openInOsm)}
        </a>
      </p>
    </section>
  );
}
