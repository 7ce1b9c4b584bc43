/**
 * `npm run bench`: how the public API holds up as the table grows, under concurrent load (docs/performance.md).
 *
 * For each size in BENCH_SIZES the database is grown to that many reports (seed.ts), checked (seed-check.ts), and
 * the real portal is started on it in a process of its own; autocannon loads each request of the benchmark's table
 * (endpoints.ts) and a bare Fastify route, the floor of what this machine can do (load.ts). One table compares the
 * sizes at the end (report.ts). Nothing here is a test: it measures and prints.
 */
import os from "node:os";
import { createBenchDatabase, type BenchDatabase } from "./bench-database.ts";
import { portalEndpoints, sampleIds } from "./endpoints.ts";
import { measureLoad, type LoadOptions, type LoadResult } from "./load.ts";
import { FLOOR_NAME, ms, resultNotes, resultsTable, sizeLabel, type SizeResults } from "./report.ts";
import { checkPins, checkTallies, SeedError, searchTermShares } from "./seed-check.ts";
import { NEIGHBOURHOODS } from "./seed-places.ts";
import { SEARCH_TERMS } from "./seed-text.ts";
import { countAll, growTo } from "./seed.ts";
import { growWaterPoints, waterPointsFor } from "./seed-water-points.ts";
import { startServer } from "./server-handle.ts";
import { readSettings, SettingsError } from "./settings.ts";

const MB = 1024 * 1024;

try {
  await main();
} catch (error) {
  if (!(error instanceof SettingsError || error instanceof SeedError)) throw error;
  console.error(`npm run bench: ${error.message}`);
  process.exitCode = 1;
}

async function main(): Promise<void> {
  const settings = readSettings();
  const database = await createBenchDatabase(settings.databaseUrl, settings.reuse);
  const load: LoadOptions = settings;
  try {
    console.log(`Database: ${database.description}${await serverDetails(database)}`);
    if (database.kind === "pglite") {
      console.log(
        "To measure a PostgreSQL server instead: BENCH_DATABASE_URL=postgres://user:password@127.0.0.1:5432/portal_bench " +
          "npm run bench (that database is dropped and created anew).",
      );
    }
    console.log(
      `${os.availableParallelism()} cores, Node ${process.version}; sizes ${settings.sizes.map(sizeLabel).join(", ")}; ` +
        `${settings.connections} connections, ${settings.warmupSeconds} s warm-up + ${settings.durationSeconds} s per request`,
    );

    const runs: SizeResults[] = [];
    const summary: string[] = [];
    for (const rows of settings.sizes) {
      console.log(`\n${rows.toLocaleString("en")} reports`);
      const { ids, seeded } = await prepare(database, rows);
      summary.push(seeded);

      const floor = await measureFloor(load);
      const portal = await startServer({ kind: "portal", env: database.portalEnv, asDeployed: settings.asDeployed });
      try {
        // Idle: started and listening, before its first request.
        const idle = await portal.rss();
        const measured: SizeResults["endpoints"] = [];
        const chosen = (await portalEndpoints(portal.url, ids)).filter(
          (endpoint) =>
            settings.only.length === 0 || settings.only.some((part) => endpoint.name.toLowerCase().includes(part)),
        );
        for (const endpoint of chosen) {
          const result = await measureLoad(portal.url, endpoint.paths, load, endpoint.headers);
          console.log(`  ${line(endpoint.name, result)}`);
          measured.push({ endpoint, result });
        }
        const loaded = await portal.rss();
        summary.push(
          `${sizeLabel(rows)}: portal process RSS ${(idle / MB).toFixed(0)} MB idle, ${(loaded / MB).toFixed(0)} MB after the load`,
        );
        runs.push({ rows, floor, endpoints: measured });
      } finally {
        await portal.stop();
      }
    }

    console.log(`\n${resultsTable(runs)}\n`);
    for (const note of [...resultNotes(runs), ...summary]) console.log(note);
  } finally {
    await database.dispose(settings.keep);
  }
}

/** Grows the database to `rows`, checks it, and picks the reports whose details are asked for. */
async function prepare(database: BenchDatabase, rows: number): Promise<{ ids: string[]; seeded: string }> {
  const db = await database.open();
  try {
    const have = await countAll(db);
    // A database is grown, never shrunk: a reused one (BENCH_REUSE) must not hold more than the size measured.
    if (have > rows) {
      throw new SettingsError(
        `the database holds ${have.toLocaleString("en")} reports, more than the size ${rows.toLocaleString("en")} to measure`,
      );
    }
    const started = performance.now();
    const growth = await growTo(db, rows, (progress) => console.log(progress));
    const seconds = (performance.now() - started) / 1000;
    const seeded =
      `${sizeLabel(rows)}: seeded ${growth.added.toLocaleString("en")} rows in ${seconds.toFixed(1)} s ` +
      `(insert ${growth.insertSeconds.toFixed(1)} s, indexes ${growth.indexSeconds.toFixed(1)} s, ` +
      `tallies and VACUUM ANALYZE ${growth.finishSeconds.toFixed(1)} s)`;
    console.log(seeded);
    const public_ = await checkTallies(db);
    const shares = await searchTermShares(db);
    const sharesText = (Object.keys(SEARCH_TERMS) as Array<keyof typeof SEARCH_TERMS>)
      .map((name) => `"${SEARCH_TERMS[name]}": ${(shares[name] * 100).toFixed(2)} %`)
      .join(", ");
    console.log(
      `Tallies match the rows (${public_.toLocaleString("en")} public reports). Reports containing ${sharesText}`,
    );
    const pins = await checkPins(db);
    console.log(
      `Pins inside the city: ${(pins.pinned * 100).toFixed(1)} % of reports; ${(pins.denseBox * 100).toFixed(1)} % of them ` +
        `in the kilometre around the ${NEIGHBOURHOODS[0]!.name}`,
    );
    // The registry of water points beside the reports (BENCH_WATER_POINTS, seed-water-points.ts).
    const points = await growWaterPoints(db, waterPointsFor(rows));
    const total = (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM water_points")).rows[0]?.n ?? 0;
    console.log(
      `Water points: ${total.toLocaleString("en")} (${points.added.toLocaleString("en")} seeded in ${points.seconds.toFixed(1)} s)`,
    );
    return { ids: await sampleIds(db), seeded: `${seeded}; ${total.toLocaleString("en")} water points` };
  } finally {
    await db.close();
  }
}

async function measureFloor(load: LoadOptions): Promise<LoadResult> {
  const floor = await startServer({ kind: "floor" });
  try {
    const result = await measureLoad(floor.url, ["/floor"], load);
    console.log(`  ${line(FLOOR_NAME, result)}`);
    return result;
  } finally {
    await floor.stop();
  }
}

function line(name: string, result: LoadResult): string {
  const failed = result.failures > 0 ? `, ${result.failures} failed` : "";
  return `${name.padEnd(44)} p50 ${ms(result.p50).padStart(5)} ms  p99 ${ms(result.p99).padStart(5)} ms  ${result.requestsPerSecond.toFixed(0).padStart(6)} req/s${failed}`;
}

/** The server's version and buffer cache, which the figures depend on. */
async function serverDetails(database: BenchDatabase): Promise<string> {
  const db = await database.open();
  try {
    const { rows } = await db.query<{ version: string; buffers: string }>(
      "SELECT current_setting('server_version') AS version, current_setting('shared_buffers') AS buffers",
    );
    const details = rows[0];
    return details ? ` (PostgreSQL ${details.version}, shared_buffers ${details.buffers})` : "";
  } finally {
    await db.close();
  }
}
