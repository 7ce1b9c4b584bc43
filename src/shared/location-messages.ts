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
  mapHelp: "Optional. Click the map or drag the pin; with the keyboard, move the map with the arrow keys and place the pin at its centre.",
  pinPlaced: (latitude: string, longitude: string) => `Pin placed at latitude ${latitude}, longitude ${longitude}.`,
  pinRemoved: "Pin removed.",
  mapUnavailable: "The map could not be loaded. You can still describe the location in words.",
  // Duplicates.
  similarHeading: "Has someone already reported this?",
  similarIntro: `Open reports of this category within ${DUPLICATE_RADIUS_METRES} m of your pin or with a similar title. If one is your problem, say so instead of sending a new report.`,
  similarNone: "No similar open reports found. Please go on with your report.",
  affectedButton: "I have this problem too",
  affectedCounted: "Thank you. You are counted as affected.",
  affectedAlready: "You have already said you have this problem.",
  affectedFailed: "Your answer could not be recorded. Please try again.",
  peopleAffected: (count: number) => `${count} ${count === 1 ? "person" : "people"} affected`,
  // The list's map view.
  mapCapped: (shown: number) => `Showing the newest ${shown} reports in this area. Zoom in or filter to see others.`,
  mapEmpty: "No reports with a pin match your filters in this area.",
  reverseGeocodeUnavailable: "The address of this place could not be looked up.",
  geocoderOff: "Address lookup is not configured.",
} as const;
