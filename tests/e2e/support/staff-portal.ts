import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "@playwright/test";

const root = path.resolve(import.meta.dirname, "../../..");

/**
 * A fresh data folder holding one staff account, created by the staff CLI as an operator would, the password piped
 * on stdin (the CLI reads one line when not on a terminal). It must exist before a portal opens the folder: the
 * embedded database allows one process at a time, so specs that need staff run a portal of their own on it.
 */
export function dataDirWithStaff(prefix: string, email: string, password: string): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const cli = spawnSync(process.execPath, ["scripts/staff.ts", "add", email], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    input: `${password}\n`,
    encoding: "utf8",
    timeout: 60_000,
  });
  expect(cli.status, `${cli.stdout}\n${cli.stderr}`).toBe(0);
  return dataDir;
}
