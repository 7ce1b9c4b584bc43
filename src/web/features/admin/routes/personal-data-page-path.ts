/**
 * The Personal data page (docs/decisions/043-erasure-and-access-on-request.md). Apart from lib/paths.ts, whose table
 * the public pages' first load carries: only the console's route table and the administration use it.
 */
export const PERSONAL_DATA_PAGE_PATH = "/staff/admin/personal-data";
