// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { affectedBodySchema } from "#shared/places/location-schemas.ts";
import type * as Store from "#web/lib/browser-id-store.ts";

// A fresh module per test: the store and browser-storage.ts keep what storage could not take in memory.
let store: typeof Store;
beforeEach(async () => {
  vi.resetModules();
  localStorage.clear();
  store = await import("#web/lib/browser-id-store.ts");
});
afterEach(() => vi.restoreAllMocks());

describe("browser id", () => {
  it("is made once, in the form the server accepts, and kept in localStorage", () => {
    const id = store.browserId();
    expect(affectedBodySchema.safeParse({ browserId: id }).success).toBe(true);
    expect(store.browserId()).toBe(id);
    expect(localStorage.getItem(store.AFFECTED_STORAGE_KEYS.browserId)).toBe(id);
  });

  it("differs between browsers", () => {
    const first = store.browserId();
    localStorage.clear();
    expect(store.browserId()).not.toBe(first);
  });

  it("replaces a stored value the server would refuse", () => {
    localStorage.setItem(store.AFFECTED_STORAGE_KEYS.browserId, "short");
    const id = store.browserId();
    expect(id).not.toBe("short");
    expect(affectedBodySchema.safeParse({ browserId: id }).success).toBe(true);
  });

  it("stays the same for the visit when storage throws", () => {
    vi.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new Error("blocked");
    });
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new Error("blocked");
    });
    const id = store.browserId();
    expect(store.browserId()).toBe(id);
  });
});

describe("reports this browser is affected by", () => {
  it("remembers a report once", () => {
    expect(store.isMarkedAffected("a")).toBe(false);
    store.markAffected("a");
    store.markAffected("a");
    store.markAffected("b");
    expect(store.isMarkedAffected("a")).toBe(true);
    expect(JSON.parse(localStorage.getItem(store.AFFECTED_STORAGE_KEYS.affected)!)).toEqual(["b", "a"]);
  });

  it("ignores unreadable storage and starts afresh", () => {
    localStorage.setItem(store.AFFECTED_STORAGE_KEYS.affected, "{not json");
    expect(store.isMarkedAffected("a")).toBe(false);
    store.markAffected("a");
    expect(store.isMarkedAffected("a")).toBe(true);
    localStorage.setItem(store.AFFECTED_STORAGE_KEYS.affected, JSON.stringify([1, "c", null]));
    expect(store.isMarkedAffected("c")).toBe(true);
  });

  it("keeps the newest 500", () => {
    for (let i = 0; i < 501; i += 1) store.markAffected(`r${i}`);
    expect(store.isMarkedAffected("r500")).toBe(true);
    expect(store.isMarkedAffected("r0")).toBe(false);
  });

  it("is kept in memory when storage cannot be written", () => {
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new Error("full");
    });
    store.markAffected("a");
    expect(store.isMarkedAffected("a")).toBe(true);
  });
});
