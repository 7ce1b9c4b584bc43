// `npm start`: checks Node, builds the web app when its build is missing or older than its sources, then runs the
// server in this same process. No parent process stands between the server and a stop signal (Ctrl-C, SIGTERM
// from a container runtime or from npm), so the server itself receives it and shuts down gracefully.
// Plain JavaScript so that it runs, and can explain a Node that is too old, before any TypeScript is loaded.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

// The server's TypeScript runs through Node's own type stripping, on by default from Node 22.18 and 23.6.
if (!process.features.typescript) {
  const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
  const tooOld = major < 22 || (major === 22 && minor < 18) || (major === 23 && minor < 6);
  console.error(
    tooOld
      ? `The portal needs Node.js 22.18 or newer (we test on 24 LTS); this is Node.js ${process.version}.\n` +
          'See "Quick start" in README.md for how to get Node.js 24.'
      : `The portal runs its TypeScript through Node's type stripping, which is turned off here ` +
          `(--no-experimental-strip-types in NODE_OPTIONS?).`,
  );
  process.exit(1);
}

const root = path.resolve(import.meta.dirname, "..");
const builtIndex = path.join(root, "dist/web/index.html");
const webSources = ["src/web", "src/shared", "vite.config.ts", "package-lock.json"].map((p) => path.join(root, p));

function newestChange(entry) {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

const builtAt = fs.statSync(builtIndex, { throwIfNoEntry: false })?.mtimeMs ?? 0;
if (builtAt < Math.max(...webSources.map(newestChange))) {
  console.log("Building the web app...");
  const build = spawnSync(
    process.execPath,
    [path.join(root, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"],
    {
      cwd: root,
      stdio: "inherit",
    },
  );
  if (build.status !== 0) {
    console.error("The web app could not be built; see the messages above.");
    process.exit(build.status ?? 1);
  }
}

await import("#server/main.ts");
