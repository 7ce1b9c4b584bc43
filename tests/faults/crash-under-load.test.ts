import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GrievanceListResponse, PublicGrievance } from "#shared/api-types.ts";
import { makeJpeg } from "../fixtures/images.ts";
import { eventually, spawnPortal, type PortalProcess } from "../support/portal-process.ts";
import { postgresAvailable, startThrowawayPostgres, type ThrowawayPostgres } from "../support/throwaway-postgres.ts";

/**
 * kill -9 in the middle of ~300 concurrent submits: every report the portal acknowledged (201) must be there after
 * a restart, with readable images, and the restart's orphan sweep (ORPHAN_GRACE_MINUTES=0) must remove every
 * image the killed submits stored without a row.
 */
const SUBMITS = 300;
// Killed once this many reports were acknowledged: well into the run, with many submits still in flight.
const KILL_AFTER = 60;

interface Kind {
  name: string;
  available: boolean;
  env(): Promise<Record<string, string>>;
  cleanup(): Promise<void>;
}

let postgres: ThrowawayPostgres | undefined;
const kinds: Kind[] = [
  { name: "the embedded database", available: true, env: async () => ({}), cleanup: async () => undefined },
  {
    name: "PostgreSQL",
    available: postgresAvailable(),
    async env() {
      postgres = await startThrowawayPostgres();
      return { DATABASE_URL: postgres.url };
    },
    cleanup: async () => postgres?.destroy(),
  },
];

let image: Buffer;
beforeAll(async () => {
  image = await makeJpeg(160, 120);
});

describe.each(kinds)("kill -9 under load on $name", (kind) => {
  let env: Record<string, string>;
  let portal: PortalProcess | undefined;
  beforeAll(async () => {
    if (kind.available) env = { ...(await kind.env()), SUBMISSIONS_PER_HOUR: "100000", LOG_LEVEL: "info" };
  });
  afterAll(async () => {
    portal?.kill();
    await kind.cleanup();
  });

  it.skipIf(!kind.available)(
    "keeps every acknowledged report and leaves no orphan after the restart",
    async () => {
      const first = await spawnPortal({ env });
      const acknowledged: PublicGrievance[] = [];
      let cut = 0;
      const submits = Array.from({ length: SUBMITS }, (_, i) =>
        submit(first.url, i).then(
          (created) => {
            if (created) acknowledged.push(created);
            if (acknowledged.length === KILL_AFTER) first.kill();
          },
          () => void (cut += 1),
        ),
      );
      await Promise.all(submits);
      await first.exited;
      // The kill really landed mid-run: some submits were cut off.
      expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);
      expect(cut).toBeGreaterThan(0);

      portal = await spawnPortal({ env: { ...env, ORPHAN_GRACE_MINUTES: "0" }, dataDir: first.dataDir });
      const restarted = portal;
      expect(await eventually(() => /Orphan sweep: \d+ unreferenced/.test(restarted.output()), 30_000)).toBe(true);

      for (const report of acknowledged) {
        const res = await fetch(`${restarted.url}/api/grievances/${report.id}`);
        expect(res.status).toBe(200);
        const stored = (await res.json()) as PublicGrievance;
        expect(stored.title).toBe(report.title);
        for (const url of [stored.images[0]!.url, stored.images[0]!.thumbnailUrl, stored.images[0]!.mediumUrl!]) {
          const media = await fetch(`${restarted.url}${url}`);
          expect(media.status).toBe(200);
          expect((await media.arrayBuffer()).byteLength).toBeGreaterThan(0);
        }
      }

      // Every stored file belongs to a report: nothing left by the cut submits.
      const referenced = new Set<string>();
      for (let page = 1; ; page++) {
        const res = await fetch(`${restarted.url}/api/grievances?pageSize=100&page=${page}`);
        const body = (await res.json()) as GrievanceListResponse;
        for (const item of body.items) {
          for (const img of item.images) {
            referenced.add(path.basename(img.url)).add(path.basename(img.thumbnailUrl));
            if (img.mediumUrl) referenced.add(path.basename(img.mediumUrl));
          }
        }
        if (page * body.pageSize >= body.matching) break;
      }
      const bucket = path.join(first.dataDir, "storage", "grievance-images");
      const files = fs.readdirSync(bucket).sort();
      expect(files).toEqual([...referenced].sort());
      expect(referenced.size).toBeGreaterThanOrEqual(acknowledged.length * 3);
    },
    180_000,
  );
});

async function submit(url: string, i: number): Promise<PublicGrievance | undefined> {
  const form = new FormData();
  form.append("title", `Burst pipe ${i}`);
  form.append("description", "Water is pouring into the street from a broken main.");
  form.append("category", "Leakage Issues");
  form.append("images", new Blob([new Uint8Array(image)], { type: "image/jpeg" }), `pipe-${i}.jpg`);
  const res = await fetch(`${url}/api/grievances`, { method: "POST", body: form, signal: AbortSignal.timeout(60_000) });
  if (res.status !== 201) return undefined;
  return (await res.json()) as PublicGrievance;
}
