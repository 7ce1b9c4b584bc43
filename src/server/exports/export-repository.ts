import type { Queryable } from "../db/database.ts";
import type { StoredImage } from "../grievances/grievance-row.ts";
import { allOf, filterConditions } from "../grievances/grievance-filter-repository.ts";
import type { GrievanceListFilters } from "#shared/grievances/grievance-schema.ts";
import type { Priority, Status } from "#shared/domain.ts";

/** A public report as the exports show it: never a contact detail, the category by its current name. */
export interface ExportRow {
  id: string;
  reference: string;
  title: string;
  description: string;
  category: string;
  priority: Priority;
  status: Status;
  location: string | null;
  latitude: number | null;
  longitude: number | null;
  affected_count: number;
  created_at: Date;
  updated_at: Date;
  images: StoredImage[];
  /** The code of the water point it is about (migrations/036), WPDx's wpdx_id; null when none. */
  wpdx_id: string | null;
}

export const EXPORT_COLUMNS = `g.id, g.reference, g.title, g.description, coalesce(c.name, g.category) AS category,
  g.priority, g.status, g.location, g.latitude::float8 AS latitude, g.longitude::float8 AS longitude, g.affected_count,
  g.created_at, g.images, (SELECT w.code FROM water_points w WHERE w.id = g.water_point_id) AS wpdx_id,
  coalesce((SELECT max(e.at) FROM grievance_events e WHERE e.grievance_id = g.id AND e.kind = 'status'), g.created_at)
    AS updated_at`;

export const EXPORT_FROM = "grievances g LEFT JOIN categories c ON c.key = g.category";

const BATCH = 1_000;

/**
 * Every public report matching the list's filters, newest first, read in keyset batches through the date index
 * (never OFFSET, never all at once), so that an export of a million reports holds one batch in memory. The caller
 * stops the generator (return/throw) when the client goes away, and no further batch is read.
 */
export async function* exportRows(db: Queryable, filters: GrievanceListFilters): AsyncGenerator<ExportRow> {
  // The keyset is the timestamp as PostgreSQL writes it: a JavaScript Date would drop its microseconds.
  let after: { at: string; id: string } | undefined;
  for (;;) {
    const params: unknown[] = [];
    const conditions = ["g.hidden_at IS NULL", ...filterConditions(filters, params, "g.")];
    if (after) {
      params.push(after.at, after.id);
      conditions.push(`(g.created_at, g.id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
    }
    const { rows } = await db.query<ExportRow & { sort_at: string }>(
      `SELECT ${EXPORT_COLUMNS}, g.created_at::text AS sort_at FROM ${EXPORT_FROM} WHERE ${allOf(conditions)}
       ORDER BY g.created_at DESC, g.id DESC LIMIT ${BATCH}`,
      params,
    );
    yield* rows;
    if (rows.length < BATCH) return;
    const last = rows[rows.length - 1]!;
    after = { at: last.sort_at, id: last.id };
  }
}
