/**
 * The administration pages added since the first ones: Teams and Routing rules (docs/decisions/029), Service targets
 * (030), Water points (036) and Personal data (043). One module apart from lib/paths.ts, whose table the public
 * pages' first load carries: only the console's route table and the administration use these.
 */
export const adminPagePaths = {
  teams: "/staff/admin/teams",
  routingRules: "/staff/admin/routing-rules",
  serviceTargets: "/staff/admin/service-targets",
  waterPoints: "/staff/admin/water-points",
  personalData: "/staff/admin/personal-data",
} as const;
