/** What `npm run bench` reads from the environment, checked before anything is seeded. */
export interface BenchSettings {
  /** A PostgreSQL database of the benchmark's own (dropped and created anew); undefined: embedded PGlite. */
  databaseUrl: string | undefined;
  /** Row counts to measure at, ascending: the database is grown from one to the next. */
  sizes: number[];
  /** Measured seconds per endpoint, after `warmupSeconds` that are not counted. */
  durationSeconds: number;
  warmupSeconds: number;
  /** Concurrent keep-alive connections of the load generator. */
  connections: number;
  /** Leave the seeded database in place at the end (to run EXPLAIN on it). */
  keep: boolean;
  /** Measure on the PostgreSQL database as a kept run left it (grown if smaller than a size), and keep it. */
  reuse: boolean;
  /** Only the requests whose names contain one of these (lower case); empty: all of them. */
  only: string[];
  /** The portal as deployed: a JSON log line per request (to /dev/null) and its metrics kept (METRICS_TOKEN). */
  asDeployed: boolean;
}

// PGlite answers one query at a time and seeds several times slower, so its default stops at a size that seeds
// in a few minutes; on a server a million rows.
const DEFAULT_SIZES = { postgres: [1_000, 1_000_000], pglite: [1_000, 200_000] };

export class SettingsError extends Error {}

export function readSettings(env: NodeJS.ProcessEnv = process.env): BenchSettings {
  const databaseUrl = env.BENCH_DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new SettingsError("BENCH_DATABASE_URL must start with postgres:// or postgresql://");
  }
  const reuse = env.BENCH_REUSE === "1";
  if (reuse && !databaseUrl)
    throw new SettingsError("BENCH_REUSE=1 needs BENCH_DATABASE_URL (a PostgreSQL database left by BENCH_KEEP=1)");
  const sizes = env.BENCH_SIZES
    ? env.BENCH_SIZES.split(",").map((s) => wholeNumber("BENCH_SIZES", s.trim().replace(/_/g, ""), 1))
    : DEFAULT_SIZES[databaseUrl ? "postgres" : "pglite"];
  return {
    databaseUrl,
    sizes: [...new Set(sizes)].sort((a, b) => a - b),
    durationSeconds: wholeNumber("BENCH_DURATION", env.BENCH_DURATION ?? "10", 1),
    warmupSeconds: wholeNumber("BENCH_WARMUP", env.BENCH_WARMUP ?? "2", 0),
    connections: wholeNumber("BENCH_CONNECTIONS", env.BENCH_CONNECTIONS ?? "10", 1),
    keep: env.BENCH_KEEP === "1" || reuse,
    reuse,
    asDeployed: env.BENCH_AS_DEPLOYED === "1",
    only: (env.BENCH_ONLY ?? "")
      .split(",")
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  };
}

function wholeNumber(name: string, text: string, min: number): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < min) {
    throw new SettingsError(`${name}: "${text}" is not a whole number of at least ${min}`);
  }
  return value;
}
