import type { InternalNote } from "#shared/staff/staff-api.ts";
import { STAFF_MESSAGES } from "#shared/staff/staff-messages.ts";
import { WORK_MESSAGES } from "#shared/staff/work-schemas.ts";
import type { Database } from "../db/database.ts";
import { UUID_PATTERN } from "#shared/ids.ts";
import type { StoredImage } from "../grievances/grievance-row.ts";
import type { GrievanceService, Upload } from "../grievances/grievance-service.ts";
import { HttpError } from "../http/http-error.ts";
import { insertInternalNote, type NoteAuthor } from "./internal-note-repository.ts";
import { lockGrievanceRow } from "./staff-change-repository.ts";

/**
 * Internal notes (docs/decisions/032-internal-notes-stay-inside.md): a note, with photos through the report's own
 * pipeline (type checked from the bytes, re-encoded, stored), recorded in one transaction with the report locked.
 * Nobody is e-mailed: a note is for whoever opens the report in the console.
 */

/** Records a note whose photos (if any) are already stored; for staff here and for a technician's page. */
export async function recordInternalNote(
  db: Database,
  grievanceId: string,
  author: NoteAuthor,
  text: string,
  images: StoredImage[] = [],
): Promise<InternalNote> {
  if (!UUID_PATTERN.test(grievanceId)) throw new HttpError(404, STAFF_MESSAGES.notFound);
  if (text.trim() === "" && images.length === 0) throw new HttpError(400, WORK_MESSAGES.noteOrPhotoRequired);
  return db.transaction(async (tx) => {
    if (!(await lockGrievanceRow(tx, grievanceId))) throw new HttpError(404, STAFF_MESSAGES.notFound);
    return insertInternalNote(tx, { grievanceId, author, text, images });
  });
}

/**
 * A note with photos: every photo checked and stored, then the note recorded; if anything fails, the stored photos
 * are removed again (GrievanceService.withStoredImages).
 */
export async function addInternalNoteWithPhotos(
  deps: { db: Database; service: GrievanceService },
  grievanceId: string,
  author: NoteAuthor,
  text: string,
  uploads: Upload[],
): Promise<InternalNote> {
  if (text.trim() === "" && uploads.length === 0) throw new HttpError(400, WORK_MESSAGES.noteOrPhotoRequired);
  return deps.service.withStoredImages(uploads, WORK_MESSAGES.noteFailed, (images) =>
    recordInternalNote(deps.db, grievanceId, author, text, images),
  );
}
