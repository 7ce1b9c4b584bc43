import { pathTo } from "#shared/api-paths.ts";
import type { BulkResult, StaffGrievanceDetail } from "#shared/staff/staff-api.ts";
import { staffApiPaths } from "#shared/staff/staff-api.ts";
import { INTERNAL_NOTE_TEXT_FIELD } from "#shared/staff/work-schemas.ts";
import { teamApiPaths } from "#shared/teams/team-api.ts";
import type { TeamList } from "#shared/teams/team-schemas.ts";
import { apiFetch } from "#web/lib/api-client.ts";

/**
 * The console's requests for the staff's work on reports: the teams to choose from, assigning (one report or a
 * selection), bulk status changes and internal notes (docs/decisions/032-internal-notes-stay-inside.md). JSON but
 * for a note with photos (multipart, the browser sets its boundary).
 */

const postJson = <T>(path: string, body: unknown) =>
  apiFetch<T>(path, { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });

export function getTeams(signal?: AbortSignal): Promise<TeamList> {
  return apiFetch<TeamList>(teamApiPaths.teams, { signal });
}

export interface AssignmentChoice {
  teamId: string;
  /** Empty: the team as a whole. */
  staffAccountId: string;
}

const assignmentBody = ({ teamId, staffAccountId }: AssignmentChoice) => ({
  teamId,
  ...(staffAccountId ? { staffAccountId } : {}),
});

export function assignGrievance(id: string, choice: AssignmentChoice): Promise<StaffGrievanceDetail> {
  return postJson(pathTo(staffApiPaths.assignment, { id }), assignmentBody(choice));
}

export function bulkAssign(ids: string[], choice: AssignmentChoice): Promise<BulkResult> {
  return postJson(staffApiPaths.bulkAssignment, { ids, ...assignmentBody(choice) });
}

export function bulkChangeStatus(ids: string[], status: string, note: string): Promise<BulkResult> {
  return postJson(staffApiPaths.bulkStatus, { ids, status, ...(note.trim() ? { note } : {}) });
}

/** A note alone as JSON (addInternalNote); with photos as multipart (addInternalNoteWithPhotos). */
export function addInternalNote(id: string, text: string, photos: File[]): Promise<StaffGrievanceDetail> {
  if (photos.length === 0) return postJson(pathTo(staffApiPaths.internalNotes, { id }), { text });
  const body = new FormData();
  body.append(INTERNAL_NOTE_TEXT_FIELD, text);
  for (const photo of photos) body.append("images", photo, photo.name);
  return apiFetch(pathTo(staffApiPaths.internalNotePhotos, { id }), { method: "POST", body });
}
