import type { Category, Priority, Status } from "./domain.ts";
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
  fieldErrors?: FieldErrors;
}
