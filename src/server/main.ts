import { closeGracefully, watchLivenessProbes } from "./http/close-gracefully.ts";
import { closeOnSignals, reportStartupFailure, startPortal } from "./http/start-portal.ts";

try {
  const { app, db, stopMaintenance, url } = await startPortal();
  console.log(`Portal running at ${url}`);
  watchLivenessProbes(app);
  closeOnSignals(async () => {
    await closeGracefully(app);
    await stopMaintenance();
    await db.close();
  });
} catch (error) {
  reportStartupFailure(error);
}
