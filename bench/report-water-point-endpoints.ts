import { apiPaths } from "#shared/api-paths.ts";
import type { Endpoint } from "./endpoints.ts";
import { CITY_HALF_SIDE_METRES, pointAt, randomSource } from "./seed-places.ts";
import { COUNTRY_HALF_SIDE_DEGREES } from "./seed-water-points.ts";

/** Distinct pins per row, taken in turn, so that no cache answers most of them. */
const REQUESTS = 200;

/**
 * The form's water points near a pin (GET /api/water-points/nearby, docs/decisions/040-reporting-against-water-points.md)
 * over the seeded registry (seed-water-points.ts): pins in the city, where the points crowd, and in the countryside,
 * where the nearest may be kilometres away. Both read the nearest 8 through the GiST index, whatever the registry's size.
 */
export function reportWaterPointEndpoints(): Endpoint[] {
  const target = { ratio: 2, ms: 100 };
  const nearby = (seed: number, pin: (random: () => number) => { latitude: number; longitude: number }) => {
    const random = randomSource(seed);
    return Array.from({ length: REQUESTS }, () => {
      const { latitude, longitude } = pin(random);
      return `${apiPaths.waterPointsNearby}?latitude=${latitude.toFixed(6)}&longitude=${longitude.toFixed(6)}`;
    });
  };
  const city = (random: () => number) =>
    pointAt(2 * CITY_HALF_SIDE_METRES * (random() - 0.5), 2 * CITY_HALF_SIDE_METRES * (random() - 0.5));
  const country = (random: () => number) => {
    const centre = pointAt(0, 0);
    return {
      latitude: centre.latitude + 2 * COUNTRY_HALF_SIDE_DEGREES * (random() - 0.5),
      longitude: centre.longitude + 2 * COUNTRY_HALF_SIDE_DEGREES * (random() - 0.5),
    };
  };
  return [
    { name: "water points near a pin, in the city (the form)", paths: nearby(21, city), target },
    { name: "water points near a pin, in the countryside", paths: nearby(22, country), target },
  ];
}
