import path from "node:path";
import { createServer } from "vite";
import { closeGracefully } from "./http/close-gracefully.ts";
import { closeOnSignals, displayUrl, reportStartupFailure, startPortal } from "./http/start-portal.ts";

/**
 * Development: the API on its usual port, and Vite (with hot reload) on its own port, proxying /api and /media
 * to the API. Open the Vite URL.
 */
const VITE_PORT = Number(process.env.VITE_PORT ?? 5173);

try {
  const portal = await startPortal();
  const apiOrigin = `http://${portal.config.host === "0.0.0.0" ? "127.0.0.1" : portal.config.host}:${portal.config.port}`;
  const vite = await createServer({
    configFile: path.resolve(import.meta.dirname, "../../vite.config.ts"),
    server: {
      host: portal.config.host,
      port: VITE_PORT,
      strictPort: true,
      proxy: {
        "/api": { target: apiOrigin },
        "/media": { target: apiOrigin },
        // The pages behind the links in e-mail messages, rendered by the server (notifications/).
        "/follow/confirm": { target: apiOrigin },
        "/unsubscribe": { target: apiOrigin },
        "/alerts/confirm": { target: apiOrigin },
      },
    },
  });
  await vite.listen();
  console.log(`API running at ${portal.url}`);
  console.log(`Portal (dev) running at ${displayUrl(portal.config.host, VITE_PORT)}`);
  closeOnSignals(async () => {
    await vite.close();
    await closeGracefully(portal.app);
    await portal.db.close();
  });
} catch (error) {
  reportStartupFailure(error);
}
