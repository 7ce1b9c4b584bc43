import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, expect } from "vitest";
import { eventually, spawnPortal, type PortalProcess } from "../support/portal-process.ts";
import { startThrowawayPostgres, type ThrowawayPostgres } from "../support/throwaway-postgres.ts";

/**
 * The cluster tests/faults/scale-out.test.ts puts under load: two portal instances on one throwaway PostgreSQL
 * database and one S3 bucket (s3rver), behind a real Caddy run from the repository's own deploy/Caddyfile (its
 * placeholders set: the site on a loopback port over plain HTTP, the two instances as upstreams, no admin endpoint).
 */

export const caddyBinary = ["/usr/bin/caddy", "/usr/local/bin/caddy"].find((candidate) => fs.existsSync(candidate));
const root = path.resolve(import.meta.dirname, "../..");
const BUCKET = "grievance-images";

// Set by useCaddyCluster()'s beforeAll (ES module bindings, so importers see them once set).
export let postgres: ThrowawayPostgres;
let s3: S3rver;
let s3Dir: string;
let caddy: ChildProcess | undefined;
/** What Caddy wrote on stdout and stderr so far. */
export let caddyLog = "";
let caddyHome: string;
/** Caddy's address: where the residents' requests go. */
export let proxyUrl: string;
export const instances: { port: number; dataDir: string; process?: PortalProcess }[] = [];
let portalEnv: Record<string, string>;

/** Starts instance `index` (again) on its port and data folder. */
export async function startInstance(index: number): Promise<void> {
  const instance = instances[index]!;
  instance.process = await spawnPortal({
    dataDir: instance.dataDir,
    env: { ...portalEnv, PORT: String(instance.port) },
  });
}

/** Starts PostgreSQL, the bucket, both instances and Caddy before the tests, and stops every process after them. */
export function useCaddyCluster() {
  beforeAll(async () => {
    postgres = await startThrowawayPostgres();
    s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), "scale-out-s3-"));
    s3 = new S3rver({
      address: "127.0.0.1",
      port: 0,
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    const { port: s3Port } = await s3.run();
    portalEnv = {
      DATABASE_URL: postgres.url,
      IMAGE_STORAGE: "s3",
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      TRUST_PROXY: "true",
      SUBMISSIONS_PER_HOUR: "1000000",
      LOG_LEVEL: "warn",
    };
    for (let i = 0; i < 2; i++) {
      instances.push({
        port: await freePort(),
        dataDir: fs.mkdtempSync(path.join(os.tmpdir(), `scale-out-portal-${i}-`)),
      });
    }
    // One after the other: the first applies the migrations.
    for (let i = 0; i < instances.length; i++) await startInstance(i);

    const proxyPort = await freePort();
    proxyUrl = `http://127.0.0.1:${proxyPort}`;
    caddyHome = fs.mkdtempSync(path.join(os.tmpdir(), "scale-out-caddy-"));
    // The repository's file as it is; only its placeholders are set (deploy/Caddyfile's first lines).
    caddy = spawn(
      caddyBinary as string,
      ["run", "--config", path.join(root, "deploy/Caddyfile"), "--adapter", "caddyfile"],
      {
        cwd: caddyHome,
        env: {
          PATH: process.env.PATH ?? "",
          HOME: caddyHome,
          XDG_DATA_HOME: path.join(caddyHome, "data"),
          XDG_CONFIG_HOME: path.join(caddyHome, "config"),
          PORTAL_DOMAIN: proxyUrl,
          PORTAL_UPSTREAMS: instances.map((instance) => `127.0.0.1:${instance.port}`).join(" "),
          CADDY_ADMIN: "off",
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    caddy.stdout?.on("data", (chunk: Buffer) => (caddyLog += chunk.toString()));
    caddy.stderr?.on("data", (chunk: Buffer) => (caddyLog += chunk.toString()));
    const up = await eventually(async () => {
      try {
        return (await fetch(`${proxyUrl}/api/health/live`, { signal: AbortSignal.timeout(1_000) })).status === 200;
      } catch {
        return false;
      }
    }, 20_000);
    expect(up, `Caddy did not start:\n${caddyLog}`).toBe(true);
  }, 240_000);

  afterAll(async () => {
    caddy?.kill("SIGKILL");
    for (const instance of instances) {
      instance.process?.kill();
      await instance.process?.exited;
      fs.rmSync(instance.dataDir, { recursive: true, force: true });
    }
    await s3?.close();
    await postgres?.destroy();
    for (const dir of [s3Dir, caddyHome]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}
