// `npm start`: checks Node, builds the web app when its build is missing or older than its sources, then runs the
// server in this same process. No parent process stands between the server and a stop signal (Ctrl-C, SIGTERM
// from a container runtime or from npm), so the server itself receives it and shuts down gracefully.
// Plain JavaScript so that it runs, and can explain a Node that is too old, before any TypeScript is loaded.
import path from "node:path";
import { buildWebApp, webBuildIsStale } from "./web-build.mjs";

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
if (webBuildIsStale(root)) {
  console.log("Building the web app...");
  const status = buildWebApp(root);
  if (status !== 0) {
    console.error("The web app could not be built; see the messages above.");
    process.exit(status);
  }
}

await import("#server/main.ts");
