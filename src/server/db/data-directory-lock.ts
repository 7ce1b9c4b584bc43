import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export class DataDirectoryInUseError extends Error {}

// The holder touches its lock file every third of this. A lock untouched this long is abandoned even when its
// process cannot be checked (it ran on another machine sharing the folder).
const STALE_MS = 15_000;

interface LockOwner {
  pid: number;
  hostname: string;
  /** Tells this lock apart from an earlier one of a process that had the same pid (a restarted container). */
  token: string;
}

// Locks this process holds, by token: a second open of the same folder in this process must still be refused.
const heldTokens = new Set<string>();

/**
 * Locks a folder for this process: PGlite does not lock its data directory itself, and two processes writing one
 * directory corrupt it. The lock is a file created exclusively (so creating it and naming its owner are one step)
 * holding the owner's pid and host name. A lock whose process is gone from this host (killed, crashed, machine
 * restarted) is taken over at once instead of waiting for it to go stale. Resolves to the function that releases it.
 */
export async function lockDataDirectory(dir: string): Promise<() => Promise<void>> {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, ".lock");
  const owner: LockOwner = { pid: process.pid, hostname: os.hostname(), token: randomUUID() };

  if (!tryCreate(lockPath, owner)) {
    const current = readLock(lockPath);
    if (!current || !isAbandoned(current) || !takeOver(lockPath, current.owner) || !tryCreate(lockPath, owner)) {
      throw inUseError(dir, current?.owner);
    }
  }
  heldTokens.add(owner.token);

  const refresh = setInterval(() => touch(lockPath, owner), STALE_MS / 3);
  refresh.unref();
  return async () => {
    clearInterval(refresh);
    heldTokens.delete(owner.token);
    if (readLock(lockPath)?.owner?.token === owner.token) fs.rmSync(lockPath, { force: true });
  };
}

function tryCreate(lockPath: string, owner: LockOwner): boolean {
  let fd: number;
  try {
    fd = fs.openSync(lockPath, "wx");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  try {
    fs.writeSync(fd, JSON.stringify(owner));
  } catch (error) {
    // A lock naming nobody would keep the folder for STALE_MS.
    fs.rmSync(lockPath, { force: true });
    throw error;
  } finally {
    fs.closeSync(fd);
  }
  return true;
}

/**
 * The lock's owner and age. The owner is undefined while its creator is still writing it, and for the folder that
 * portals before this one used as their lock (proper-lockfile): for those only the age tells whether they are stale.
 */
function readLock(lockPath: string): { owner: LockOwner | undefined; ageMs: number } | undefined {
  try {
    const stat = fs.statSync(lockPath);
    const ageMs = Date.now() - stat.mtimeMs;
    return { owner: stat.isFile() ? parseOwner(fs.readFileSync(lockPath, "utf8")) : undefined, ageMs };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

function parseOwner(text: string): LockOwner | undefined {
  try {
    const value = JSON.parse(text) as Partial<LockOwner>;
    if (typeof value.pid === "number" && typeof value.hostname === "string" && typeof value.token === "string") {
      return { pid: value.pid, hostname: value.hostname, token: value.token };
    }
  } catch {
    // Empty or cut short: its creator is writing it, or was killed while doing so; its age decides.
  }
  return undefined;
}

function isAbandoned({ owner, ageMs }: { owner: LockOwner | undefined; ageMs: number }): boolean {
  if (ageMs > STALE_MS) return true;
  if (!owner || owner.hostname !== os.hostname()) return false;
  if (owner.pid === process.pid) return !heldTokens.has(owner.token);
  return !isRunning(owner.pid);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code !== "ESRCH";
  }
}

/**
 * Removes an abandoned lock, safely against another process doing the same at the same moment: the lock is first
 * moved aside (only one mover can get it) and removed only if it is still the abandoned one, else put back.
 */
function takeOver(lockPath: string, abandoned: LockOwner | undefined): boolean {
  const aside = `${lockPath}.${process.pid}.${randomUUID()}`;
  try {
    fs.renameSync(lockPath, aside);
  } catch (error) {
    // Another process took it over first; the caller's create then fails or succeeds on its own.
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return true;
    throw error;
  }
  const moved = readLock(aside);
  if (moved && moved.owner?.token !== abandoned?.token) {
    // A new holder's lock: give it back. Linking fails rather than overwrite when yet another lock appeared in the
    // meantime; that holder's next touch() notices and stops it.
    try {
      fs.linkSync(aside, lockPath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      fs.rmSync(aside, { force: true });
    }
    return false;
  }
  fs.rmSync(aside, { recursive: true, force: true });
  return true;
}

function touch(lockPath: string, owner: LockOwner): void {
  if (readLock(lockPath)?.owner?.token !== owner.token) {
    // Another process judged this one gone and took the folder over: two writers would corrupt the database.
    throw new Error(`The lock on ${path.dirname(lockPath)} was taken over by another process; stopping.`);
  }
  const now = new Date();
  fs.utimesSync(lockPath, now, now);
}

function inUseError(dir: string, owner: LockOwner | undefined): DataDirectoryInUseError {
  const who = owner
    ? ` (process ${owner.pid} on ${owner.hostname === os.hostname() ? "this machine" : owner.hostname})`
    : "";
  return new DataDirectoryInUseError(
    `The database folder ${dir} is already in use by another running portal${who}. ` +
      "Stop that process first, or set DATA_DIR to another folder." +
      (owner && owner.hostname === os.hostname()
        ? ""
        : ` If it stopped abruptly, its lock expires ${STALE_MS / 1000} seconds later.`),
  );
}
