import { useCallback, useMemo, useState, type Dispatch, type SetStateAction } from "react";
import { parseDecimal, type LatLng } from "#shared/places/geo.ts";

/** The form's fields a pin touches: its two coordinates, and the location in words an address may fill. */
export interface PinFieldValues {
  latitude: string;
  longitude: string;
  location: string;
}

/** The pin the form holds, if its two fields make one. */
function pinOf(latitude: string, longitude: string): LatLng | null {
  const lat = parseDecimal(latitude);
  const lon = parseDecimal(longitude);
  return lat === undefined || lon === undefined ? null : { latitude: lat, longitude: lon };
}

/**
 * The pin in the form's values, and what changes them. `edited` is told which fields changed (the form clears
 * their errors and starts a new submission key).
 */
export function usePinFields<V extends PinFieldValues>(
  values: V,
  setValues: Dispatch<SetStateAction<V>>,
  edited: (...fields: (keyof PinFieldValues)[]) => void,
) {
  // What a pin's address filled in, so a later pin may replace it while anything the resident typed stays.
  const [autoLocation, setAutoLocation] = useState<string | null>(null);
  // One object per pin, not per render: the map moves to a pin only when it changes.
  const pin = useMemo(() => pinOf(values.latitude, values.longitude), [values.latitude, values.longitude]);
  const locationFillable = values.location.trim() === "" || values.location === autoLocation;

  const setPin = useCallback(
    (next: LatLng | null) => {
      setValues((prev) => ({
        ...prev,
        latitude: next ? String(next.latitude) : "",
        longitude: next ? String(next.longitude) : "",
      }));
      edited("latitude", "longitude");
    },
    [setValues, edited],
  );

  const fillLocation = useCallback(
    (label: string) => {
      setAutoLocation(label);
      setValues((prev) =>
        prev.location.trim() === "" || prev.location === autoLocation ? { ...prev, location: label } : prev,
      );
      edited("location");
    },
    [autoLocation, setValues, edited],
  );

  return { pin, locationFillable, setPin, fillLocation };
}
