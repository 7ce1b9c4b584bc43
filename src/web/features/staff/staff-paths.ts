// STAGING: merged into src/web/lib/paths.ts once the public screens are finished.
export const staffPaths = {
  staffSignIn: (next?: string) => `/staff/sign-in${next ? `?${new URLSearchParams({ next }).toString()}` : ""}`,
  staffSignOut: () => "/staff/sign-out",
  staffConsole: (search = "") => `/staff${search}`,
  staffGrievance: (id: string) => `/staff/grievances/${encodeURIComponent(id)}`,
  stats: () => "/stats",
} as const;

export const staffRoutePatterns = {
  staffSignIn: "/staff/sign-in",
  staffSignOut: "/staff/sign-out",
  staffConsole: "/staff",
  staffGrievance: "grievances/:id",
  stats: "/stats",
} as const;
