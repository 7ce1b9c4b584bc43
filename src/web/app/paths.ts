// The path helpers live in lib/ so that features can link without importing from app/ (imports flow
// shared -> features -> app); app code imports them from here.
export { isConsolePath, paths, routeIds, routePatterns, listSearch, type ListQuery } from "../lib/paths.ts";
