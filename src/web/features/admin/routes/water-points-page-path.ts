/**
 * Administration › Water points (docs/decisions/036-water-points.md). Apart from lib/paths.ts, whose table the public
 * pages' first load carries: only the console's route table and the administration use it.
 */
export const WATER_POINTS_PAGE_PATH = "/staff/admin/water-points";
