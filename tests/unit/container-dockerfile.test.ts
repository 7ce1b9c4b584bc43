import http from "node:http";
import type { AddressInfo } from "node:net";
import { validate, ValidationSeverity, type ValidatorSettings } from "dockerfile-utils";
import { describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";
import { execForm, instructionsOf, type Stage } from "../support/dockerfile.ts";
import {
  run,
  read,
  packageJson,
  dockerfileText,
  stages,
  runtime,
  runtimeInstructions,
  imageEnv,
  runtimeCopies,
} from "./container-files-support.ts";

// The Dockerfile's instructions (container-files-support.ts says how these files are checked).

describe("Dockerfile", () => {
  it("has no finding from dockerfile-utils, with every rule at error severity", () => {
    const everyRule = Object.fromEntries(
      [
        "deprecatedMaintainer",
        "directiveCasing",
        "emptyContinuationLine",
        "instructionCasing",
        "instructionCmdMultiple",
        "instructionEntrypointMultiple",
        "instructionHealthcheckMultiple",
        "instructionJSONInSingleQuotes",
        "instructionWorkdirRelative",
      ].map((rule) => [rule, ValidationSeverity.ERROR]),
    ) as ValidatorSettings;
    const findings = validate(dockerfileText, everyRule).map((d) => `line ${d.range.start.line + 1}: ${d.message}`);
    expect(findings).toEqual([]);
  });

  it("builds in stages from Node 24 and runs on its slim image", () => {
    expect(stages.length).toBeGreaterThanOrEqual(3);
    const stageNames = new Set(stages.map((stage) => stage.name));
    for (const stage of stages) {
      // Either a stage of this file or the Node 24 image, with the minor pinned.
      if (!stageNames.has(stage.from)) expect(stage.from).toMatch(/^node:24\.\d+-bookworm-slim$/);
    }
    expect(baseImage(runtime)).toMatch(/^node:24\.\d+-[a-z]+-slim$/);
  });

  it("runs as the node user, who owns only DATA_DIR, a volume", () => {
    const user = instructionsOf(runtimeInstructions, "USER").at(-1)?.args;
    expect(user).toBe("node");
    expect(imageEnv.DATA_DIR).toBe("/var/lib/portal");
    const runs = instructionsOf(runtimeInstructions, "RUN").map((r) => r.args);
    expect(runs).toContain(`mkdir -p ${imageEnv.DATA_DIR} && chown node:node ${imageEnv.DATA_DIR}`);
    expect(instructionsOf(runtimeInstructions, "VOLUME").map((v) => v.args)).toEqual([imageEnv.DATA_DIR]);
    // Nothing else is handed to the node user: the code and the built web app stay read-only to the portal.
    expect(runtimeCopies.filter((copy) => copy.flags.chown !== undefined)).toEqual([]);
  });

  it("sets what a container needs: every interface, port 3000, production, the memory setting npm start uses", () => {
    expect(imageEnv).toMatchObject({ NODE_ENV: "production", HOST: "0.0.0.0", PORT: "3000" });
    expect(instructionsOf(runtimeInstructions, "EXPOSE").map((e) => e.args)).toEqual([imageEnv.PORT]);
    // `npm start` sets MALLOC_ARENA_MAX=${MALLOC_ARENA_MAX:-2}; the image starts start.mjs itself, so it sets it.
    const startDefault = /MALLOC_ARENA_MAX=\$\{MALLOC_ARENA_MAX:-(\d+)\}/.exec(packageJson.scripts.start ?? "")?.[1];
    expect(imageEnv.MALLOC_ARENA_MAX).toBe(startDefault);
    const config = loadConfig(imageEnv);
    expect(config).toMatchObject({ host: "0.0.0.0", port: 3000, dataDir: "/var/lib/portal" });
  });

  it("starts the portal with the command npm start and the end-to-end and fault tests run, in exec form", () => {
    const cmd = execForm(instructionsOf(runtimeInstructions, "CMD").at(-1)?.args ?? "");
    expect(cmd).toEqual(["node", "--max-semi-space-size=4", "scripts/start.mjs"]);
    expect(instructionsOf(runtimeInstructions, "ENTRYPOINT")).toEqual([]);
    // npm start: `... exec node --max-semi-space-size=4 scripts/start.mjs` (V8's young generation kept small,
    // docs/operating.md, "Memory"); tests/support/portal-process.ts: process.execPath, the same flag, that script.
    expect(packageJson.scripts.start).toMatch(/exec node --max-semi-space-size=4 scripts\/start\.mjs$/);
    expect(read("tests/support/portal-process.ts")).toContain(
      '[process.execPath, ["--max-semi-space-size=4", path.join(root, "scripts/start.mjs")]]',
    );
    expect(instructionsOf(runtimeInstructions, "STOPSIGNAL").map((s) => s.args)).toEqual(["SIGTERM"]);
  });

  it("HEALTHCHECK asks for readiness and fails on a 503 or no answer (its command, run here)", async () => {
    const healthcheck = instructionsOf(runtimeInstructions, "HEALTHCHECK").at(-1)?.args ?? "";
    const command = execForm(healthcheck);
    expect(command?.[0]).toBe("node");
    expect(healthcheck).toMatch(/--start-period=\d+s/);
    let status = 200;
    const asked: string[] = [];
    const server = http.createServer((request, response) => {
      asked.push(request.url ?? "");
      response.writeHead(status).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    const probe = () =>
      run(process.execPath, (command as string[]).slice(1), { env: { ...process.env, PORT: String(port) } }).then(
        () => 0,
        (error: { code?: number }) => error.code ?? -1,
      );
    try {
      expect(await probe()).toBe(0);
      status = 503;
      expect(await probe()).toBe(1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(await probe()).toBe(1);
    expect(asked).toEqual(["/api/health/ready", "/api/health/ready"]);
  });

  it("runs only npm commands CI runs too, or CI's npm ci with --omit=dev (production dependencies)", () => {
    const ciCommands = ciNpmCommands();
    const ciInstall = [...ciCommands].find((command) => command.startsWith("npm ci"));
    expect(ciInstall).toBe("npm ci --no-audit --no-fund");
    // Setting up the data folder is the one thing the image does that CI has no need to.
    const folderSetup = [`mkdir -p ${imageEnv.DATA_DIR}`, `chown node:node ${imageEnv.DATA_DIR}`];
    const npmRuns: string[] = [];
    for (const stage of stages) {
      for (const instruction of instructionsOf(stage.instructions, "RUN")) {
        for (const command of instruction.args.split("&&").map((part) => part.trim().replace(/\s+/g, " "))) {
          if (folderSetup.includes(command)) continue;
          expect(command, `RUN on line ${instruction.line}`).toMatch(/^npm /);
          npmRuns.push(command);
          const withoutOmitDev = command.replace(/ --omit=dev(?= |$)/, "");
          const allowed = ciCommands.has(command) || (command !== withoutOmitDev && withoutOmitDev === ciInstall);
          expect(
            allowed,
            `"${command}" (line ${instruction.line}) is not among CI's: ${[...ciCommands].join(", ")}`,
          ).toBe(true);
        }
      }
    }
    expect(npmRuns).toEqual(["npm ci --no-audit --no-fund", "npm run build", "npm ci --omit=dev --no-audit --no-fund"]);
    // The runtime takes its node_modules from the stage that installed production dependencies only.
    const modules = runtimeCopies.find((copy) => copy.sources.some((source) => source.endsWith("/node_modules")));
    const prodStage = stages.find((stage) => stage.name === modules?.from);
    expect(instructionsOf(prodStage?.instructions ?? [], "RUN").map((r) => r.args)).toEqual([
      "npm ci --omit=dev --no-audit --no-fund",
    ]);
  });
});

// --- Dockerfile helpers ---

function baseImage(stage: Stage): string {
  const parent = stages.find((candidate) => candidate.name === stage.from);
  return parent ? baseImage(parent) : stage.from;
}

/**
 * The npm commands CI runs: those written in .ci/run, and those the package.json scripts they start run in turn
 * (npm test → npm run test:unit, npm run test:e2e → npm run build ...).
 */
function ciNpmCommands(): Set<string> {
  const found = new Set<string>();
  const visit = (command: string) => {
    if (found.has(command)) return;
    found.add(command);
    const script = /^npm (?:run )?([\w:-]+)$/.exec(command)?.[1];
    const body = script && script !== "ci" ? packageJson.scripts[script] : undefined;
    for (const part of body?.split("&&") ?? []) {
      const inner = part.trim();
      if (inner.startsWith("npm ")) visit(inner);
    }
  };
  for (const line of read(".ci/run").split("\n")) {
    if (/^\s*npm /.test(line)) visit(line.trim());
  }
  return found;
}
