import { useCallback, useEffect, type Dispatch, type SetStateAction } from "react";
import { useSearchParams } from "react-router";
import type { LatLng } from "#shared/places/geo.ts";
import type { GrievanceField } from "#shared/grievances/grievance-schema.ts";

/**
 * The form's water point (docs/decisions/040-reporting-against-water-points.md): its code in the form's values, set by
 * typing, by choosing a point (which moves the pin onto it), or by a link to the form with the point chosen
 * (`?water_point=CODE`, the point's page's "Report a problem at this point").
 */
export function useWaterPointChoice<V extends { water_point: string }>(
  setValues: Dispatch<SetStateAction<V>>,
  edited: (...fields: GrievanceField[]) => void,
  setPin: (pin: LatLng | null) => void,
) {
  const setCode = useCallback(
    (code: string) => {
      setValues((prev) => ({ ...prev, water_point: code }));
      edited("water_point");
    },
    [setValues, edited],
  );
  const choose = useCallback(
    (point: { code: string } & LatLng) => {
      setCode(point.code);
      setPin({ latitude: point.latitude, longitude: point.longitude });
    },
    [setCode, setPin],
  );

  const [search] = useSearchParams();
  const linked = search.get("water_point")?.trim();
  useEffect(() => {
    if (linked) setCode(linked);
  }, [linked, setCode]);

  return { setCode, choose };
}
