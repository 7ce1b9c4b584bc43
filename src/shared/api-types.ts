import type { Category, Priority, Status } from "./domain.ts";
import type { FieldErrors } from "./grievance-schema.ts";

/** Shapes of the HTTP API's answers: the server builds them, the browser reads them. */

export interface GrievanceImage {
  /** Full-size, re-encoded image (details page and viewer). */
  url: string;
  /** Small WebP for list cards. */
  thumbnailUrl: string;
}

/** A grievance as the public sees it: contact details masked (DESIGN.md D8). */
export interface PublicGrievance {
  id: string;
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
  /** Grievances matching the filters ("Showing X ..."). */
  matching: number;
  /** All grievances ("... of Y grievances"). */
  total: number;
  page: number;
  pageSize: number;
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
