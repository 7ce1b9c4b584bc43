import { grievanceListQuerySchema, type GrievanceListQuery } from "./grievance-schema.ts";

const KEYS = ["q", "category", "status", "priority", "page", "cursor"] as const;

/**
 * Reads the list query from the list page's URL. A value the server would refuse (an unknown category, page "abc")
 * is dropped rather than failing the whole page, so an old or hand-edited link still shows something useful. The web
 * app's loader asks for this list; the server reads the same to name the first report's photo in the page's HTML
 * (src/server/grievances/page-photo.ts).
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

/** The list page shows its reports as a list unless the address asks for the map (?view=map). */
export const isMapView = (params: URLSearchParams): boolean => params.get("view") === "map";
