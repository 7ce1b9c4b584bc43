import { registerPagePreload } from "../lib/page-preloads.ts";

// Every page is a chunk of its own, loaded when its route matches: the first visit downloads the layout and the
// one page it shows (the landing page's chunk is a few hundred bytes), not the form, the list or the console.
// A page may also start loading the next one it knows the visitor will see, by its name in lib/page-preloads.ts
// (pages/submit-page.tsx asks for the list), which this module fills in: the page need not import it. A page that
// shows other features' pieces is loaded through its composition in pages/ (one module per page, so that each
// stays a chunk of its own).
export const landing = () => import("./pages/landing-page.tsx");
export const landingLoader = () => import("../features/grievances/routes/landing-route.loader.ts");
export const submit = () => import("./pages/submit-page.tsx");
export const list = () => import("./pages/list-page.tsx");
export const listLoader = () => import("../features/grievances/routes/grievances-route.loader.ts");
registerPagePreload("list", () => Promise.all([list(), listLoader()]));
export const details = () => import("./pages/grievance-page.tsx");
export const detailsLoader = () => import("../features/grievances/routes/grievance-route.loader.ts");
export const stats = () => import("../features/progress/routes/stats-route.tsx");
export const track = () => import("./pages/track-page.tsx");
export const trackLoader = () => import("../features/tracking/routes/track-route.loader.ts");
export const incidents = () => import("../features/incidents/routes/incidents-route.tsx");
export const incident = () => import("../features/incidents/routes/incident-route.tsx");
export const myReports = () => import("../features/tracking/routes/my-reports-route.tsx");
export const accessibility = () => import("../features/about/routes/accessibility-route.tsx");
export const privacy = () => import("../features/privacy/routes/privacy-route.tsx");
export const field = () => import("../features/field/routes/field-route.tsx");
export const waterPoint = () => import("../features/water-points/routes/water-point-route.tsx");
// The console's route modules are loaded by its own route table (console-routes.tsx).
