import { IMAGE_URL_PREFIX, STAFF_IMAGE_URL_PREFIX } from "#shared/api-paths.ts";
import type { ReporterUpdateView } from "#shared/tracking/reporter-actions.ts";
import type { StaffReporterUpdate } from "#shared/staff/staff-api.ts";
import type { Queryable } from "../db/database.ts";
import type { StoredImage } from "../grievances/grievance-row.ts";
import { toImageView } from "../grievances/public-grievance.ts";

/**
 * Updates from the reporter (table reporter_updates, migrations/011_reporter_actions.sql). Their photos are stored
 * like a report's: object keys in `images`, URLs built when answering.
 */

interface UpdateRow {
  id: string;
  body: string;
  images: StoredImage[];
  created_at: Date;
}

interface StaffUpdateRow extends UpdateRow {
  hidden_at: Date | null;
  hidden_reason: string | null;
  hidden_by_email: string | null;
}

const iso = (at: Date) => new Date(at).toISOString();

/** Inside the caller's transaction, which has locked the report (FOR UPDATE). */
export async function insertReporterUpdate(
  tx: Queryable,
  grievanceId: string,
  text: string,
  images: StoredImage[],
): Promise<ReporterUpdateView> {
  const { rows } = await tx.query<UpdateRow>(
    `INSERT INTO reporter_updates (grievance_id, body, images) VALUES ($1, $2, $3::jsonb)
     RETURNING id, body, images, created_at`,
    [grievanceId, text, JSON.stringify(images)],
  );
  return toUpdateView(rows[0]!);
}

/**
 * Updates the report received in the last 24 hours, hidden ones included (hiding an update gives no room for
 * another): the per-report limit, REPORTER_UPDATES_PER_REPORT_PER_DAY.
 */
export async function countUpdatesOfLastDay(db: Queryable, grievanceId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM reporter_updates
     WHERE grievance_id = $1 AND created_at > now() - interval '24 hours'`,
    [grievanceId],
  );
  return rows[0]?.n ?? 0;
}

/** The visible updates of a report, oldest first: what the public timeline and the tracking page show. */
export async function findVisibleUpdates(db: Queryable, grievanceId: string): Promise<ReporterUpdateView[]> {
  const { rows } = await db.query<UpdateRow>(
    `SELECT id, body, images, created_at FROM reporter_updates
     WHERE grievance_id = $1 AND hidden_at IS NULL ORDER BY created_at, id`,
    [grievanceId],
  );
  return rows.map((row) => toUpdateView(row));
}

/** Every update of a report, hidden ones with who hid them and why; images at the staff address. */
export async function findUpdatesForStaff(db: Queryable, grievanceId: string): Promise<StaffReporterUpdate[]> {
  const { rows } = await db.query<StaffUpdateRow>(
    `SELECT u.id, u.body, u.images, u.created_at, u.hidden_at, u.hidden_reason, a.email AS hidden_by_email
     FROM reporter_updates u LEFT JOIN staff_accounts a ON a.id = u.hidden_by
     WHERE u.grievance_id = $1 ORDER BY u.created_at, u.id`,
    [grievanceId],
  );
  return rows.map((row) => ({
    ...toUpdateView(row, STAFF_IMAGE_URL_PREFIX),
    hidden: row.hidden_at !== null,
    hidden_at: row.hidden_at ? iso(row.hidden_at) : null,
    hidden_reason: row.hidden_reason,
    hidden_by_email: row.hidden_by_email,
  }));
}

function toUpdateView(row: UpdateRow, imageUrlPrefix = IMAGE_URL_PREFIX): ReporterUpdateView {
  return {
    id: row.id,
    at: iso(row.created_at),
    text: row.body,
    images: row.images.map((image) => toImageView(image, imageUrlPrefix)),
  };
}
