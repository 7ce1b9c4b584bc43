import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DataDirectoryInUseError, lockDataDirectory } from "#server/db/data-directory-lock.ts";

let dir: string;
let lockPath: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-lock-"));
  lockPath = path.join(dir, ".lock");
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const writeLock = (owner: { pid: number; hostname?: string; token?: string }) =>
  fs.writeFileSync(lockPath, JSON.stringify({ hostname: os.hostname(), token: "earlier", ...owner }));
const lockOwnerPid = () => (JSON.parse(fs.readFileSync(lockPath, "utf8")) as { pid: number }).pid;
const makeOld = () => fs.utimesSync(lockPath, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));

/** The pid of a process that has just exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
  return Number(child.stdout);
}

describe("data folder lock", () => {
  it("takes over at once a lock whose process is gone from this machine", async () => {
    writeLock({ pid: deadPid() });
    const release = await lockDataDirectory(dir);
    expect(lockOwnerPid()).toBe(process.pid);
    await release();
    expect(fs.existsSync(lockPath)).toBe(false);
  });

  it("takes over a lock naming this very pid when this process does not hold it (a restarted container)", async () => {
    writeLock({ pid: process.pid });
    const release = await lockDataDirectory(dir);
    await release();
  });

  it("refuses a folder locked by a running process, naming it", async () => {
    writeLock({ pid: process.ppid });
    const failure = await lockDataDirectory(dir).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DataDirectoryInUseError);
    expect((failure as Error).message).toMatch(
      /already in use by another running portal \(process \d+ on this machine\)/,
    );
    expect(lockOwnerPid()).toBe(process.ppid);
  });

  it("refuses a second lock in the process that holds it", async () => {
    const release = await lockDataDirectory(dir);
    await expect(lockDataDirectory(dir)).rejects.toBeInstanceOf(DataDirectoryInUseError);
    await release();
  });

  it("respects another machine's lock until it goes stale", async () => {
    writeLock({ pid: deadPid(), hostname: "another-machine" });
    await expect(lockDataDirectory(dir)).rejects.toThrow(/another-machine\).*expires 15 seconds later/);
    makeOld();
    const release = await lockDataDirectory(dir);
    expect(lockOwnerPid()).toBe(process.pid);
    await release();
  });

  it("respects the lock folder of an older portal until it goes stale", async () => {
    fs.mkdirSync(lockPath);
    await expect(lockDataDirectory(dir)).rejects.toBeInstanceOf(DataDirectoryInUseError);
    makeOld();
    const release = await lockDataDirectory(dir);
    expect(lockOwnerPid()).toBe(process.pid);
    await release();
  });

  it("does not remove a lock that another process has taken over meanwhile", async () => {
    const release = await lockDataDirectory(dir);
    writeLock({ pid: process.ppid, token: "someone else" });
    await release();
    expect(lockOwnerPid()).toBe(process.ppid);
  });
});
