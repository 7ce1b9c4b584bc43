import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { makePng } from "../fixtures/images.ts";
import { spawnPortal, type PortalProcess, type PortalStartOptions } from "../support/portal-process.ts";

/**
 * A portal killed outright (kill -9, the OOM killer, a power cut of the container) leaves its lock on the data
 * folder behind. The next start must see that its owner is gone and take the folder over at once, while a second
 * portal started next to a running one must still be refused with a clear message.
 */

const TEST_TIMEOUT_MS = 120_000;
const SUBMITS = 24;

const started: PortalProcess[] = [];
const folders = new Set<string>();
afterEach(async () => {
  for (const portal of started.splice(0)) {
    portal.kill();
    await portal.exited;
  }
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  folders.clear();
});

async function start(options: PortalStartOptions = {}): Promise<PortalProcess> {
  const portal = await spawnPortal({ ...options, env: { SUBMISSIONS_PER_HOUR: "100000", ...options.env } });
  started.push(portal);
  folders.add(portal.dataDir);
  return portal;
}

describe("restarting after a crash", () => {
  it(
    "starts again at once on the folder of a portal killed while saving reports, with every saved report",
    async () => {
      const first = await start();
      const image = await makePng(64, 48);
      // Kill it while submits are being written; those answered 201 before must survive.
      const saved: string[] = [];
      const submits = Array.from({ length: SUBMITS }, async (_, i) => {
        const response = await submit(first.url, image, i).catch(() => undefined);
        if (response?.status === 201) saved.push(((await response.json()) as { id: string }).id);
        if (saved.length === SUBMITS / 2) first.signalServer("SIGKILL");
      });
      await Promise.all(submits);
      expect((await first.exited).signal).toBe("SIGKILL");
      expect(saved.length).toBeGreaterThanOrEqual(SUBMITS / 2);

      const again = await start({ dataDir: first.dataDir });
      expect(again.output()).not.toMatch(/in use/);
      for (const id of saved) {
        expect((await fetch(`${again.url}/api/grievances/${id}`)).status, id).toBe(200);
      }
      // The database works normally after its recovery: it takes new reports.
      expect((await submit(again.url, image, SUBMITS)).status).toBe(201);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "refuses a second portal on a folder in use, naming the process that holds it",
    async () => {
      const running = await start();
      const second = await spawnPortal({ dataDir: running.dataDir }).then(
        (portal) => {
          started.push(portal);
          return "started";
        },
        (error: Error) => error.message,
      );
      expect(second).toMatch(/exited with code 1/);
      expect(second).toMatch(/already in use by another running portal/);
      expect(second).toContain(`process ${running.pid} on this machine`);
      // The refused start left the running portal and its lock alone.
      expect((await fetch(`${running.url}/api/grievances`)).status).toBe(200);
      expect(fs.readFileSync(`${running.dataDir}/db/.lock`, "utf8")).toContain(`"pid":${running.pid}`);
    },
    TEST_TIMEOUT_MS,
  );
});

function submit(url: string, image: Buffer, n: number): Promise<Response> {
  const form = new FormData();
  form.append("title", `Overflowing sewer number ${n}`);
  form.append("description", "Sewage has been overflowing onto the pavement since yesterday evening.");
  form.append("category", "Sanitation Issues");
  form.append("images", new Blob([new Uint8Array(image)], { type: "image/png" }), "photo.png");
  return fetch(`${url}/api/grievances`, { method: "POST", body: form });
}
