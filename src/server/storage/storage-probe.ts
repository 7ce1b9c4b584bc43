import type { ImageStore } from "./image-store.ts";

export type ProbeResult = { ok: true } | { ok: false; error: unknown };

export interface StorageProbeOptions {
  /** How long a good answer is reused. */
  okForMs?: number;
  /** How long a failure is reused: shorter, so a repaired store is seen soon. */
  failedForMs?: number;
  now?: () => number;
}

/**
 * The storage check writes and deletes a probe object (a PUT and a DELETE on S3). Every form view and every
 * load-balancer probe asks for it, so the answer is reused for a while and concurrent askers share one probe
 * (docs/operating.md, "Health and readiness").
 */
export class StorageProbe {
  private readonly store: ImageStore;
  private readonly okForMs: number;
  private readonly failedForMs: number;
  private readonly now: () => number;
  private cached: { result: ProbeResult; until: number } | undefined;
  private inFlight: Promise<ProbeResult> | undefined;

  constructor(store: ImageStore, options: StorageProbeOptions = {}) {
    this.store = store;
    this.okForMs = options.okForMs ?? 30_000;
    this.failedForMs = options.failedForMs ?? 5_000;
    this.now = options.now ?? Date.now;
  }

  check(): Promise<ProbeResult> {
    if (this.cached && this.cached.until > this.now()) return Promise.resolve(this.cached.result);
    this.inFlight ??= this.store.check().then(
      () => this.remember({ ok: true }, this.okForMs),
      (error: unknown) => this.remember({ ok: false, error }, this.failedForMs),
    );
    return this.inFlight;
  }

  private remember(result: ProbeResult, forMs: number): ProbeResult {
    this.cached = { result, until: this.now() + forMs };
    this.inFlight = undefined;
    return result;
  }
}
