import { describe, expect, it } from "vitest";
import { StatsSnapshot } from "#server/progress/stats-snapshot.ts";

// The statistics kept for a minute once they are large (docs/decisions/027-statistics-charts.md), on a clock the
// test moves.
function setUp(total: () => number) {
  let now = 0;
  let computed = 0;
  let release: (() => void) | undefined;
  let hold = false;
  const snapshot = new StatsSnapshot(
    async () => {
      computed += 1;
      const value = { total: total(), version: computed };
      if (hold) await new Promise<void>((resolve) => (release = resolve));
      return value;
    },
    (answer) => answer.total >= 100,
    { maxAgeMs: 60_000, staleMs: 240_000, clock: () => now },
  );
  return {
    snapshot,
    computed: () => computed,
    advance: (ms: number) => (now += ms),
    holdNext: () => (hold = true),
    releaseHeld: () => {
      hold = false;
      release?.();
    },
  };
}

describe("the statistics' snapshot", () => {
  it("computes a small portal's figures on every request", async () => {
    const s = setUp(() => 99);
    await s.snapshot.get();
    await s.snapshot.get();
    expect(s.computed()).toBe(2);
  });

  it("keeps a large portal's figures for a minute, then refreshes them in the background", async () => {
    const s = setUp(() => 100);
    expect((await s.snapshot.get()).version).toBe(1);
    s.advance(60_000);
    expect((await s.snapshot.get()).version).toBe(1);
    expect(s.computed()).toBe(1);
    // Past the minute: the last figures at once, the next ones computed meanwhile.
    s.advance(1);
    s.holdNext();
    expect((await s.snapshot.get()).version).toBe(1);
    expect((await s.snapshot.get()).version).toBe(1);
    expect(s.computed()).toBe(2);
    s.releaseHeld();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((await s.snapshot.get()).version).toBe(2);
  });

  it("waits for new figures once the kept ones are five minutes old", async () => {
    const s = setUp(() => 100);
    await s.snapshot.get();
    s.advance(300_001);
    expect((await s.snapshot.get()).version).toBe(2);
  });

  it("computes once for requests arriving together", async () => {
    const s = setUp(() => 5);
    s.holdNext();
    const both = Promise.all([s.snapshot.get(), s.snapshot.get()]);
    s.releaseHeld();
    const [a, b] = await both;
    expect(a).toBe(b);
    expect(s.computed()).toBe(1);
  });
});
