/**
 * The statistics of a large portal, kept for a minute (docs/decisions/027-statistics-charts.md). While an answer is
 * not `large`, every request computes it afresh, so a visitor checking right after a report was resolved sees it
 * counted. A large one read hundreds of thousands of index entries (about a second at a million reports): it is
 * served for `maxAgeMs`, then, while a new one is computed in the background, for up to `staleMs` more; one
 * computation at a time per instance.
 */
export interface SnapshotOptions {
  maxAgeMs?: number;
  staleMs?: number;
  /** Milliseconds of a monotonic clock; tests move it. */
  clock?: () => number;
}

export class StatsSnapshot<T> {
  private last: { value: T; at: number } | undefined;
  private pending: Promise<T> | undefined;
  private readonly maxAgeMs: number;
  private readonly staleMs: number;
  private readonly clock: () => number;

  private readonly compute: () => Promise<T>;
  private readonly large: (value: T) => boolean;

  constructor(
    compute: () => Promise<T>,
    large: (value: T) => boolean,
    { maxAgeMs = 60_000, staleMs = 240_000, clock = () => performance.now() }: SnapshotOptions = {},
  ) {
    this.compute = compute;
    this.large = large;
    this.maxAgeMs = maxAgeMs;
    this.staleMs = staleMs;
    this.clock = clock;
  }

  async get(): Promise<T> {
    const last = this.last;
    if (last && this.large(last.value)) {
      const age = this.clock() - last.at;
      if (age <= this.maxAgeMs) return last.value;
      if (age <= this.maxAgeMs + this.staleMs) {
        // A failed refresh leaves the last answer in place; the next request past its age tries again.
        this.refresh().catch(() => undefined);
        return last.value;
      }
    }
    return this.refresh();
  }

  private refresh(): Promise<T> {
    this.pending ??= this.compute()
      .then((value) => {
        this.last = { value, at: this.clock() };
        return value;
      })
      .finally(() => {
        this.pending = undefined;
      });
    return this.pending;
  }
}
