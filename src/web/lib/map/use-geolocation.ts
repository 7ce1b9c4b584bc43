import { useCallback, useEffect, useRef, useState } from "react";
import type { LatLng } from "#shared/places/geo.ts";
import { LOCATION_MESSAGES } from "#shared/places/location-messages.ts";

/**
 * The browser's position for "Use my location". Never required: every failure comes with a message that points to
 * the map and to the words, and nothing is retried behind the resident's back.
 */
export type GeolocationState = { kind: "idle" } | { kind: "locating" } | { kind: "failed"; message: string };

// A phone's first GPS fix outdoors takes a few seconds; indoors it may never come.
const TIMEOUT_MS = 15_000;
// A fix from the last minute is as good as a new one for a pin the resident can still move.
const MAXIMUM_AGE_MS = 60_000;

function failureMessage(error: GeolocationPositionError): string {
  if (error.code === error.PERMISSION_DENIED) return LOCATION_MESSAGES.geolocationDenied;
  if (error.code === error.TIMEOUT) return LOCATION_MESSAGES.geolocationTimeout;
  return LOCATION_MESSAGES.geolocationUnavailable;
}

/** `locate(onFound)`: asks once; `onFound` gets the position, `state` says what is going on or what went wrong. */
export function useGeolocation(): { state: GeolocationState; locate: (onFound: (position: LatLng) => void) => void } {
  const [state, setState] = useState<GeolocationState>({ kind: "idle" });
  // An answer arriving after the form has gone is dropped.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const locate = useCallback((onFound: (position: LatLng) => void) => {
    if (!("geolocation" in navigator)) {
      setState({ kind: "failed", message: LOCATION_MESSAGES.geolocationUnsupported });
      return;
    }
    setState({ kind: "locating" });
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        if (!mounted.current) return;
        setState({ kind: "idle" });
        onFound({ latitude: coords.latitude, longitude: coords.longitude });
      },
      (error) => {
        if (mounted.current) setState({ kind: "failed", message: failureMessage(error) });
      },
      { enableHighAccuracy: true, timeout: TIMEOUT_MS, maximumAge: MAXIMUM_AGE_MS },
    );
  }, []);

  return { state, locate };
}
