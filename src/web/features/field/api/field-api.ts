import { apiPaths, pathTo } from "#shared/api-paths.ts";
import { FIELD_NOTE_FIELD, type FieldJob, type FieldJobFixed } from "#shared/field/field.ts";
import { apiFetch } from "#web/lib/api-client.ts";

/** The job a technician's link opens; 404 or 410 (ApiRequestError, with the reason) when it opens nothing. */
export function getFieldJob(token: string, signal?: AbortSignal): Promise<FieldJob> {
  return apiFetch<FieldJob>(pathTo(apiPaths.field, { token }), { signal });
}

function noteForm(text: string, images: readonly File[]): FormData {
  const body = new FormData();
  body.append(FIELD_NOTE_FIELD, text);
  for (const file of images) body.append("images", file, file.name);
  return body;
}

/** A note with photos; answers the job as it now is. */
export function addFieldNote(token: string, text: string, images: readonly File[]): Promise<FieldJob> {
  return apiFetch<FieldJob>(pathTo(apiPaths.fieldNotes, { token }), { method: "POST", body: noteForm(text, images) });
}

/** "Mark the job fixed": the note is the report's public note, the photos its "after" photos. */
export function markFieldJobFixed(token: string, text: string, images: readonly File[]): Promise<FieldJobFixed> {
  return apiFetch<FieldJobFixed>(pathTo(apiPaths.fieldFixed, { token }), {
    method: "POST",
    body: noteForm(text, images),
  });
}
