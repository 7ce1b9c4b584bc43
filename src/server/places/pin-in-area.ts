import { isNullIsland, type LatLng, type ServiceAreaGeometry } from "#shared/places/geo.ts";
import { LOCATION_MESSAGES } from "#shared/places/location-messages.ts";
import { isInsideArea } from "#shared/places/service-area.ts";
import { HttpError } from "../http/http-error.ts";

/**
 * A pin outside SERVICE_AREA_FILE's area is refused wherever one is taken (docs/decisions/016-map-and-location.md),
 * with the form's words, on the latitude field: a report's submit, the address lookup, the possible duplicates. No
 * area, or no pin: nothing to refuse.
 */
export function refusePinOutsideArea(area: ServiceAreaGeometry | undefined, pin: Partial<LatLng>): void {
  const { latitude, longitude } = pin;
  if (!area || latitude === undefined || longitude === undefined) return;
  if (!isInsideArea(area, { latitude, longitude })) {
    throw new HttpError(400, LOCATION_MESSAGES.outsideServiceArea, { latitude: LOCATION_MESSAGES.outsideServiceArea });
  }
}

/**
 * For the endpoints whose schemas are not the form's (incident alerts, incidents matching a report being written):
 * a pin at 0,0 refused as the form's schema refuses it, then one outside the area.
 */
export function refuseUnservedPin(area: ServiceAreaGeometry | undefined, pin: Partial<LatLng>): void {
  const { latitude, longitude } = pin;
  if (latitude !== undefined && longitude !== undefined && isNullIsland({ latitude, longitude })) {
    throw new HttpError(400, LOCATION_MESSAGES.nullIsland, { latitude: LOCATION_MESSAGES.nullIsland });
  }
  refusePinOutsideArea(area, pin);
}
