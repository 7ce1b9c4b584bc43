// Shared with the server, which reads the list page's address the same way (shared/list-page-query.ts).
export { listQueryFromSearchParams } from "../../../shared/list-page-query.ts";
