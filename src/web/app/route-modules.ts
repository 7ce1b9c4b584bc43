// Every page is a chunk of its own, loaded when its route matches: the first visit downloads the layout and the
// one page it shows (the landing page's chunk is a few hundred bytes), not the form, the list or the console.
// A page may also start loading the next one it knows the visitor will see (routes/submit.tsx).
export const landing = () => import("../features/grievances/routes/landing-route.tsx");
export const landingLoader = () => import("../features/grievances/routes/landing-route.loader.ts");
export const submit = () => import("../features/grievances/routes/submit-route.tsx");
export const list = () => import("../features/grievances/routes/grievances-route.tsx");
export const listLoader = () => import("../features/grievances/routes/grievances-route.loader.ts");
export const details = () => import("../features/grievances/routes/grievance-route.tsx");
export const detailsLoader = () => import("../features/grievances/routes/grievance-route.loader.ts");
export const stats = () => import("../features/progress/routes/stats-route.tsx");
export const track = () => import("../features/tracking/routes/track-route.tsx");
export const trackLoader = () => import("../features/tracking/routes/track-route.loader.ts");
export const incidents = () => import("../features/incidents/routes/incidents-route.tsx");
export const incident = () => import("../features/incidents/routes/incident-route.tsx");
export const myReports = () => import("../features/tracking/routes/my-reports-route.tsx");
// The console's route modules are loaded by its own route table (console-routes.tsx).
