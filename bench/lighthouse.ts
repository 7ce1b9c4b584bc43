/**
 * `npm run bench:lighthouse`: Lighthouse's mobile scores of the four public pages (docs/performance.md).
 *
 * Builds the web app, starts the real portal in a process of its own on a temporary embedded database, submits a
 * dozen reports through the API (some with photos, so the list and details pages show images as they do in use),
 * and runs Lighthouse 12 with its default mobile settings (simulated slow 4G and a 4× slower CPU) against `/`, the
 * form, the list and the details of a report with photos, BENCH_RUNS times each (default 3). Prints the median
 * performance score of each page with the run's metrics, and the other categories. Lighthouse comes from the npm
 * registry through npx (it is not a dependency of the project); Chromium from CHROME_PATH or /usr/bin/chromium.
 * Nothing here is a test: it measures and prints. BENCH_LIGHTHOUSE_REPORTS=<folder> keeps every run's JSON report
 * there, to read what a score is made of (the critical request chain, the metrics' breakdowns); BENCH_PAGES=list,form
 * measures only those pages (landing, form, list, details).
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { build } from "vite";
import { startServer } from "./server-handle.ts";

const root = path.resolve(import.meta.dirname, "..");
const runs = Number(process.env.BENCH_RUNS ?? 3);
const keepReports = process.env.BENCH_LIGHTHOUSE_REPORTS;
const onlyPages = process.env.BENCH_PAGES?.split(",");
const chrome = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const run = promisify(execFile);

interface LighthouseReport {
  runtimeError?: { message: string };
  categories: Record<"performance" | "accessibility" | "best-practices" | "seo", { score: number | null }>;
  audits: Record<string, { displayValue?: string; numericValue?: number }>;
}

const REPORTS = [
  ["Burst pipe on Station Road", "Water has been running down the street since this morning.", "Leakage Issues", 2],
  ["Brown water from the tap", "The water in our building has been brown for three days.", "Water Quality Issues", 1],
  ["Blocked drain by the market", "The drain overflows every time it rains.", "Drainage Problems", 0],
  ["No water supply in Block C", "No water since Monday; the tanker has not come.", "Water Supply Problems", 0],
  ["Overflowing sewer near the school", "Sewage runs across the path the children take.", "Sanitation Issues", 3],
  ["Broken hand pump", "The handle of the pump at the clinic snapped off.", "Infrastructure Problems", 1],
] as const;

/** A photo-like JPEG of a phone's size: colour fields under grain. */
async function photo(seed: number): Promise<Buffer> {
  const width = 1600;
  const height = 1200;
  const raw = Buffer.alloc(width * height * 3);
  let state = seed * 2_654_435_761;
  for (let i = 0; i < raw.length; i += 3) {
    state = (state * 1_103_515_245 + 12_345) >>> 0;
    const grain = ((state >>> 24) - 128) * 0.2;
    const x = (i / 3) % width;
    const y = Math.floor(i / 3 / width);
    raw[i] = Math.max(0, Math.min(255, (x * 200) / width + grain + 30));
    raw[i + 1] = Math.max(0, Math.min(255, (y * 200) / height + grain + 40));
    raw[i + 2] = Math.max(0, Math.min(255, 90 + seed * 30 + grain));
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function seed(base: string): Promise<string> {
  let withPhotos = "";
  for (let round = 0; round < 2; round++) {
    for (const [index, [title, description, category, photos]] of REPORTS.entries()) {
      const form = new FormData();
      form.set("title", title);
      form.set("description", description);
      form.set("category", category);
      form.set("location", "Ward 4, near the market");
      for (let p = 0; p < photos; p++) {
        form.append(
          "images",
          new Blob([new Uint8Array(await photo(index + p))], { type: "image/jpeg" }),
          `photo-${p}.jpg`,
        );
      }
      const response = await fetch(`${base}/api/grievances`, { method: "POST", body: form });
      if (response.status !== 201) throw new Error(`Seeding answered ${response.status}: ${await response.text()}`);
      const { id } = (await response.json()) as { id: string };
      if (photos >= 2) withPhotos = id;
    }
  }
  return withPhotos;
}

async function lighthouse(url: string, output: string): Promise<LighthouseReport> {
  for (let attempt = 1; ; attempt++) {
    await run(
      "npx",
      [
        "-y",
        "lighthouse@12",
        url,
        "--chrome-flags=--headless=new --no-sandbox",
        "--output=json",
        `--output-path=${output}`,
        "--quiet",
      ],
      { env: { ...process.env, CHROME_PATH: chrome }, maxBuffer: 64 * 1024 * 1024 },
    ).catch((error: unknown) => {
      // Lighthouse exits non-zero for some page errors but still writes its report; a missing report is thrown below.
      if (!fs.existsSync(output)) throw error;
    });
    const report = JSON.parse(fs.readFileSync(output, "utf8")) as LighthouseReport;
    if (keepReports) fs.cpSync(output, path.join(keepReports, path.basename(output)));
    // A run Chromium could not finish (a crashed tab, a timeout) is tried again once.
    if (!report.runtimeError || attempt === 2) return report;
  }
}

const score = (report: LighthouseReport, key: keyof LighthouseReport["categories"]) =>
  Math.round((report.categories[key].score ?? Number.NaN) * 100);
const metric = (report: LighthouseReport, id: string) => report.audits[id]?.displayValue ?? "?";

if (!fs.existsSync(chrome)) {
  console.error(
    `npm run bench:lighthouse: no Chromium at ${chrome} (apt-get install -y chromium, or set CHROME_PATH).`,
  );
  process.exit(1);
}

const temp = fs.mkdtempSync(path.join(os.tmpdir(), "bench-lighthouse-"));
if (keepReports) fs.mkdirSync(keepReports, { recursive: true });
try {
  console.log("Building the web app...");
  await build({ configFile: path.join(root, "vite.config.ts"), root: path.join(root, "src/web"), logLevel: "error" });
  const portal = await startServer({
    kind: "portal",
    env: { DATA_DIR: path.join(temp, "data"), SUBMISSIONS_PER_HOUR: "1000" },
  });
  try {
    const id = await seed(portal.url);
    const pages = (
      [
        ["landing", "/"],
        ["form", "/submit-grievance"],
        ["list", "/grievances"],
        ["details", `/grievance/${id}`],
      ] as const
    ).filter(([name]) => !onlyPages || onlyPages.includes(name));
    console.log(
      `Lighthouse 12, mobile defaults, ${runs} run(s) per page, median by performance score ` +
        `(${new Date().toISOString().slice(0, 10)}, ${os.availableParallelism()} cores)\n`,
    );
    console.log("page      perf  a11y  best  seo   FCP      LCP      TBT      CLS");
    for (const [name, pagePath] of pages) {
      const reports: LighthouseReport[] = [];
      for (let i = 1; i <= runs; i++)
        reports.push(await lighthouse(`${portal.url}${pagePath}`, path.join(temp, `${name}-${i}.json`)));
      reports.sort((a, b) => score(a, "performance") - score(b, "performance"));
      const median = reports[Math.floor(reports.length / 2)]!;
      const all = reports.map((r) => score(r, "performance")).join("/");
      console.log(
        `${name.padEnd(10)}${String(score(median, "performance")).padEnd(6)}${String(score(median, "accessibility")).padEnd(6)}` +
          `${String(score(median, "best-practices")).padEnd(6)}${String(score(median, "seo")).padEnd(6)}` +
          `${metric(median, "first-contentful-paint").padEnd(9)}${metric(median, "largest-contentful-paint").padEnd(9)}` +
          `${metric(median, "total-blocking-time").padEnd(9)}${metric(median, "cumulative-layout-shift").padEnd(9)}(runs: ${all})`,
      );
    }
  } finally {
    await portal.stop();
  }
} finally {
  fs.rmSync(temp, { recursive: true, force: true });
}
