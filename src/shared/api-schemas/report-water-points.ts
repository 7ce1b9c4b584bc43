import { z } from "zod/mini";
import { WATER_POINT_STATUSES } from "./water-points.ts";

/** GET /api/water-points/nearby: the points in service nearest a pin (docs/decisions/040-reporting-against-water-points.md). */
export const nearbyWaterPointSchema = z.object({
  /** The code painted on the point (WPDx's wpdx_id), as the registry spells it. */
  code: z.string(),
  name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** WPDx's water_source_clean and water_tech_clean (Borehole, Hand Pump…), when known. */
  waterSource: z.nullable(z.string()),
  waterTech: z.nullable(z.string()),
  /** Whether it works, by its open reports or else the registry (docs/decisions/039-water-point-status.md). */
  status: z.enum(WATER_POINT_STATUSES),
  /** From the pin, rounded to the metre. */
  distanceMetres: z.number(),
});
export type NearbyWaterPoint = z.output<typeof nearbyWaterPointSchema>;

export const nearbyWaterPointsResponseSchema = z.object({ items: z.array(nearbyWaterPointSchema) });
