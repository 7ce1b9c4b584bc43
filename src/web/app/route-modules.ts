import { loadConsoleTexts } from "../lib/i18n/i18n.ts";

// Every page is a chunk of its own, loaded when its route matches: the first visit downloads the layout and the
// one page it shows (the landing page's chunk is a few hundred bytes), not the form, the list or the console.
// A page may also start loading the next one it knows the visitor will see (routes/submit.tsx).
export const landing = () => import("./routes/landing.tsx");
export const landingLoader = () => import("./routes/landing.loader.ts");
export const submit = () => import("./routes/submit.tsx");
export const list = () => import("./routes/grievances.tsx");
export const listLoader = () => import("./routes/grievances.loader.ts");
export const details = () => import("./routes/grievance.tsx");
export const detailsLoader = () => import("./routes/grievance.loader.ts");
export const stats = () => import("../features/stats/stats-route.tsx");
export const track = () => import("../features/tracking/routes/track-route.tsx");
export const trackLoader = () => import("../features/tracking/routes/track-route.loader.ts");
export const incidents = () => import("../features/incidents/routes/incidents-route.tsx");
export const incident = () => import("../features/incidents/routes/incident-route.tsx");
export const myReports = () => import("../features/tracking/routes/my-reports-route.tsx");
// The console's texts are a chunk of their own per language, fetched beside the console's code: the router renders
// a route only once its module is in, so no console page (sign-in too) shows before its texts
// (docs/decisions/019-languages.md). Not a top-level await in those modules, which would split the entry.
const withConsoleTexts = <T>(module: Promise<T>) => Promise.all([module, loadConsoleTexts()]).then(([loaded]) => loaded);
export const staff = () => withConsoleTexts(import("./routes/staff.ts"));
export const admin = () => withConsoleTexts(import("./routes/admin.ts"));
export const staffIncidents = () => withConsoleTexts(import("./routes/staff-incidents.ts"));
