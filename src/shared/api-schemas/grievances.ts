import { z } from "zod/mini";
import { PRIORITIES, STATUSES } from "../domain.ts";
import { idSchema } from "../ids.ts";
import { MESSAGES } from "../messages.ts";
import { incidentSummarySchema } from "./incidents.ts";

/** Answers of the public report API (GET/POST /api/grievances, the map, possible duplicates, "me too"). */

export const grievanceImageSchema = z.object({
  /** Full-size, re-encoded image (fitted inside 2560 px): for the image viewer only. */
  url: z.string(),
  /** WebP cropped to 480x360 px (smaller when the image is): list cards and the details gallery. */
  thumbnailUrl: z.string(),
  /** WebP fitted inside 800 px; absent for older reports (use the thumbnail). */
  mediumUrl: z.optional(z.string()),
  /** Pixel size of the full image (one frame of an animation); absent for older reports. */
  width: z.optional(z.number()),
  height: z.optional(z.number()),
});

/**
 * A report as anyone may see it. The contact fields carry only the masked form (docs/product-decisions.md D8); the
 * schema is the serialiser, so a field it does not name never leaves.
 */
export const publicGrievanceSchema = z.object({
  id: z.string(),
  /** Short public reference, "WS-4F7K2Q" (reference.ts). */
  reference: z.string(),
  title: z.string(),
  description: z.string(),
  location: z.nullable(z.string()),
  /** The category's current name (categories are data: migration 016). */
  category: z.string(),
  priority: z.enum(PRIORITIES),
  status: z.enum(STATUSES),
  /** Masked for the public ("j***@example.org"); in full only on the reporter's own and staff answers. */
  user_email: z.nullable(z.string()),
  user_phone: z.nullable(z.string()),
  images: z.array(grievanceImageSchema),
  created_at: z.string(),
  /** The pin, 6 decimals; both null when the reporter placed none (decision 016). */
  latitude: z.nullable(z.number()),
  longitude: z.nullable(z.number()),
  /** People affected: the reporter and everyone who said "I have this problem too". */
  affected: z.number(),
  /**
   * When the utility expects to have resolved it: its service target's due time (docs/decisions/030), ISO time.
   * Null once it is resolved, and for a report without a target.
   */
  expectedResolutionAt: z.nullable(z.string()),
});

/**
 * GET /api/grievances/:id: the public view, plus the water incident the report was linked to (decision 021), null
 * when none. Optional so that clients of the list's items read this answer unchanged.
 */
export const grievanceDetailsSchema = z.extend(publicGrievanceSchema, {
  incident: z.optional(z.nullable(incidentSummarySchema)),
  /**
   * The photos the crew took after the repair, when a technician marked the job fixed through their link
   * (docs/decisions/031-technician-links.md); empty when none. Optional, as `incident`.
   */
  after_images: z.optional(z.array(grievanceImageSchema)),
  /**
   * The water point it is about (docs/decisions/040-reporting-against-water-points.md): its code, as on its page
   * `/water-points/{code}`, and its name; null when none. Optional, as `incident`.
   */
  water_point: z.optional(z.nullable(z.object({ code: z.string(), name: z.string() }))),
});

/** The 201 answer of POST /api/grievances: the public view, plus the reporter's private link (absolute). */
export const submittedGrievanceSchema = z.extend(publicGrievanceSchema, { trackingUrl: z.string() });

export const grievanceListResponseSchema = z.object({
  items: z.array(publicGrievanceSchema),
  /** Grievances matching the filters ("Showing X ..."); the cap itself when `matchingCapped`. */
  matching: z.number(),
  /** More match than the cap (1,000) that is counted: "Showing 1,000+ of ..." (docs/product-decisions.md D12). */
  matchingCapped: z.boolean(),
  /** All grievances ("... of Y grievances"). */
  total: z.number(),
  /** The page asked for; with a cursor, only the number the client gave it (the cursor finds the rows). */
  page: z.number(),
  pageSize: z.number(),
  /** `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.nullable(z.string()),
  /** `cursor` for the previous (newer) page; null on the first page. */
  prevCursor: z.nullable(z.string()),
});

/** One report on the map view: enough for its marker and its card. */
export const mapMarkerSchema = z.object({
  ...z.pick(publicGrievanceSchema, {
    id: true,
    reference: true,
    title: true,
    category: true,
    status: true,
    priority: true,
    created_at: true,
    affected: true,
    location: true,
  }).shape,
  latitude: z.number(),
  longitude: z.number(),
});

export const grievanceMapResponseSchema = z.object({
  /** The newest reports with a pin in the area that match the filters, at most `cap`. */
  markers: z.array(mapMarkerSchema),
  /** How many match in the area, counted up to 2,000; `matchingCapped` when more (then `matching` is 2,000). */
  matching: z.number(),
  matchingCapped: z.boolean(),
  /** MAP_MARKER_CAP: when `matching` exceeds it, only the newest `cap` are in `markers`. */
  cap: z.number(),
});

/** A possible duplicate shown while the form is filled in. */
export const similarReportSchema = z.object({
  ...z.pick(publicGrievanceSchema, {
    id: true,
    reference: true,
    title: true,
    category: true,
    status: true,
    created_at: true,
    affected: true,
    location: true,
  }).shape,
  /** Metres from the pin asked about; null when it matched by title only or has no pin. */
  distanceMetres: z.nullable(z.number()),
});

export const similarReportsResponseSchema = z.object({ items: z.array(similarReportSchema) });

export const affectedResponseSchema = z.object({
  /** People affected now. */
  affected: z.number(),
  /** False when this browser had already been counted: nothing changed. */
  counted: z.boolean(),
});

const serviceAreaSchema = z.union([
  z.object({ type: z.literal("Polygon"), coordinates: z.array(z.array(z.array(z.number()))) }),
  z.object({ type: z.literal("MultiPolygon"), coordinates: z.array(z.array(z.array(z.array(z.number())))) }),
]);

/** What the maps need (GET /api/map-settings): tiles, where to open, the service area. */
export const mapSettingsSchema = z.object({
  /** Leaflet tile URL template (MAP_TILE_URL): {z}/{x}/{y}, optionally {s} and {r}. */
  tileUrl: z.string(),
  /** HTML allowed by the tile provider's policy (MAP_ATTRIBUTION), shown on every map. */
  attribution: z.string(),
  /** Where maps open without a service area (MAP_DEFAULT_CENTER). */
  center: z.object({ latitude: z.number(), longitude: z.number(), zoom: z.number() }),
  /** SERVICE_AREA_FILE's polygon; maps open on its bounds and a pin outside it is refused. */
  serviceArea: z.nullable(serviceAreaSchema),
  /** Whether GET /api/geocode/reverse can look up addresses (GEOCODER_URL). */
  geocoder: z.boolean(),
  /**
   * Whether SMS is set up (SMS_GATEWAY): the report form then offers "Send me updates by SMS"
   * (docs/product-decisions.md D18). Here because the form already reads these settings for its map, so it costs no
   * request of its own.
   */
  sms: z.boolean(),
  /**
   * The portal's own raster tiles (MAP_PMTILES_FILE), drawn instead of `tileUrl`'s: the file's address, read in
   * byte ranges, the tiles' image type and zoom levels. Null: tiles come from `tileUrl`.
   */
  pmtiles: z.nullable(
    z.object({
      url: z.string(),
      tileType: z.enum(["png", "jpeg", "webp", "avif"]),
      minZoom: z.number(),
      maxZoom: z.number(),
    }),
  ),
});

/** A one-line address for the pin. */
export const reverseGeocodeResponseSchema = z.object({ label: z.string() });

/** A report's id in the address; an id that is no report's is answered 404 by the handler, not 400. */
export const grievanceIdParamsSchema = z.object({ id: idSchema(MESSAGES.grievanceNotFound) });

/** A stored image's object key, in the address of the media routes. */
export const imageKeyParamsSchema = z.object({ key: z.string() });
