import { apiPaths } from "#shared/api-paths.ts";
import type { StorageStatus } from "#shared/api-types.ts";
import type { GrievanceField } from "#shared/grievances/grievance-schema.ts";
import type { SubmittedGrievance } from "#shared/tracking/tracking.ts";
import { apiFetch } from "#web/lib/api-client.ts";

export function getStorageStatus(signal?: AbortSignal): Promise<StorageStatus> {
  return apiFetch<StorageStatus>(apiPaths.storage, { signal });
}

/**
 * A fresh Idempotency-Key for one report. Sent again when the same entries are retried after a failure, so a
 * submit whose answer was lost is not stored twice (docs/operating.md, "Retried submits"). getRandomValues,
 * unlike randomUUID, also works on plain-HTTP addresses other than localhost.
 */
export function newSubmissionKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** One multipart request with every field and the chosen image files under `images` (docs/product-decisions.md D2). */
export function createGrievance(
  fields: Readonly<Record<GrievanceField, string>>,
  images: readonly File[],
  idempotencyKey: string,
): Promise<SubmittedGrievance> {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === "string") body.append(key, value);
  }
  for (const file of images) body.append("images", file, file.name);
  return apiFetch<SubmittedGrievance>(apiPaths.grievances, {
    method: "POST",
    body,
    headers: { "Idempotency-Key": idempotencyKey },
  });
}
