import { execFile, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import {
  effectiveInstructions,
  finalStage,
  instructionsOf,
  parseCopy,
  parseEnv,
  readDockerfile,
  root,
} from "../support/dockerfile.ts";

/**
 * The container image, the compose stack and the VM examples, checked with what runs without a container engine:
 * dockerfile-utils (the Dockerfile linter of VS Code; hadolint's npm wrapper downloads the binary from GitHub, which
 * is out of reach here), the Compose Specification's JSON schema, the portal's own configuration loader, and the
 * real `caddy adapt`, `nginx -t` and `systemd-analyze verify` (installed by .ci/run; a check is skipped, saying so,
 * only where its tool is missing).
 */
// This module holds what the container-*.test.ts files share.

export const run = promisify(execFile);
export const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");
export const packageJson = JSON.parse(read("package.json")) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
};
export const { text: dockerfileText, stages } = readDockerfile();
export const runtime = finalStage(stages);
export const runtimeInstructions = effectiveInstructions(stages, runtime);
export const imageEnv = parseEnv(runtimeInstructions);
export const runtimeCopies = instructionsOf(runtime.instructions, "COPY").map(parseCopy);

export function findTool(name: string, ...fallbacks: string[]): string | undefined {
  const found = spawnSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" }).stdout.trim();
  return found || fallbacks.find((candidate) => fs.existsSync(candidate));
}

export interface ComposeService {
  image?: string;
  build?: unknown;
  environment?: Record<string, string> | string[];
  ports?: string[];
  volumes?: string[];
  networks?: string[];
  depends_on?: unknown;
  healthcheck?: { test?: string[] };
  command?: unknown;
  stop_grace_period?: string;
}
export interface ComposeFile {
  services: Record<string, ComposeService>;
}

export function parseEnvFile(text: string): Record<string, string> {
  return Object.fromEntries(
    text
      .split("\n")
      .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
      .map((line) => {
        const at = line.indexOf("=");
        return [line.slice(0, at), line.slice(at + 1)];
      }),
  );
}

/** Every variable src/server/config.ts reads (the keys of its envSchema), and the two Node and glibc read. */
export function configVariables(): string[] {
  const source = read("src/server/config.ts");
  const schema = source.slice(
    source.search(/const envSchema = z\s*\.object\(\{/),
    source.search(/^ {2}\}\)\s*\.refine\(/m),
  );
  // And the groups of settings config.ts spreads into it from modules of their own (their `…EnvShape` objects).
  const groups = ["src/server/sms/sms-config.ts", "src/server/privacy/privacy-config.ts"].map(read).join("\n");
  return [...schema.matchAll(/^ {2,4}([A-Z][A-Z0-9_]*):/gm), ...groups.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)]
    .map((m) => m[1] as string)
    .concat(["NODE_ENV", "MALLOC_ARENA_MAX"]);
}
