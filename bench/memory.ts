/**
 * `npm run bench:memory`: the portal's memory as `npm start` runs it (docs/operating.md, "Memory").
 *
 * The portal is started with package.json's own start command, twice: on a fresh data folder (the embedded
 * database is created, initdb and every migration run) and again on the same folder, now an existing database
 * grown to BENCH_MEMORY_ROWS reports. Its /proc/PID/status gives VmRSS (resident now) and VmHWM (the highest
 * resident so far, kept by the kernel, so no peak between two readings is missed): when it first answers its
 * liveness probe, after BENCH_MEMORY_IDLE seconds of idleness, and after BENCH_MEMORY_LOAD seconds of list, search
 * and statistics requests. Nothing else shares the
 * process: these figures are what a VPS has to hold. With BENCH_DATABASE_URL, the same on PostgreSQL (that
 * database is dropped and created anew, as for npm run bench).
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { createBenchDatabase, type BenchDatabase } from "./bench-database.ts";
import { measureLoad } from "./load.ts";
import { growTo } from "./seed.ts";

const MB = 1024;
const root = path.resolve(import.meta.dirname, "..");
// The figures the portal is held to (docs/operating.md, "Memory").
const IDLE_TARGET_MB = 300;
const PEAK_TARGET_MB = 600;

interface Sample {
  rssKb: number;
  hwmKb: number;
}

interface Run {
  name: string;
  readySeconds: number;
  /** VmHWM when the liveness probe first answered. */
  readyPeak: Sample;
  /** After BENCH_MEMORY_IDLE seconds of idleness. */
  idle: Sample;
  loaded: Sample;
  requestsPerSecond: number;
}

const number = (name: string, fallback: number): number => {
  const text = process.env[name] ?? String(fallback);
  const value = Number(text);
  if (!/^\d+$/.test(text)) throw new Error(`${name}: "${text}" is not a whole number`);
  return value;
};

const settings = {
  idleSeconds: number("BENCH_MEMORY_IDLE", 20),
  loadSeconds: number("BENCH_MEMORY_LOAD", 10),
  rows: number("BENCH_MEMORY_ROWS", 1_000),
  connections: number("BENCH_CONNECTIONS", 10),
};

const database = await createBenchDatabase(process.env.BENCH_DATABASE_URL || undefined);
try {
  console.log(
    `Database: ${database.description}; ${settings.idleSeconds} s idle, ${settings.loadSeconds} s of load from ` +
      `${settings.connections} connections; load average ${loadAverage()}`,
  );
  const runs: Run[] = [];
  runs.push(await measureStart("fresh data folder", database));
  const db = await database.open();
  try {
    await growTo(db, settings.rows, () => undefined);
  } finally {
    await db.close();
  }
  runs.push(await measureStart(`existing database, ${settings.rows.toLocaleString("en")} reports`, database));
  console.log(`\n${table(runs)}\n`);
  console.log(
    `Targets: under ${IDLE_TARGET_MB} MB idle and ${PEAK_TARGET_MB} MB at the start-up peak (VmHWM when ready and ` +
      `after the idle time). Load average now ${loadAverage()}.`,
  );
} finally {
  await database.dispose(false);
}

/** Starts the portal as npm start does, samples it until ready, idle and loaded, and stops it. */
async function measureStart(name: string, bench: BenchDatabase): Promise<Run> {
  const port = await freePort();
  const portal = startPortal(bench.portalEnv, port);
  const base = `http://127.0.0.1:${port}`;
  const gone: Sample = { rssKb: 0, hwmKb: 0 };
  try {
    const started = performance.now();
    await waitUntilLive(base, portal);
    const readySeconds = (performance.now() - started) / 1000;
    const readyPeak = readStatus(portal.pid) ?? gone;
    await new Promise((resolve) => setTimeout(resolve, settings.idleSeconds * 1000));
    const idle = readStatus(portal.pid) ?? gone;
    const paths = ["/api/grievances", "/api/grievances?q=pipe", "/api/grievances?status=in-progress", "/api/stats"];
    const load = await measureLoad(base, paths, {
      connections: settings.connections,
      durationSeconds: settings.loadSeconds,
      warmupSeconds: 0,
    });
    const loaded = readStatus(portal.pid) ?? gone;
    const run = { name, readySeconds, readyPeak, idle, loaded, requestsPerSecond: load.requestsPerSecond };
    console.log(
      `${name}: ready after ${readySeconds.toFixed(1)} s (${mb(readyPeak.rssKb)} resident, peak ${mb(readyPeak.hwmKb)}); ` +
        `${mb(idle.rssKb)} after ${settings.idleSeconds} s idle (peak ${mb(idle.hwmKb)}); ${mb(loaded.rssKb)} after ` +
        `the load (peak ${mb(loaded.hwmKb)}, ${load.requestsPerSecond.toFixed(0)} req/s, ${load.failures} failed)`,
    );
    return run;
  } finally {
    await stopPortal(portal);
  }
}

/** package.json's start command, run by a shell as npm runs it: its `exec` makes the node process that shell's PID. */
function startPortal(env: Record<string, string>, port: number): ChildProcess & { pid: number } {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  const child = spawn("sh", ["-c", manifest.scripts.start!], {
    cwd: root,
    env: { ...process.env, ...env, HOST: "127.0.0.1", PORT: String(port), LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (child.pid === undefined) throw new Error("The portal could not be started.");
  return child as ChildProcess & { pid: number };
}

async function waitUntilLive(base: string, portal: ChildProcess): Promise<void> {
  for (;;) {
    if (portal.exitCode !== null)
      throw new Error(`The portal exited with code ${portal.exitCode} before it was ready.`);
    try {
      if ((await fetch(`${base}/api/health/live`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function stopPortal(portal: ChildProcess): Promise<void> {
  if (portal.exitCode !== null) return;
  const exited = new Promise((resolve) => portal.once("exit", resolve));
  portal.kill("SIGTERM");
  await exited;
}

function readStatus(pid: number): Sample | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const field = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? 0);
    return { rssKb: field("VmRSS"), hwmKb: field("VmHWM") };
  } catch {
    return undefined;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

function mb(kb: number): string {
  return `${(kb / MB).toFixed(0)} MB`;
}

function loadAverage(): string {
  return fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
}

function table(runs: Run[]): string {
  const header =
    "| start | ready after | RSS when ready | RSS idle | peak (VmHWM) idle | RSS after load | peak after load |";
  const rows = runs.map(
    (run) =>
      `| ${run.name} | ${run.readySeconds.toFixed(1)} s | ${mb(run.readyPeak.rssKb)} | ${mb(run.idle.rssKb)} | ` +
      `${mb(run.idle.hwmKb)} | ${mb(run.loaded.rssKb)} | ${mb(run.loaded.hwmKb)} |`,
  );
  return [header, "|---|---|---|---|---|---|---|", ...rows].join("\n");
}
