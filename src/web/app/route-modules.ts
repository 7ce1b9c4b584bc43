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
// The console's route modules are loaded by its own route table (console-routes.tsx).
