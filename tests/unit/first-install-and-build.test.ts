import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { REPOSITORY_ROOT } from "../support/run-script.ts";

// A newcomer's first `npm install` and `npm start` print nothing to worry about: every install script is either
// allowed or denied in package.json, and the build that the first start runs warns about nothing.
const run = promisify(execFile);

describe("a newcomer's first install and build", { timeout: 180_000 }, () => {
  const outDir = path.join(os.tmpdir(), `portal-build-${process.pid}`);
  afterAll(() => fs.rm(outDir, { recursive: true, force: true }));

  it("leaves no dependency's install script unreviewed (package.json allowScripts)", async () => {
    const { stdout } = await run("npm", ["install-scripts", "ls"], { cwd: REPOSITORY_ROOT });
    expect(stdout).toContain("No packages with unreviewed install scripts.");
  });

  it("builds the web app without a single warning", async () => {
    // As `npm start` builds it, in a process of its own (Vite prints warnings, its own and Rollup's, on stderr).
    const vite = path.join(REPOSITORY_ROOT, "node_modules/vite/bin/vite.js");
    const { stderr } = await run(process.execPath, [vite, "build", "--outDir", outDir, "--emptyOutDir"], {
      cwd: REPOSITORY_ROOT,
      env: { PATH: process.env.PATH },
    });
    expect(stderr).toBe("");
  });
});
