import { z } from "zod/mini";
import { latitudeSchema, longitudeSchema, notNullIsland } from "../grievances/grievance-schema.ts";
import { LOCATION_MESSAGES } from "../places/location-messages.ts";

/** GET /api/water-points/nearby: a pin, both coordinates (docs/decisions/040-reporting-against-water-points.md). */
export const nearbyWaterPointsQuerySchema = z.object({ latitude: latitudeSchema, longitude: longitudeSchema }).check(
  z.refine((v) => v.latitude !== undefined && v.longitude !== undefined, {
    message: LOCATION_MESSAGES.coordinatesPair,
  }),
  notNullIsland,
);
