import { STAFF_IMAGE_URL_PREFIX } from "#shared/api-paths.ts";
import type { InternalNote } from "#shared/staff/staff-api.ts";
import type { Queryable } from "../db/database.ts";
import type { StoredImage } from "../grievances/grievance-row.ts";
import { toImageView } from "../grievances/public-grievance.ts";

/**
 * Internal notes (migrations/030, docs/decisions/032-internal-notes-stay-inside.md): written by staff in the console
 * or by a technician through a one-time link, read only by the console and the technician's page. Their photos are
 * stored like a report's and answered under the staff image prefix only.
 */

/** Who writes a note: a signed-in staff member, or a technician (no account) known by the address the link went to. */
export type NoteAuthor = { kind: "staff"; staffId: string } | { kind: "technician"; email: string };

interface NoteRow {
  id: string;
  created_at: Date;
  body: string;
  images: StoredImage[];
  author_kind: "staff" | "technician";
  author_email: string | null;
}

const toNote = (row: NoteRow): InternalNote => ({
  id: row.id,
  at: new Date(row.created_at).toISOString(),
  text: row.body,
  images: row.images.map((image) => toImageView(image, STAFF_IMAGE_URL_PREFIX)),
  author: { kind: row.author_kind, email: row.author_email },
});

const SELECT_NOTE = `SELECT n.id::text, n.created_at, n.body, n.images, n.author_kind,
         coalesce(n.technician_email, a.email) AS author_email
  FROM internal_notes n LEFT JOIN staff_accounts a ON a.id = n.staff_id`;

/**
 * Adds a note in the caller's transaction (which has checked that the report exists, and stored the photos). Also
 * for the technician's page: `{ kind: "technician", email }`.
 */
export async function insertInternalNote(
  tx: Queryable,
  note: { grievanceId: string; author: NoteAuthor; text: string; images?: StoredImage[] },
): Promise<InternalNote> {
  const { author } = note;
  const { rows } = await tx.query<NoteRow>(
    `WITH n AS (
       INSERT INTO internal_notes (grievance_id, author_kind, staff_id, technician_email, body, images)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb) RETURNING *)
     ${SELECT_NOTE.replace("FROM internal_notes n", "FROM n")}`,
    [
      note.grievanceId,
      author.kind,
      author.kind === "staff" ? author.staffId : null,
      author.kind === "technician" ? author.email : null,
      note.text,
      JSON.stringify(note.images ?? []),
    ],
  );
  return toNote(rows[0]!);
}

/** A report's internal notes, oldest first. */
export async function internalNotesOf(db: Queryable, grievanceId: string): Promise<InternalNote[]> {
  const { rows } = await db.query<NoteRow>(`${SELECT_NOTE} WHERE n.grievance_id = $1 ORDER BY n.created_at, n.id`, [
    grievanceId,
  ]);
  return rows.map(toNote);
}
