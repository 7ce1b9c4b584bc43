import autocannon from "autocannon";

export interface LoadOptions {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
}

export interface LoadResult {
  /** Latency percentiles in milliseconds, over every answer of the measured period. */
  p50: number;
  p99: number;
  requestsPerSecond: number;
  answers: number;
  /** Answers other than 2xx, plus connection errors and timeouts: counted, and their latencies kept. */
  failures: number;
}

/**
 * Loads `base` with GET requests for `paths` from `connections` keep-alive connections, each going round the paths
 * in turn: first for the warm-up (JIT, database caches, connection pool; not counted), then for the measurement.
 */
export async function measureLoad(
  base: string,
  paths: string[],
  options: LoadOptions,
  headers: Record<string, string> = {},
): Promise<LoadResult> {
  const first = await fetch(base + paths[0], { headers });
  const body = await first.text();
  if (first.status !== 200) throw new Error(`GET ${paths[0]} answered ${first.status}: ${body.slice(0, 300)}`);

  const run = (seconds: number, onAnswer: (status: number, ms: number) => void) =>
    load({ base, paths, headers, connections: options.connections, seconds }, onAnswer);
  if (options.warmupSeconds > 0) await run(options.warmupSeconds, () => undefined);

  // autocannon's own histogram keeps whole milliseconds and only 2xx answers; a floor under a millisecond and
  // slow failures both matter here, so every answer's time is kept as measured (fractions of a millisecond).
  const times: number[] = [];
  let failures = 0;
  const started = performance.now();
  const result = await run(options.durationSeconds, (status, ms) => {
    times.push(ms);
    if (status < 200 || status > 299) failures++;
  });
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 0.5),
    p99: percentile(times, 0.99),
    requestsPerSecond: times.length / seconds,
    answers: times.length,
    failures: failures + result.errors + result.timeouts,
  };
}

interface Load {
  base: string;
  paths: string[];
  headers: Record<string, string>;
  connections: number;
  seconds: number;
}

function load(
  { base, paths, headers, connections, seconds }: Load,
  onAnswer: (status: number, ms: number) => void,
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections,
        duration: seconds,
        requests: paths.map((path) => ({ method: "GET", path, headers })),
      },
      (error: unknown, result) =>
        error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(result),
    );
    instance.on("response", (_client, status, _bytes, ms) => onAnswer(status, ms));
  });
}

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}
