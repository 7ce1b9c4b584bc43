import { DUPLICATE_RADIUS_METRES } from "./geo.ts";

/**
 * Texts about places, the map and "I have this problem too" (issue 9; the specification has none of these).
 * The form and the server both use them, so a refusal reads the same wherever it is found.
 */
export const LOCATION_MESSAGES = {
  coordinatesPair: "Please give both latitude and longitude, or neither.",
  latitudeRange: "Latitude must be a number between -90 and 90.",
  longitudeRange: "Longitude must be a number between -180 and 180.",
  outsideServiceArea:
    "This place is outside the area we serve. Move the pin inside the area, or remove it and describe the location in words.",
  // Browser geolocation (the form's "Use my location").
  useMyLocation: "Use my location",
  locating: "Finding your location...",
  geolocationDenied:
    "Your browser did not allow us to use your location. You can place the pin on the map, or describe the location in words.",
  geolocationUnavailable:
    "Your location could not be found. You can place the pin on the map, or describe the location in words.",
  geolocationUnsupported: "This browser cannot share your location. You can place the pin on the map instead.",
  placePinAtCentre: "Place the pin at the map centre",
  removePin: "Remove the pin",
  mapHelp: "Click the map or drag the pin; with the keyboard, move the map with the arrow keys and place the pin at its centre.",
  pinPlaced: (latitude: string, longitude: string) => `Pin placed at latitude ${latitude}, longitude ${longitude}.`,
  pinRemoved: "Pin removed.",
  // The form's optional "Pin on a map" group.
  pinGroupLegend: "Pin on a map",
  pinGroupHint: "A pin helps the crew find the place; the location in words is enough.",
  chooseOnMap: "Choose on a map",
  hideMap: "Hide the map",
  formMapLoading: "Loading the map...",
  formMapLabel: "Map for placing the pin of the problem",
  pinCoordinates: (latitude: string, longitude: string) => `Latitude ${latitude}, longitude ${longitude}`,
  geolocationTimeout:
    "Finding your location took too long. You can try again, place the pin on the map, or describe the location in words.",
  addressFilled: "The location was filled in from the pin. Change it if it is not right.",
  mapUnavailable: "The map could not be loaded. You can still describe the location in words.",
  // Duplicates.
  similarHeading: "Has someone already reported this?",
  similarIntro: `Open reports of this category within ${DUPLICATE_RADIUS_METRES} m of your pin or with a similar title. If one is your problem, say so instead of sending a new report.`,
  similarNone: "No similar open reports found. Please go on with your report.",
  similarFound: (count: number) =>
    `${count} similar open ${count === 1 ? "report is" : "reports are"} shown under "Has someone already reported this?".`,
  opensInNewTab: "(opens in a new tab)",
  affectedButton: "I have this problem too",
  affectedCounted: "Thank you. You are counted as affected.",
  affectedAlready: "You have already said you have this problem.",
  affectedFailed: "Your answer could not be recorded. Please try again.",
  peopleAffected: (count: number) => `${count} ${count === 1 ? "person" : "people"} affected`,
  // The list's map view.
  mapCapped: (shown: number) => `Showing the newest ${shown} reports in this area. Zoom in or filter to see others.`,
  mapEmpty: "No reports with a pin match your filters in this area.",
  mapShowing: (count: number) => `Showing ${count} ${count === 1 ? "report" : "reports"} in this area.`,
  mapLoading: "Loading the reports in this area...",
  mapReportsFailed: "The reports in this area could not be loaded. Move the map to try again, or use the list.",
  mapLoadFailed: "The map could not be loaded. The list shows the same reports.",
  // The details page's small map.
  openInOsm: "Open in OpenStreetMap",
  reverseGeocodeUnavailable: "The address of this place could not be looked up.",
  // Refusals of the place API (the form never sends these; another client might).
  bboxInvalid: "Please give the visible area as bbox=minLon,minLat,maxLon,maxLat (longitudes -180 to 180, latitudes -90 to 90).",
  invalidQuery: (fields: string) => `Invalid query: please check ${fields}.`,
  browserIdInvalid: "This browser's id is missing or not valid. Please reload the page and try again.",
  affectedResolved: "This report is already resolved. If the problem is back, please send a new report.",
  tooManyAffected: (minutes: number) =>
    `Too many answers from your connection. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  tooManyLookups: "Too many address lookups from your connection. Please wait a minute and try again.",
  geocoderOff: "Address lookup is not configured.",
} as const;
