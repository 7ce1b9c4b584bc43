import { closeOnSignals, reportStartupFailure, startPortal } from "./http/start-portal.ts";

try {
  const { app, db, url } = await startPortal();
  console.log(`Portal running at ${url}`);
  closeOnSignals(async () => {
    await app.close();
    await db.close();
  });
} catch (error) {
  reportStartupFailure(error);
}
