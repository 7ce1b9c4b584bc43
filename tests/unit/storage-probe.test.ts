import { describe, expect, it } from "vitest";
import type { ImageStore } from "#server/storage/image-store.ts";
import { StorageProbe } from "#server/storage/storage-probe.ts";

function countingStore(outcomes: boolean[]) {
  const store = {
    probes: 0,
    async check() {
      const ok = outcomes[store.probes++] ?? true;
      if (!ok) throw new Error("bucket unreachable");
    },
  };
  return store;
}

describe("StorageProbe", () => {
  it("reuses a good answer for 30 s and shares one probe between concurrent askers", async () => {
    let now = 0;
    const store = countingStore([true, true]);
    const probe = new StorageProbe(store as unknown as ImageStore, { now: () => now });
    const answers = await Promise.all([probe.check(), probe.check(), probe.check()]);
    expect(answers.every((a) => a.ok)).toBe(true);
    expect(store.probes).toBe(1);
    now = 29_999;
    await probe.check();
    expect(store.probes).toBe(1);
    now = 30_000;
    await probe.check();
    expect(store.probes).toBe(2);
  });

  it("reuses a failure only briefly, so a repaired store is seen within seconds", async () => {
    let now = 0;
    const store = countingStore([false, true]);
    const probe = new StorageProbe(store as unknown as ImageStore, { now: () => now });
    const failed = await probe.check();
    expect(failed.ok).toBe(false);
    now = 4_999;
    expect((await probe.check()).ok).toBe(false);
    now = 5_000;
    expect((await probe.check()).ok).toBe(true);
    expect(store.probes).toBe(2);
  });
});
