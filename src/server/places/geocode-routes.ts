import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { apiPaths } from "#shared/api-paths.ts";
import { errorResponses } from "#shared/api-schemas/errors.ts";
import { reverseGeocodeResponseSchema } from "#shared/api-schemas/grievances.ts";
import type { ServiceAreaGeometry } from "#shared/places/geo.ts";
import { LOCATION_MESSAGES } from "#shared/places/location-messages.ts";
import { reverseGeocodeQuerySchema } from "#shared/places/location-schemas.ts";
import { HttpError } from "../http/http-error.ts";
import { refusePinOutsideArea } from "./pin-in-area.ts";
import { refusePlaceQuery } from "./query-problem.ts";
import { GeocoderUnavailable, type ReverseGeocoder } from "./reverse-geocoder.ts";

export interface GeocodeRoutesOptions {
  /** Undefined when GEOCODER_URL is not set: the route says address lookup is off. */
  geocoder: ReverseGeocoder | undefined;
  /** SERVICE_AREA_FILE's area: a pin outside it is refused before any lookup. */
  serviceArea: ServiceAreaGeometry | undefined;
}

// A resident places a pin a few times at most; many residents may share one address (carrier NAT). Counted in
// memory, like the status checks: the geocoder's own spacing (reverse-geocoder.ts) is what protects the service.
export const GEOCODE_LOOKUPS_PER_MINUTE = 30;

/** GET /api/geocode/reverse?latitude&longitude: a one-line address for a pin, to fill an empty location field. */
export const geocodeRoutes: FastifyPluginAsync<GeocodeRoutesOptions> = async (app, { geocoder, serviceArea }) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    apiPaths.reverseGeocode,
    {
      config: {
        rateLimit: {
          max: GEOCODE_LOOKUPS_PER_MINUTE,
          timeWindow: 60_000,
          refusal: LOCATION_MESSAGES.tooManyLookups,
        },
      },
      schema: {
        operationId: "findAddress",
        summary: "An address for a pin",
        description: "A one-line address, to fill an empty location field; 404 when GEOCODER_URL is not set.",
        tags: ["places"],
        querystring: reverseGeocodeQuerySchema,
        response: { 200: reverseGeocodeResponseSchema, ...errorResponses(400, 404, 429, 500, 503) },
      },
      schemaErrorFormatter: refusePlaceQuery,
    },
    async (request, reply) => {
      const { latitude, longitude } = request.query as { latitude: number; longitude: number };
      // Refused as the submit refuses it, and nobody's geocoder is asked about a place the utility does not serve.
      refusePinOutsideArea(serviceArea, { latitude, longitude });
      if (!geocoder) throw new HttpError(404, LOCATION_MESSAGES.geocoderOff);
      try {
        return { label: await geocoder.lookup({ latitude, longitude }, request.headers["accept-language"]) };
      } catch (error) {
        if (!(error instanceof GeocoderUnavailable)) throw error;
        request.log.info({ err: { message: error.message } }, "reverse geocoding unavailable");
        reply.header("retry-after", "1");
        throw new HttpError(503, LOCATION_MESSAGES.reverseGeocodeUnavailable, undefined, { cause: error });
      }
    },
  );
};
