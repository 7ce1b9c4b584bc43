/**
 * `npm run bench`: how fast the public API answers on a large database.
 *
 * Seeds BENCH_ROWS grievances (default 200,000) into a fresh embedded database (or the PostgreSQL server in
 * BENCH_DATABASE_URL), starts the real app on a loopback port and times each kind of request sequentially over
 * HTTP. Prints median, 95th percentile and requests per second for each. Nothing here is a test: it only measures.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { buildApp } from "../src/server/app.ts";
import { loadConfig } from "../src/server/config.ts";
import { openDatabase } from "../src/server/db/open-database.ts";
import { LocalImageStore } from "../src/server/storage/local-image-store.ts";
import { seedGrievances } from "./seed.ts";

const rows = Number(process.env.BENCH_ROWS ?? 200_000);
const iterations = Number(process.env.BENCH_ITERATIONS ?? 200);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-"));
const config = {
  ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", SUBMISSIONS_PER_HOUR: "1000000" }),
  databaseUrl: process.env.BENCH_DATABASE_URL,
};
const db = await openDatabase(config);
const app = await buildApp({ config, db, imageStore: new LocalImageStore(config.storageDir), logger: false });
const base = await app.listen({ host: "127.0.0.1", port: 0 });

try {
  const seedStart = performance.now();
  await seedGrievances(db, rows);
  console.log(`Seeded ${rows.toLocaleString("en")} grievances on ${db.kind} in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

  const { rows: sample } = await db.query<{ id: string }>("SELECT id FROM grievances ORDER BY random() LIMIT 50");
  const ids = sample.map((r) => r.id);
  const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#3a7bd5" } })
    .jpeg({ quality: 90 })
    .toBuffer();

  const cases: Array<{ name: string; runs?: number; request: (i: number) => Promise<Response> }> = [
    { name: "list, first page", request: () => fetch(`${base}/api/grievances`) },
    { name: "list, page 1,000", request: () => fetch(`${base}/api/grievances?page=1000`) },
    { name: "list, status=resolved", request: () => fetch(`${base}/api/grievances?status=resolved`) },
    {
      name: "list, category + priority",
      request: () => fetch(`${base}/api/grievances?category=Leakage%20Issues&priority=urgent`),
    },
    { name: "search, common word (pipe)", request: () => fetch(`${base}/api/grievances?q=pipe`) },
    { name: "search, rare word (borehole 17)", request: () => fetch(`${base}/api/grievances?q=borehole%2017`) },
    { name: "search, no match", request: () => fetch(`${base}/api/grievances?q=zzzqqq`) },
    { name: "details", request: (i) => fetch(`${base}/api/grievances/${ids[i % ids.length]}`) },
    {
      name: "submit with a 1600x1200 JPEG",
      runs: Math.min(iterations, 30),
      request: () => {
        const form = new FormData();
        form.append("title", "Bench report");
        form.append("description", "Measured by npm run bench");
        form.append("category", "Other");
        form.append("images", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "photo.jpg");
        return fetch(`${base}/api/grievances`, { method: "POST", body: form });
      },
    },
  ];

  console.log(`\n${"request".padEnd(34)} ${"median".padStart(9)} ${"p95".padStart(9)} ${"req/s".padStart(8)}`);
  for (const c of cases) {
    const runs = c.runs ?? iterations;
    await (await c.request(0)).arrayBuffer(); // warm-up
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      const response = await c.request(i);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${c.name}: HTTP ${response.status}`);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
    const total = times.reduce((sum, t) => sum + t, 0);
    console.log(
      `${c.name.padEnd(34)} ${`${at(0.5).toFixed(1)} ms`.padStart(9)} ${`${at(0.95).toFixed(1)} ms`.padStart(9)} ${(runs / (total / 1000)).toFixed(0).padStart(8)}`,
    );
  }
} finally {
  await app.close();
  await db.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
