/**
 * `node bench/upload.ts`: what one report with five large phone photos costs the server.
 *
 * Makes five noisy 4032x3024 JPEGs just under the 5 MB limit (grain is what makes real photos big and slow to
 * decode), builds the app in-process on an in-memory PGlite with a temporary image folder, and posts the report
 * with inject, so no network or client cost is measured. Prints, per run, the time until the answer and how much
 * the process's resident memory grew (peak while submitting, and what is left afterwards) above what it held
 * before the first large submit. The CPU time (all threads) helps to compare runs on a busy machine, where the
 * wall-clock time also measures the neighbours. BENCH_RUNS sets the number of runs (default 3). Nothing here is a test.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { migrate } from "#server/db/migrate.ts";
import { openPgliteDatabase } from "#server/db/pglite-database.ts";
import { LocalImageStore } from "#server/storage/local-image-store.ts";
import { MAX_IMAGE_BYTES } from "#shared/domain.ts";

const runs = Number(process.env.BENCH_RUNS ?? 3);
const WIDTH = 4032;
const HEIGHT = 3024;
const MB = 1024 * 1024;

/** A photo-like JPEG: smooth colour fields under grain, at the highest quality that stays within the limit. */
async function makePhoto(seed: number): Promise<Buffer> {
  const raw = Buffer.alloc(WIDTH * HEIGHT * 3);
  let state = seed * 2_654_435_761;
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      state = (state * 1_103_515_245 + 12_345) >>> 0;
      const grain = (state >>> 24) - 128;
      const o = (y * WIDTH + x) * 3;
      raw[o] = clamp((x * 255) / WIDTH + grain * 0.22);
      raw[o + 1] = clamp((y * 255) / HEIGHT + grain * 0.22);
      raw[o + 2] = clamp(128 + seed * 20 + grain * 0.22);
    }
  }
  let low = 40;
  let high = 98;
  let best: Buffer | undefined;
  while (low <= high) {
    const quality = Math.floor((low + high) / 2);
    const jpeg = await sharp(raw, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
      .jpeg({ quality })
      .toBuffer();
    if (jpeg.length <= MAX_IMAGE_BYTES) {
      best = jpeg;
      low = quality + 1;
    } else {
      high = quality - 1;
    }
  }
  if (!best) throw new Error("could not make a photo within the size limit");
  return best;
}

const clamp = (value: number) => Math.max(0, Math.min(255, Math.round(value)));

// The photos are made in a child process: making them takes far more memory than submitting them, and memory a
// process has once taken is rarely given back, which would hide what the submit itself costs.
const PHOTO_DIR_ARG = "--make-photos-in";
if (process.argv[2] === PHOTO_DIR_ARG) {
  const dir = process.argv[3]!;
  for (const seed of [1, 2, 3, 4, 5]) fs.writeFileSync(path.join(dir, `photo-${seed}.jpg`), await makePhoto(seed));
  process.exit(0);
}

function multipart(photos: Buffer[]): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  form.append("title", "Bench report");
  form.append("description", "Measured by bench/upload.ts");
  form.append("category", "Other");
  photos.forEach((photo, i) =>
    form.append("images", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), `photo-${i + 1}.jpg`),
  );
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return request.arrayBuffer().then((body) => ({
    payload: Buffer.from(body),
    headers: { "content-type": request.headers.get("content-type") ?? "" },
  }));
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-upload-"));
const photoDir = path.join(dataDir, "photos");
fs.mkdirSync(photoDir);
execFileSync(process.execPath, [import.meta.filename, PHOTO_DIR_ARG, photoDir], { stdio: "inherit" });
const config = {
  ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", SUBMISSIONS_PER_HOUR: "1000000" }),
  webDir: path.join(dataDir, "no-web"),
};
const db = await openPgliteDatabase(undefined);
await migrate(db);
const app = await buildApp({ config, db, imageStore: new LocalImageStore(config.storageDir), logger: false });
await app.ready();

try {
  const photos = fs
    .readdirSync(photoDir)
    .sort()
    .map((name) => fs.readFileSync(path.join(photoDir, name)));
  console.log(
    `Photos: ${photos.map((p) => (p.length / MB).toFixed(2)).join(", ")} MB, ${WIDTH}x${HEIGHT}; ${os.availableParallelism()} cores`,
  );
  const large = await multipart(photos);
  // Loads libvips and warms the route with one small photo, so the runs below measure the work, not start-up.
  const small = await multipart([
    await sharp({ create: { width: 64, height: 48, channels: 3, background: "#3a7bd5" } })
      .jpeg()
      .toBuffer(),
  ]);
  await submit(small);

  const baseline = process.memoryUsage.rss();
  console.log(`RSS before: ${(baseline / MB).toFixed(0)} MB`);
  for (let run = 1; run <= runs; run++) {
    let peak = process.memoryUsage.rss();
    // libvips works on its own threads, so the event loop is free to sample memory while it does.
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage.rss());
    }, 5);
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    await submit(large);
    const ms = performance.now() - start;
    const cpu = process.cpuUsage(cpuStart);
    clearInterval(sampler);
    const after = process.memoryUsage.rss();
    peak = Math.max(peak, after);
    console.log(
      `run ${run}: ${ms.toFixed(0)} ms (CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s), RSS peak +${((peak - baseline) / MB).toFixed(0)} MB, after +${((after - baseline) / MB).toFixed(0)} MB`,
    );
  }
} finally {
  await app.close();
  await db.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

async function submit(body: { payload: Buffer; headers: Record<string, string> }): Promise<void> {
  const response = await app.inject({ method: "POST", url: "/api/grievances", ...body });
  if (response.statusCode !== 201) throw new Error(`submit answered ${response.statusCode}: ${response.body}`);
}
