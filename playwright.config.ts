import fs from "node:fs";
import os from "node:os";
import { defineConfig } from "@playwright/test";

// Playwright cannot download its own browser here: it drives the system Chromium.
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
if (!fs.existsSync(chromePath)) {
  throw new Error(
    `No Chromium found at ${chromePath}. Install it with "apt-get install -y chromium" ` +
      "(Debian/Ubuntu), or set CHROME_PATH to a Chromium or Chrome executable.",
  );
}

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/support/global-setup.ts",
  // Each worker starts its own portal (tests/e2e/support): one worker a core (two here and in CI), at least two.
  workers: Math.max(2, os.availableParallelism()),
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    browserName: "chromium",
    launchOptions: {
      executablePath: chromePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
    // The offline app shell's service worker would answer the specs' navigations from its cache and run requests
    // that page.route() does not see: only offline.spec.ts, which is about it, lets it run.
    serviceWorkers: "block",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
});
