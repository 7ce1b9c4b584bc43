// Shared with the server, which reads the list page's address the same way (shared/grievances/list-page-query.ts).
export { listQueryFromSearchParams } from "#shared/grievances/list-page-query.ts";
