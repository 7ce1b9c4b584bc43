import { apiPaths } from "../../../../shared/api-paths.ts";
import type { PublicGrievance, StorageStatus } from "../../../../shared/api-types.ts";
import type { GrievanceField } from "../../../../shared/grievance-schema.ts";
import { apiFetch } from "../../../lib/api-client.ts";

export function getStorageStatus(signal?: AbortSignal): Promise<StorageStatus> {
  return apiFetch<StorageStatus>(apiPaths.storage, { signal });
}

/** One multipart request with every field and the chosen image files under `images` (DESIGN.md D2). */
export function createGrievance(fields: Readonly<Record<GrievanceField, string>>, images: readonly File[]): Promise<PublicGrievance> {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === "string") body.append(key, value);
  }
  for (const file of images) body.append("images", file, file.name);
  return apiFetch<PublicGrievance>(apiPaths.grievances, { method: "POST", body });
}
