import type { Channel } from "#shared/staff/staff-schemas.ts";
import type { Category, Priority, Status } from "#shared/domain.ts";
import type { Locale } from "#shared/i18n/locales.ts";
import type { ImageKeys } from "../storage/object-key.ts";

/**
 * One image in a row's `images` list: object keys, never URLs. Reports from before medium versions were made have
 * neither `mediumKey` nor the size.
 */
export interface StoredImage extends Pick<ImageKeys, "key" | "thumbnailKey"> {
  mediumKey?: string;
  /** Pixel size of the stored full image, measured when it was made. */
  width?: number;
  height?: number;
}

/** A row of `grievances` as the database returns it. */
export interface GrievanceRow {
  id: string;
  reference: string;
  title: string;
  description: string;
  location: string | null;
  category: Category;
  priority: Priority;
  status: Status;
  user_email: string | null;
  user_phone: string | null;
  images: StoredImage[];
  created_at: Date;
  /** The pin (migration 013), read as float8; both null without one. */
  latitude: number | null;
  longitude: number | null;
  /** "I have this problem too" presses; the reporter is not among them. */
  affected_count: number;
  /** When it must be resolved by its service target (migration 031); null without one. */
  due_resolve_at: Date | null;
  /** How it reached the utility (migrations/027): an SMS sender's number is never shown to the public. */
  channel: Channel;
}

/** What makes a new report findable by its reporter: its reference and the hash of its tracking token. */
export interface NewTracking {
  reference: string;
  trackingTokenHash: Uint8Array;
  /** The language the report was submitted in, for the reporter's e-mails (migration 017); English by default. */
  locale?: Locale;
  /** How the report reached the utility (migrations/027); the public form by default. */
  channel?: Channel;
  /** The water point it is about (migrations/036), found by its code (report-water-point.ts); none by default. */
  waterPointId?: string | null;
}
