import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublicGrievance } from "#shared/api-types.ts";
import { postgresAvailable, startThrowawayPostgres, type ThrowawayPostgres } from "../support/throwaway-postgres.ts";

const root = path.resolve(import.meta.dirname, "../..");
const serverEntry = path.join(root, "src/server/main.ts");

/**
 * Two portals started at the same moment on one fresh PostgreSQL database, as two containers behind a load balancer
 * are: both must start (migrations queue under their lock and run once) and serve the same data. The server entry
 * is started directly, both at once; the web app is not needed for this.
 */
describe.skipIf(!postgresAvailable())("two instances racing at start-up", () => {
  let postgres: ThrowawayPostgres;
  const children: ChildProcess[] = [];
  let dataDir: string;

  beforeAll(async () => {
    postgres = await startThrowawayPostgres();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-two-"));
  });
  afterAll(async () => {
    for (const child of children) child.kill("SIGKILL");
    await postgres.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("both start, each migration is applied once, and they serve the same reports", async () => {
    const env = {
      ...process.env,
      DATABASE_URL: postgres.url,
      DATA_DIR: dataDir,
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
    };
    const starts = [0, 1].map(() => {
      const child = spawn(process.execPath, [serverEntry], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
      children.push(child);
      return urlOf(child);
    });
    const [first, second] = await Promise.all(starts);

    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string; times: number }>(
        "SELECT name, count(*)::int AS times FROM schema_migrations GROUP BY name ORDER BY name",
      );
      const files = fs
        .readdirSync(path.join(root, "migrations"))
        .filter((f) => f.endsWith(".sql"))
        .sort();
      expect(rows).toEqual(files.map((name) => ({ name, times: 1 })));
    } finally {
      await client.end();
    }

    const form = new FormData();
    form.append("title", "Sewage overflow at the market");
    form.append("description", "Manhole overflowing since this morning.");
    form.append("category", "Sanitation Issues");
    const created = await fetch(`${first}/api/grievances`, { method: "POST", body: form });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as PublicGrievance;
    const seen = await fetch(`${second}/api/grievances/${id}`);
    expect(seen.status).toBe(200);
    for (const url of [first, second]) expect((await fetch(`${url}/api/health/ready`)).status).toBe(200);
  }, 120_000);
});

function urlOf(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`The portal did not start in time:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Portal running at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`The portal exited with code ${code} before it started:\n${output}`));
    });
  });
}
