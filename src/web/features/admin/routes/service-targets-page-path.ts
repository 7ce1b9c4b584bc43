/**
 * The Service targets page (docs/decisions/030-service-targets-and-escalation.md). Apart from lib/paths.ts, whose
 * table the public pages' first load carries: only the console's route table and the administration use it.
 */
export const SERVICE_TARGETS_PAGE_PATH = "/staff/admin/service-targets";
