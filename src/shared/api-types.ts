import type { Category, Priority, Status } from "./domain.ts";
import type { ServiceAreaGeometry } from "./geo.ts";
import type { FieldErrors } from "./grievance-schema.ts";

/** Shapes of the HTTP API's answers: the server builds them, the browser reads them. */

export interface GrievanceImage {
  /** Full-size, re-encoded image (fitted inside 2560 px): for the image viewer only. */
  url: string;
  /** WebP cropped to 480x360 px (smaller when the image is): list cards and the details gallery. */
  thumbnailUrl: string;
  /** WebP fitted inside 800 px, for the gallery on large or dense screens; absent for older reports (use the thumbnail). */
  mediumUrl?: string;
  /** Pixel size of the full image (one frame of an animation); absent for older reports. */
  width?: number;
  height?: number;
}

/** A grievance as the public sees it: contact details masked (DESIGN.md D8). */
export interface PublicGrievance {
  id: string;
  /** Short public reference, "WS-4F7K2Q" (reference.ts). */
  reference: string;
  title: string;
  description: string;
  location: string | null;
  category: Category;
  priority: Priority;
  status: Status;
  user_email: string | null;
  user_phone: string | null;
  images: GrievanceImage[];
  created_at: string;
  /** The pin, 6 decimals; both null when the reporter placed none (issue 9). */
  latitude: number | null;
  longitude: number | null;
  /** People affected: the reporter and everyone who said "I have this problem too". */
  affected: number;
}

/** One report on the map view (GET /api/grievances/map): enough for its marker and its card. */
export type MapMarker = Pick<
  PublicGrievance,
  "id" | "reference" | "title" | "category" | "status" | "priority" | "created_at" | "affected" | "location"
> & { latitude: number; longitude: number };

export interface GrievanceMapResponse {
  /** The newest reports with a pin in the area that match the filters, at most `cap`. */
  markers: MapMarker[];
  /** How many match in the area, counted up to 2,000; `matchingCapped` when more (then `matching` is 2,000). */
  matching: number;
  matchingCapped: boolean;
  /** MAP_MARKER_CAP: when `matching` exceeds it, only the newest `cap` are in `markers`. */
  cap: number;
}

/** A possible duplicate shown while the form is filled in. */
export type SimilarReport = Pick<
  PublicGrievance,
  "id" | "reference" | "title" | "category" | "status" | "created_at" | "affected" | "location"
> & {
  /** Metres from the pin asked about; null when it matched by title only or has no pin. */
  distanceMetres: number | null;
};

export interface SimilarReportsResponse {
  items: SimilarReport[];
}

export interface AffectedResponse {
  /** People affected now. */
  affected: number;
  /** False when this browser had already been counted: nothing changed. */
  counted: boolean;
}

/** What the maps need (GET /api/map-settings): tiles, where to open, the service area. */
export interface MapSettings {
  /** Leaflet tile URL template (MAP_TILE_URL): {z}/{x}/{y}, optionally {s} and {r}. */
  tileUrl: string;
  /** HTML allowed by the tile provider's policy (MAP_ATTRIBUTION), shown on every map. */
  attribution: string;
  /** Where maps open without a service area (MAP_DEFAULT_CENTER). */
  center: { latitude: number; longitude: number; zoom: number };
  /** SERVICE_AREA_FILE's polygon; maps open on its bounds and a pin outside it is refused. */
  serviceArea: ServiceAreaGeometry | null;
  /** Whether GET /api/geocode/reverse can look up addresses (GEOCODER_URL). */
  geocoder: boolean;
}

export interface ReverseGeocodeResponse {
  /** A one-line address for the pin. */
  label: string;
}

export interface GrievanceListResponse {
  items: PublicGrievance[];
  /** Grievances matching the filters ("Showing X ..."); the cap itself when `matchingCapped`. */
  matching: number;
  /** More match than the cap (10,000) that is counted: "Showing 10,000+ of ..." (DESIGN.md D12). */
  matchingCapped: boolean;
  /** All grievances ("... of Y grievances"). */
  total: number;
  /** The page asked for; with a cursor, only the number the client gave it (the cursor finds the rows). */
  page: number;
  pageSize: number;
  /** `cursor` for the next (older) page; null on the last page. */
  nextCursor: string | null;
  /** `cursor` for the previous (newer) page; null on the first page. */
  prevCursor: string | null;
}

export interface StorageStatus {
  ok: boolean;
  bucket: string;
  message: string;
}

export interface LivenessStatus {
  ok: true;
}

export interface HealthStatus {
  ok: boolean;
  database: { ok: boolean; kind: "pglite" | "postgres"; message?: string };
  storage: { ok: boolean; message?: string };
}

/** Every error answer of the API. */
export interface ApiError {
  message: string;
  /** Each field's first problem: the report form's fields, or the fields of any request a route's schema refused. */
  fieldErrors?: FieldErrors | Record<string, string>;
}
