import type { Endpoint } from "./endpoints.ts";
import type { LoadResult } from "./load.ts";

/** What was measured at one size. */
export interface SizeResults {
  rows: number;
  floor: LoadResult;
  endpoints: Array<{ endpoint: Endpoint; result: LoadResult }>;
}

export const FLOOR_NAME = "floor: bare Fastify, one JSON route";

const compact = new Intl.NumberFormat("en", { notation: "compact" });
export const sizeLabel = (rows: number) => compact.format(rows);

/** Milliseconds with as many digits as mean something at that scale. */
export function ms(value: number): string {
  if (!Number.isFinite(value)) return "–";
  return value < 1 ? value.toFixed(2) : value < 10 ? value.toFixed(1) : value.toFixed(0);
}

const times = (value: number) =>
  Number.isFinite(value) ? `${value < 10 ? value.toFixed(1) : value.toFixed(0)}×` : "–";

/**
 * One Markdown table (pasted as is into docs/performance.md): p50 / p99 at each size, then the largest size's p99 over
 * the smallest's and over the floor's at that size, its throughput, and whether its target is met.
 */
export function resultsTable(runs: SizeResults[]): string {
  const smallest = runs[0]!;
  const largest = runs.at(-1)!;
  const compared = runs.length > 1;
  const header = [
    "request",
    ...runs.map((r) => `${sizeLabel(r.rows)}: p50 / p99 ms`),
    ...(compared ? [`p99 ${sizeLabel(largest.rows)} ÷ ${sizeLabel(smallest.rows)}`] : []),
    `p99 ÷ floor (${sizeLabel(largest.rows)})`,
    `req/s (${sizeLabel(largest.rows)})`,
    ...(compared ? ["target met"] : []),
  ];
  const rows: string[][] = [];
  const names = [...new Set(runs.flatMap((r) => r.endpoints.map((e) => e.endpoint.name)))];
  for (const name of names) {
    const at = runs.map((r) => r.endpoints.find((e) => e.endpoint.name === name));
    const big = at.at(-1);
    const ratio = big && at[0] ? big.result.p99 / at[0].result.p99 : Number.NaN;
    rows.push([
      name,
      ...at.map((e) => (e ? `${ms(e.result.p50)} / ${ms(e.result.p99)}` : "–")),
      ...(compared ? [times(ratio)] : []),
      big ? times(big.result.p99 / largest.floor.p99) : "–",
      big ? big.result.requestsPerSecond.toFixed(0) : "–",
      ...(compared ? [big ? verdict(big.endpoint.target, ratio, big.result.p99) : "–"] : []),
    ]);
  }
  rows.push([
    FLOOR_NAME,
    ...runs.map((r) => `${ms(r.floor.p50)} / ${ms(r.floor.p99)}`),
    ...(compared ? [times(largest.floor.p99 / smallest.floor.p99)] : []),
    "1×",
    largest.floor.requestsPerSecond.toFixed(0),
    ...(compared ? [""] : []),
  ]);
  return markdown(header, rows);
}

/** Notes the table cannot carry: failed answers and requests measured as something else at some size. */
export function resultNotes(runs: SizeResults[]): string[] {
  const notes: string[] = [];
  for (const run of runs) {
    for (const { endpoint, result } of run.endpoints) {
      const at = `${endpoint.name} at ${sizeLabel(run.rows)}`;
      if (endpoint.note) notes.push(`${at}: ${endpoint.note}`);
      if (result.failures > 0)
        notes.push(`${at}: ${result.failures} of ${result.answers} answers failed (not 2xx, error or timeout)`);
    }
    if (run.floor.failures > 0) notes.push(`floor at ${sizeLabel(run.rows)}: ${run.floor.failures} failed answers`);
  }
  return notes;
}

function verdict(target: Endpoint["target"], ratio: number, p99: number): string {
  const parts = [`≤ ${target.ratio}×: ${ratio <= target.ratio ? "yes" : "NO"}`];
  if (target.ms !== undefined) parts.push(`≤ ${target.ms} ms: ${p99 <= target.ms ? "yes" : "NO"}`);
  return parts.join(", ");
}

function markdown(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  return [line(header), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...rows.map(line)].join("\n");
}
