// The end-to-end tests start the portal as `npm start` does; the fault tests share the same helper.
export { startPortal, type RunningPortal } from "../../support/portal-process.ts";
