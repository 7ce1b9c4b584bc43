import { DUPLICATE_RADIUS_METRES } from "./geo.ts";
import { englishText } from "../i18n/english-text.ts";
import { msg } from "../i18n/locales.ts";

/**
 * Texts about places, the map and "I have this problem too" (decision 016; the specification has none of these).
 * The form and the server both use them, so a refusal reads the same wherever it is found. Each is an English
 * message id, translated where it is shown; a message with values is a template filled in English, and a count's
 * singular and plural are two templates, as a translation finds the values back by matching a simple template
 * (docs/decisions/019-languages.md).
 */
export const LOCATION_MESSAGES = {
  coordinatesPair: msg("Please give both latitude and longitude, or neither."),
  latitudeRange: msg("Latitude must be a number between -90 and 90."),
  longitudeRange: msg("Longitude must be a number between -180 and 180."),
  outsideServiceArea: msg(
    "This place is outside the area we serve. Move the pin inside the area, or remove it and describe the location in words.",
  ),
  nullIsland: msg(
    "A pin at latitude 0, longitude 0 is in the ocean, not a place we serve. Move the pin to the problem, or remove it and describe the location in words.",
  ),
  // Browser geolocation (the form's "Use my location").
  useMyLocation: msg("Use my location"),
  locating: msg("Finding your location..."),
  geolocationDenied: msg(
    "Your browser did not allow us to use your location. You can place the pin on the map, or describe the location in words.",
  ),
  geolocationUnavailable: msg(
    "Your location could not be found. You can place the pin on the map, or describe the location in words.",
  ),
  geolocationUnsupported: msg("This browser cannot share your location. You can place the pin on the map instead."),
  placePinAtCentre: msg("Place the pin at the map centre"),
  removePin: msg("Remove the pin"),
  mapHelp: msg(
    "Click the map or drag the pin; with the keyboard, move the map with the arrow keys and place the pin at its centre.",
  ),
  pinPlaced: (latitude: string, longitude: string) =>
    englishText(msg("Pin placed at latitude {latitude}, longitude {longitude}."), { latitude, longitude }),
  pinRemoved: msg("Pin removed."),
  // The form's optional "Pin on a map" group.
  pinGroupLegend: msg("Pin on a map"),
  pinGroupHint: msg("A pin helps the crew find the place; the location in words is enough."),
  chooseOnMap: msg("Choose on a map"),
  hideMap: msg("Hide the map"),
  formMapLoading: msg("Loading the map..."),
  formMapLabel: msg("Map for placing the pin of the problem"),
  pinCoordinates: (latitude: string, longitude: string) =>
    englishText(msg("Latitude {latitude}, longitude {longitude}"), { latitude, longitude }),
  geolocationTimeout: msg(
    "Finding your location took too long. You can try again, place the pin on the map, or describe the location in words.",
  ),
  addressFilled: msg("The location was filled in from the pin. Change it if it is not right."),
  // The form's map, whether its code, its settings or its tiles failed: the words are enough.
  mapUnavailable: msg("The map could not be loaded — your description of the place is enough."),
  // Duplicates.
  similarHeading: msg("Has someone already reported this?"),
  similarIntro: englishText(
    msg(
      "Open reports of this category within {metres} m of your pin or with a similar title. If one is your problem, say so instead of sending a new report.",
    ),
    { metres: DUPLICATE_RADIUS_METRES },
  ),
  similarNone: msg("No similar open reports found. Please go on with your report."),
  opensInNewTab: msg("(opens in a new tab)"),
  affectedButton: msg("I have this problem too"),
  affectedCounted: msg("Thank you. You are counted as affected."),
  affectedAlready: msg("You have already said you have this problem."),
  affectedFailed: msg("Your answer could not be recorded. Please try again."),
  // The list's map view.
  mapCapped: (shown: number) =>
    englishText(msg("Showing the newest {shown} reports in this area. Zoom in or filter to see others."), { shown }),
  mapEmpty: msg("No reports with a pin match your filters in this area."),
  mapLoading: msg("Loading the reports in this area..."),
  mapReportsFailed: msg("The reports in this area could not be loaded. Move the map to try again, or use the list."),
  mapLoadFailed: msg("The map could not be loaded. The list shows the same reports."),
  mapTilesFailed: msg(
    "The map could not be loaded — the pins still show where the reports are, and the list shows the same reports.",
  ),
  // The details page's small map.
  openInOsm: msg("Open in OpenStreetMap"),
  pinMapFailed: msg("The map could not be loaded — the place is given in words on this page."),
  reverseGeocodeUnavailable: msg("The address of this place could not be looked up."),
  // Refusals of the place API (the form never sends these; another client might).
  bboxInvalid: msg(
    "Please give the visible area as bbox=minLon,minLat,maxLon,maxLat (longitudes -180 to 180, latitudes -90 to 90).",
  ),
  // `fields` are the query's parameter names ("bbox, category"), which stay as they are.
  invalidQuery: (fields: string) => englishText(msg("Invalid query: please check {fields}."), { fields }),
  browserIdInvalid: msg("This browser's id is missing or not valid. Please reload the page and try again."),
  affectedResolved: msg("This report is already resolved. If the problem is back, please send a new report."),
  tooManyAffected: (minutes: number) =>
    englishText(
      minutes === 1
        ? msg("Too many answers from your connection. Please try again in {minutes} minute.")
        : msg("Too many answers from your connection. Please try again in {minutes} minutes."),
      { minutes },
    ),
  tooManyLookups: msg("Too many address lookups from your connection. Please wait a minute and try again."),
  geocoderOff: msg("Address lookup is not configured."),
} as const;
