import type { PersonalData } from "#shared/api-schemas/personal-data.ts";
import { personalDataPaths, type FindPersonalDataQuery } from "#shared/privacy/personal-data.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { searchOf } from "#web/lib/query-string.ts";

/** Access on request (docs/decisions/043-erasure-and-access-on-request.md). */
export function findPersonalData(query: FindPersonalDataQuery, signal?: AbortSignal): Promise<PersonalData> {
  return apiFetch<PersonalData>(`${personalDataPaths.find}${searchOf(query)}`, { signal });
}
