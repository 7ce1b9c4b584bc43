import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/** What the end-to-end tests need of a running portal. */
export interface RunningPortal {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

export interface PortalProcess extends RunningPortal {
  port: number;
  /** The process that runs scripts/start.mjs and then the server (the same process: start.mjs imports it). */
  pid: number;
  /** npm's pid when started with `npm start`. */
  npmPid: number | undefined;
  /** The process this helper spawned (npm, or the server itself) has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Sends a signal to the server process only. */
  signalServer(signal: NodeJS.Signals): void;
  /** Sends a signal to every process of its group, as Ctrl-C in a terminal does (needs `ownProcessGroup`). */
  signalGroup(signal: NodeJS.Signals): void;
  /** Sends a signal to npm only, as a container runtime does to the container's main process. */
  signalNpm(signal: NodeJS.Signals): void;
  /** SIGKILL, no questions asked: the server (and npm). */
  kill(): void;
}

export interface PortalStartOptions {
  env?: Record<string, string>;
  /** A data folder to (re)use; by default a fresh one. */
  dataDir?: string;
  /** Start with `npm start` (npm runs the script) rather than `node scripts/start.mjs`. */
  viaNpm?: boolean;
  /** A process group of its own, like a job started in a terminal, so that the group can be signalled. */
  ownProcessGroup?: boolean;
}

const root = path.resolve(import.meta.dirname, "../..");
const START_TIMEOUT_MS = 90_000;

/**
 * Starts the portal exactly as `npm start` does (scripts/start.mjs), on a free port and a fresh data folder,
 * and resolves once it prints its URL. Kept for the end-to-end tests.
 */
export async function startPortal(env: Record<string, string> = {}, dataDir?: string): Promise<RunningPortal> {
  return spawnPortal({ env, ...(dataDir && { dataDir }) });
}

/** Starts the portal as `npm start` does and resolves once it serves, with handles to signal and watch it. */
export async function spawnPortal(options: PortalStartOptions = {}): Promise<PortalProcess> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "portal-process-"));
  const [command, args]: [string, string[]] = options.viaNpm
    ? ["npm", ["start", "--silent"]]
    : [process.execPath, ["--max-semi-space-size=4", path.join(root, "scripts/start.mjs")]];
  const { child, log } = await withStartLock(async () => {
    // A port chosen here (under the start lock), not PORT=0: the portal's address is then known before it starts, and
    // a portal that sends e-mail must be given it as PUBLIC_URL (links in e-mail come from configuration only).
    const port = options.env?.PORT ?? String(await unusedPort());
    const env = {
      ...process.env,
      // npm and the script's `node` must be the Node that runs these tests.
      PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ""}`,
      PORT: port,
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...(options.env?.SMTP_URL && !options.env.PUBLIC_URL && { PUBLIC_URL: `http://localhost:${port}` }),
      ...options.env,
    };
    const started = spawn(command, args, {
      cwd: root,
      env,
      stdio: ["ignore", "pipe", "pipe"],
      detached: options.ownProcessGroup ?? false,
    });
    const log = collectOutput(started);
    await waitForUrl(started, log, options.ownProcessGroup ?? false);
    return { child: started, log };
  });
  const output = () => log.text;
  const url = URL_PATTERN.exec(log.text)?.[1]?.replace(/\/$/, "") as string;
  const port = Number(new URL(url).port);
  const childPid = child.pid as number;
  const pid = options.viaNpm ? serverPidUnder(childPid) : childPid;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null)
      resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once("exit", (code, signal) => resolve({ code, signal }));
  });

  const send = (target: number, signal: NodeJS.Signals) => {
    try {
      process.kill(target, signal);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ESRCH") throw error;
    }
  };
  return {
    url,
    port,
    dataDir,
    pid,
    npmPid: options.viaNpm ? childPid : undefined,
    exited,
    output,
    signalServer: (signal) => send(pid, signal),
    signalGroup: (signal) => {
      if (!options.ownProcessGroup) throw new Error("signalGroup needs ownProcessGroup: true");
      send(-childPid, signal);
    },
    signalNpm: (signal) => {
      if (!options.viaNpm) throw new Error("signalNpm needs viaNpm: true");
      send(childPid, signal);
    },
    kill: () => {
      send(pid, "SIGKILL");
      if (options.viaNpm) send(childPid, "SIGKILL");
    },
    stop: async () => {
      send(childPid, "SIGTERM");
      await exited;
    },
  };
}

const URL_PATTERN = /Portal running at (http:\/\/\S+)/;

function collectOutput(child: ChildProcess): { text: string } {
  const log = { text: "" };
  const append = (chunk: Buffer) => (log.text += chunk.toString());
  child.stdout?.on("data", append);
  child.stderr?.on("data", append);
  return log;
}

function waitForUrl(child: ChildProcess, log: { text: string }, ownProcessGroup: boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      clearTimeout(timer);
      child.stdout?.off("data", onData);
      child.off("exit", onExit);
      if (error) reject(error);
      else resolve();
    };
    // Listeners run in order: collectOutput's has already appended this chunk.
    const onData = () => {
      if (URL_PATTERN.test(log.text)) done();
    };
    const onExit = (code: number | null) =>
      done(new Error(`The portal exited with code ${code} before it started:\n${log.text}`));
    const timer = setTimeout(() => {
      process.kill(ownProcessGroup ? -(child.pid as number) : (child.pid as number), "SIGKILL");
      done(new Error(`The portal did not start in time:\n${log.text}`));
    }, START_TIMEOUT_MS);
    child.stdout?.on("data", onData);
    child.on("exit", onExit);
  });
}

/** The pid of the one child of `parent` (npm runs the start script with `exec`, so that child is the server). */
function serverPidUnder(parent: number): number {
  const children = childPids(parent);
  if (children.length !== 1) throw new Error(`Expected one process under npm (${parent}), found ${children.length}`);
  return children[0] as number;
}

function childPids(parent: number): number[] {
  return procPids().filter((pid) => {
    try {
      // Fields after the command name (which may hold spaces) are: state, ppid, ...
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === parent;
    } catch {
      return false;
    }
  });
}

function procPids(): number[] {
  return fs
    .readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map(Number);
}

/** Live processes whose environment names this data folder: what a stopped portal must not leave behind. */
export function processesUsing(dataDir: string): number[] {
  const marker = `\0DATA_DIR=${dataDir}\0`;
  return procPids().filter((pid) => {
    try {
      return `\0${fs.readFileSync(`/proc/${pid}/environ`, "utf8")}`.includes(marker);
    } catch {
      return false; // gone meanwhile, or a zombie
    }
  });
}

/** True when nothing listens on the port any more (we can listen on it ourselves). */
/** A port nothing listens on now, on the loopback address. */
function unusedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/** Waits for `check` to hold, polling; false if it still does not after `limitMs`. */
export async function eventually(check: () => boolean | Promise<boolean>, limitMs: number): Promise<boolean> {
  const end = Date.now() + limitMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > end) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Runs `start` while holding a lock shared by every test process of this checkout, so that only one portal at a
 * time may be building the web app. A lock left by a killed test run is taken over after two start timeouts.
 */
async function withStartLock<T>(start: () => Promise<T>): Promise<T> {
  const lock = path.join(os.tmpdir(), `portal-start-${Buffer.from(root).toString("hex").slice(-32)}.lock`);
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 2 * START_TIMEOUT_MS) fs.rmSync(lock, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await start();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}
