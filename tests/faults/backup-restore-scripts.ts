import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, beforeAll, expect } from "vitest";
import type { PublicGrievance } from "#shared/api-types.ts";
import { makeJpeg } from "../fixtures/images.ts";
import type { PortalProcess } from "../support/portal-process.ts";

/**
 * What the backup-restore-*.test.ts files share: npm run backup / npm run restore (docs/operating.md) run as an
 * operator runs them, real processes against a portal that is running and taking reports.
 */
export const root = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);

let image: Buffer;
const folders: string[] = [];
/** The portals a test started: each is killed at the end of the file, whatever happened. */
export const portals: PortalProcess[] = [];
/** A new temporary folder, removed at the end of the file. */
export const freshFolder = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  folders.push(dir);
  return dir;
};

/** Makes the photo the reports carry, and at the end kills the portals and removes the folders. */
export function useScriptWorkspace() {
  beforeAll(async () => {
    image = await makeJpeg(160, 120);
  });
  afterAll(async () => {
    for (const portal of portals) portal.kill();
    for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
  });
}

export interface ScriptResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs scripts/backup.ts or scripts/restore.ts as `npm run` does, with the embedded database unless env says otherwise. */
export async function runScript(
  script: "backup" | "restore",
  args: string[],
  env: Record<string, string>,
): Promise<ScriptResult> {
  const options = {
    cwd: root,
    env: { ...process.env, DATABASE_URL: "", STORAGE_DIR: "", IMAGE_STORAGE: "", ...env },
    timeout: 120_000,
  };
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      [path.join(root, "scripts", `${script}.ts`), ...args],
      options,
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? "", stderr: failed.stderr ?? "" };
  }
}

export async function submit(url: string, title: string): Promise<PublicGrievance | undefined> {
  const form = new FormData();
  form.append("title", title);
  form.append("description", "Water is pouring into the street from a broken main.");
  form.append("category", "Leakage Issues");
  form.append("images", new Blob([new Uint8Array(image)], { type: "image/jpeg" }), "pipe.jpg");
  const res = await fetch(`${url}/api/grievances`, { method: "POST", body: form, signal: AbortSignal.timeout(60_000) });
  return res.status === 201 ? ((await res.json()) as PublicGrievance) : undefined;
}

/** Every report is there with its title, and each of its images is served and decodes as an image. */
export async function expectReportsWithImages(url: string, reports: PublicGrievance[]): Promise<void> {
  for (const report of reports) {
    const res = await fetch(`${url}/api/grievances/${report.id}`);
    expect(res.status, report.title).toBe(200);
    const stored = (await res.json()) as PublicGrievance;
    expect(stored.title).toBe(report.title);
    expect(stored.images).toHaveLength(1);
    const [first] = stored.images;
    for (const address of [first!.url, first!.thumbnailUrl, first!.mediumUrl!]) {
      const media = await fetch(`${url}${address}`);
      expect(media.status, address).toBe(200);
      const { width } = await sharp(Buffer.from(await media.arrayBuffer())).metadata();
      expect(width).toBeGreaterThan(0);
    }
  }
}
