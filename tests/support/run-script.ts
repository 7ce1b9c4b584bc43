import { spawn } from "node:child_process";
import path from "node:path";

export const REPOSITORY_ROOT = path.resolve(import.meta.dirname, "../..");

export interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs one of the operator's commands (`scripts/<name>.ts`) as `npm run` does, in a process of its own, with only
 * PATH and `env` in its environment (so nothing of the test runner's leaks in), and `stdin` as its input.
 */
export function runScript(script: string, args: string[], env: Record<string, string>, stdin = ""): Promise<ScriptRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(REPOSITORY_ROOT, script), ...args], {
      cwd: REPOSITORY_ROOT,
      env: { PATH: process.env.PATH, LOG_LEVEL: "silent", ...env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}
