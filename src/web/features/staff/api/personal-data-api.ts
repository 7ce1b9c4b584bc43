import { pathTo } from "#shared/api-paths.ts";
import type { ErasureResult } from "#shared/api-schemas/personal-data.ts";
import { personalDataPaths, type BlurRequest } from "#shared/privacy/personal-data.ts";
import { apiFetch } from "#web/lib/api-client.ts";

/** Erasure on request and blurring a photo (docs/decisions/043-erasure-and-access-on-request.md). */

const json = (body: unknown) => ({
  method: "POST",
  body: JSON.stringify(body),
  headers: { "Content-Type": "application/json" },
});

export function erasePersonalData(id: string, reason: string): Promise<ErasureResult> {
  return apiFetch<ErasureResult>(pathTo(personalDataPaths.erase, { id }), json({ reason }));
}

export function blurPhoto(id: string, index: number, region: BlurRequest): Promise<unknown> {
  return apiFetch(pathTo(personalDataPaths.blur, { id, index: String(index) }), json(region));
}
