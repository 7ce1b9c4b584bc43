import path from "node:path";
import { buildWebApp, webBuildIsStale } from "../../../scripts/web-build.mjs";

/**
 * Builds the web app once, before any worker starts a portal, when its sources are newer than dist/web. Each portal
 * starts as `npm start` does, which would otherwise build it itself: two workers' portals building into one dist/web
 * at once leave it half made (a service worker whose files are gone, a page whose chunks are).
 */
export default function globalSetup(): void {
  const root = path.resolve(import.meta.dirname, "../../..");
  if (webBuildIsStale(root) && buildWebApp(root) !== 0) throw new Error("The web app could not be built.");
}
