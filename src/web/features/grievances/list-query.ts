import { grievanceListQuerySchema, type GrievanceListQuery } from "../../../shared/grievance-schema.ts";

const KEYS = ["q", "category", "status", "priority", "page", "cursor"] as const;

/**
 * Reads the list query from the page URL. A value the server would refuse (an unknown category, page "abc")
 * is dropped rather than failing the whole page, so an old or hand-edited link still shows something useful.
 */
export function listQueryFromSearchParams(params: URLSearchParams): Partial<GrievanceListQuery> {
  const query: Partial<GrievanceListQuery> = {};
  for (const key of KEYS) {
    const raw = params.get(key);
    if (raw === null || raw.trim() === "") continue;
    const parsed = grievanceListQuerySchema.shape[key].safeParse(raw);
    if (parsed.success && parsed.data !== undefined) Object.assign(query, { [key]: parsed.data });
  }
  return query;
}
