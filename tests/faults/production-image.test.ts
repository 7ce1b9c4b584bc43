import { execFile, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  effectiveInstructions,
  execForm,
  finalStage,
  instructionsOf,
  parseCopy,
  parseEnv,
  readDockerfile,
  root,
  workdirOf,
  type Stage,
} from "../support/dockerfile.ts";
import { eventually } from "../support/portal-process.ts";

/**
 * The image's last stage replayed without a container engine: a folder gets exactly what the Dockerfile's COPY lines
 * put in /app (production dependencies installed by the prod-deps stage's own command, the web app as the build
 * stage's `npm run build` makes it), then the image's CMD runs there with the image's ENV, is probed with the
 * image's HEALTHCHECK command and stopped with its STOPSIGNAL. What is not replayed: the base image's Debian and the
 * node user (files here belong to whoever runs the test).
 */

const run = promisify(execFile);
const { stages } = readDockerfile();
const runtime = finalStage(stages);
const runtimeInstructions = effectiveInstructions(stages, runtime);
const imageEnv = parseEnv(runtimeInstructions);
const workdir = workdirOf(runtimeInstructions);

let scratch: string;
let app: string;

beforeAll(async () => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), "production-image-"));
  app = path.join(scratch, "app");
  fs.mkdirSync(app);
  // In the Dockerfile's order: start.mjs compares the built app's time with its sources', as the image's files have.
  for (const copy of instructionsOf(runtime.instructions, "COPY").map(parseCopy)) {
    const target = path.join(app, path.posix.relative(workdir, path.posix.resolve(workdir, copy.destination)));
    for (const source of copy.sources) {
      const from = copy.from === undefined ? path.join(root, source) : await stageOutput(stageNamed(copy.from), source);
      const to = copy.destination.endsWith("/") ? path.join(target, path.basename(source)) : target;
      fs.cpSync(from, to, { recursive: true });
    }
  }
}, 300_000);

afterAll(() => {
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

describe("the image's last stage, replayed as a process", () => {
  it("starts with the image's CMD and ENV, answers its HEALTHCHECK, serves the web app, and stops on SIGTERM with 0", async () => {
    const dataDir = path.join(scratch, "data");
    const port = await freePort();
    const env = { ...imageEnv, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: "warn", PATH: pathWithThisNode() };
    const before = listFiles(app);
    const [command, ...args] = execForm(instructionsOf(runtimeInstructions, "CMD").at(-1)?.args ?? "") ?? [];
    expect(command).toBe("node");
    const portal = spawn(process.execPath, args, { cwd: app, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    portal.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    portal.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => portal.once("exit", (code) => resolve(code)));
    try {
      const healthcheck = execForm(instructionsOf(runtimeInstructions, "HEALTHCHECK").at(-1)?.args ?? "") ?? [];
      const healthy = () =>
        run(process.execPath, healthcheck.slice(1), { env }).then(
          () => true,
          () => false,
        );
      expect(await eventually(healthy, 90_000), output).toBe(true);
      expect(output).not.toContain("Building the web app");

      const page = await fetch(`http://127.0.0.1:${port}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
    } finally {
      const stopSignal = instructionsOf(runtimeInstructions, "STOPSIGNAL").at(-1)?.args as NodeJS.Signals;
      portal.kill(stopSignal);
    }
    const code = await Promise.race([
      exited,
      new Promise((resolve) => setTimeout(() => resolve("still running"), 15_000)),
    ]);
    if (code === "still running") portal.kill("SIGKILL");
    expect(code, output).toBe(0);
    // The portal wrote only its data folder: the image's files stay as they were (in the image they are root's).
    expect(listFiles(app)).toEqual(before);
    expect(fs.readdirSync(dataDir).length).toBeGreaterThan(0);
  }, 180_000);
});

function stageNamed(name: string): Stage {
  const stage = stages.find((candidate) => candidate.name === name);
  if (!stage) throw new Error(`COPY --from=${name}: no such stage`);
  return stage;
}

/**
 * What a stage leaves at `source`. prod-deps: its own RUN (npm ci --omit=dev ...) on the files it COPYs, here with
 * --prefer-offline (npm's cache). build: the repository's dist/web, which `npm run build` (the build stage's RUN,
 * also run by CI before the end-to-end tests) made; built here when missing.
 */
async function stageOutput(stage: Stage, source: string): Promise<string> {
  const stageWorkdir = workdirOf(effectiveInstructions(stages, stage));
  const relative = path.posix.relative(stageWorkdir, source);
  const runs = instructionsOf(stage.instructions, "RUN").map((instruction) => instruction.args);
  if (runs.includes("npm run build")) {
    if (!fs.existsSync(path.join(root, relative, "index.html")))
      await run("npm", ["run", "build"], { cwd: root, env: { ...process.env, PATH: pathWithThisNode() } });
    return path.join(root, relative);
  }
  const install = runs.find((command) => command.startsWith("npm ci --omit=dev"));
  if (!install) throw new Error(`Stage ${stage.name} is neither the build nor the production install`);
  const folder = path.join(scratch, stage.name as string);
  fs.mkdirSync(folder);
  for (const copy of instructionsOf(stage.instructions, "COPY").map(parseCopy)) {
    for (const file of copy.sources)
      fs.cpSync(path.join(root, file), path.join(folder, path.basename(file)), { recursive: true });
  }
  const [npm, ...npmArgs] = `${install} --prefer-offline`.split(" ");
  await run(npm as string, npmArgs, {
    cwd: folder,
    env: { ...process.env, PATH: pathWithThisNode() },
    timeout: 240_000,
  });
  return path.join(folder, relative);
}

function pathWithThisNode(): string {
  return `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ""}`;
}

function listFiles(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[]).sort();
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
