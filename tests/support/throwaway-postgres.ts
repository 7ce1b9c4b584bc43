import { execFile, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

/**
 * A PostgreSQL 15 server of a test's own: its data folder, port and socket folder in a temp folder, so tests may
 * stop, restart or freeze it without touching the shared cluster (port 5432) or each other.
 */
export interface ThrowawayPostgres {
  /** postgres://… on 127.0.0.1 and its own free port, to a database that exists, user with superuser rights */
  url: string;
  /** The same database over the server's Unix socket (`?host=<socket folder>`), as on a VM with systemd */
  socketUrl: string;
  port: number;
  stop(): Promise<void>; // pg_ctl stop -m fast
  start(): Promise<void>; // start again on the same port and data folder, resolves when it accepts connections
  freeze(): void; // SIGSTOP the postmaster and every backend of this instance
  thaw(): void; // SIGCONT them
  destroy(): Promise<void>; // stop and remove the folder (safe to call twice)
}

const BIN_DIR = "/usr/lib/postgresql/15/bin";
const RUNUSER = "/usr/sbin/runuser";
// initdb and postgres refuse to run as root; as root we run them as this OS user.
const OS_USER = "postgres";
const SUPERUSER = "postgres";
const START_TIMEOUT_SECONDS = 30;

const run = promisify(execFile);
const isRoot = () => process.getuid?.() === 0;

/** True when the PostgreSQL 15 binaries are installed (and, as root, there is a `postgres` user to run them). */
export function postgresAvailable(): boolean {
  if (process.platform !== "linux") return false;
  const binaries = ["initdb", "pg_ctl", "postgres"].every((name) => fs.existsSync(path.join(BIN_DIR, name)));
  if (!binaries) return false;
  return !isRoot() || (fs.existsSync(RUNUSER) && osUserIds(OS_USER) !== undefined);
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "throwaway-pg-"));
  const dataDir = path.join(root, "data");
  const socketDir = path.join(root, "socket");
  const logFile = path.join(root, "postgres.log");
  fs.mkdirSync(socketDir);
  if (isRoot()) {
    const ids = osUserIds(OS_USER);
    if (!ids) throw new Error(`There is no "${OS_USER}" user to run PostgreSQL as.`);
    for (const entry of [root, socketDir]) fs.chownSync(entry, ids.uid, ids.gid);
  }

  const inRoot = { cwd: root };
  let destroyed = false;
  let frozen: number[] = [];
  // A test that crashes must not leave a server running: stop it hard when this process exits.
  const onExit = () => {
    thaw();
    spawnSync(...asOsUser(path.join(BIN_DIR, "pg_ctl"), ["stop", "-D", dataDir, "-m", "immediate", "-w"]), {
      ...inRoot,
      stdio: "ignore",
    });
    fs.rmSync(root, { recursive: true, force: true });
  };
  process.once("exit", onExit);

  const pgCtl = (args: string[]) => run(...asOsUser(path.join(BIN_DIR, "pg_ctl"), ["-D", dataDir, ...args]), inRoot);

  let port = 0;
  const startOn = (on: number) =>
    pgCtl([
      "start",
      "-w",
      "-t",
      String(START_TIMEOUT_SECONDS),
      "-l",
      logFile,
      "-o",
      // Loopback and a socket folder of its own; durability is not worth its time in a throwaway server.
      `-c listen_addresses=127.0.0.1 -p ${on} -k ${socketDir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
    ]);

  function postmasterPid(): number | undefined {
    try {
      const pid = Number(fs.readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
      return Number.isInteger(pid) && pid > 0 ? pid : undefined;
    } catch {
      return undefined;
    }
  }

  function freeze(): void {
    const postmaster = postmasterPid();
    if (postmaster === undefined) throw new Error("The throwaway PostgreSQL is not running.");
    // The postmaster first, so it cannot fork a backend we would then miss.
    signal(postmaster, "SIGSTOP");
    const backends = childrenOf(postmaster);
    for (const pid of backends) signal(pid, "SIGSTOP");
    frozen = [...new Set([...frozen, postmaster, ...backends])];
  }

  function thaw(): void {
    for (const pid of frozen) signal(pid, "SIGCONT");
    frozen = [];
  }

  async function stop(): Promise<void> {
    // A stopped process cannot act on a shutdown request.
    thaw();
    if (postmasterPid() === undefined) return;
    await pgCtl(["stop", "-m", "fast", "-w", "-t", String(START_TIMEOUT_SECONDS)]);
  }

  try {
    await run(
      ...asOsUser(path.join(BIN_DIR, "initdb"), [
        "-D",
        dataDir,
        "-U",
        SUPERUSER,
        "-A",
        "trust",
        "-E",
        "UTF8",
        "--locale=C",
        "--no-sync",
      ]),
      inRoot,
    );
    // Another process may take the free port before the server binds it; then try another.
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      try {
        await startOn(port);
        break;
      } catch (error) {
        if (attempt >= 3) throw new Error(`PostgreSQL did not start:\n${readLog(logFile)}`, { cause: error });
      }
    }
  } catch (error) {
    process.removeListener("exit", onExit);
    onExit();
    throw error;
  }

  return {
    url: `postgres://${SUPERUSER}@127.0.0.1:${port}/postgres`,
    socketUrl: `postgres://${SUPERUSER}@/postgres?host=${socketDir}&port=${port}`,
    port,
    stop,
    async start() {
      if (destroyed) throw new Error("The throwaway PostgreSQL has been destroyed.");
      try {
        await startOn(port);
      } catch (error) {
        throw new Error(`PostgreSQL did not start again:\n${readLog(logFile)}`, { cause: error });
      }
    },
    freeze,
    thaw,
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      process.removeListener("exit", onExit);
      try {
        await stop();
      } catch {
        // Whatever state it is in, it must not outlive the test.
        onExit();
      }
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

function asOsUser(command: string, args: string[]): [string, string[]] {
  return isRoot() ? [RUNUSER, ["-u", OS_USER, "--", command, ...args]] : [command, args];
}

function osUserIds(name: string): { uid: number; gid: number } | undefined {
  const line = fs
    .readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${name}:`));
  const [, , uid, gid] = line?.split(":") ?? [];
  return uid && gid ? { uid: Number(uid), gid: Number(gid) } : undefined;
}

/** Processes whose parent is `pid`: every backend and auxiliary process of a postmaster. */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // The command name (in parentheses) may contain spaces; the fields after it are fixed: state, ppid, ...
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return children;
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // Already gone.
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function readLog(file: string): string {
  try {
    return fs.readFileSync(file, "utf8").slice(-4000);
  } catch {
    return "(no log)";
  }
}
