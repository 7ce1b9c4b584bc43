import { closeGracefully, watchLivenessProbes } from "./http/close-gracefully.ts";
import { closeOnSignals, reportStartupFailure, startPortal } from "./http/start-portal.ts";

try {
  const { app, db, url } = await startPortal();
  console.log(`Portal running at ${url}`);
  watchLivenessProbes(app);
  closeOnSignals(async () => {
    await closeGracefully(app);
    await db.close();
  });
} catch (error) {
  reportStartupFailure(error);
}
