import { useState } from "react";
import type { MapSettings } from "#shared/api-types.ts";
import { useApiData } from "../use-api-data.ts";
import { loadMapSettings } from "./map-settings-api.ts";

type PickerModule = typeof import("./location-picker.tsx");

export type LazyPicker =
  { kind: "idle" } | { kind: "ready"; settings: MapSettings; picker: PickerModule } | { kind: "failed" };

// Settings and the picker (with Leaflet) side by side; a failure of either leaves the form as it was.
const loadPicker = () => Promise.all([loadMapSettings(), import("./location-picker.tsx")]);

/**
 * A form's map picker, downloaded with the maps' settings only once the resident first asks for it (`wanted`), and
 * kept once in. `retry()` forgets a failure, so the next time the map is wanted it is asked for again.
 */
export function useLazyPicker(wanted: boolean, what: string): { map: LazyPicker; retry: () => void } {
  const [tries, setTries] = useState({ count: 0, asked: false });
  if (wanted && !tries.asked) setTries({ count: tries.count + 1, asked: true });
  const read = useApiData(tries.asked ? `picker-${tries.count}` : undefined, loadPicker, { what });
  const map: LazyPicker =
    read.state === "loaded"
      ? { kind: "ready", settings: read.data[0], picker: read.data[1] }
      : read.state === "failed"
        ? { kind: "failed" }
        : { kind: "idle" };
  const retry = () => {
    if (read.state === "failed") setTries((now) => ({ count: now.count, asked: false }));
  };
  return { map, retry };
}
