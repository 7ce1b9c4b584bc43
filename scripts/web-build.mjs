// When the web app's build in dist/web is older than its sources, and the build itself. `npm start` (start.mjs)
// builds when it is; so does the end-to-end run once before its portals start (tests/e2e/support/global-setup.ts),
// so that no two portals starting at once ever build into the same dist/web.
// Plain JavaScript, like start.mjs, which imports it before any TypeScript is loaded.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** What the build is made from, relative to the checkout; one missing counts as never changed. */
const webSources = ["src/web", "src/shared", "vite.config.ts", "package-lock.json"];

function newestChange(entry) {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

/** True when dist/web is missing or older than one of its sources (a folder's own time counts: a file removed). */
export function webBuildIsStale(root) {
  const builtAt = fs.statSync(path.join(root, "dist/web/index.html"), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  return builtAt < Math.max(...webSources.map((source) => newestChange(path.join(root, source))));
}

/** Builds the web app into dist/web with this Node; returns the build's exit status. */
export function buildWebApp(root) {
  const build = spawnSync(
    process.execPath,
    [path.join(root, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"],
    { cwd: root, stdio: "inherit" },
  );
  return build.status ?? 1;
}
