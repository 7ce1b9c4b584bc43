/**
 * The browser's storage for the reporter's own reports (my-reports-store.ts), small enough for the list page to
 * ask whether a report was just submitted without loading the rest. Storage may be unusable (blocked by the
 * browser, full): then values are kept in memory for this page visit, so a submit still leads to its link.
 */
export const STORAGE_KEYS = {
  /** localStorage: the reports submitted from this browser. */
  reports: "clean-water-portal.my-reports",
  /** sessionStorage: the report just submitted, until the list page's panel about it is dismissed. */
  announced: "clean-water-portal.just-submitted",
} as const;

export type StorageKind = "localStorage" | "sessionStorage";

// Values whose write to storage failed, or that have no storage: read from here instead.
const inMemory = new Map<string, string | null>();
const listeners = new Set<() => void>();

function storageOf(kind: StorageKind): Storage | undefined {
  try {
    return window[kind];
  } catch {
    // Reading window.localStorage itself throws where the browser blocks site data.
    return undefined;
  }
}

export function readItem(kind: StorageKind, key: string): string | null {
  if (inMemory.has(key)) return inMemory.get(key) ?? null;
  try {
    return storageOf(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** `null` removes the item. */
export function writeItem(kind: StorageKind, key: string, value: string | null): void {
  try {
    const storage = storageOf(kind);
    if (!storage) throw new Error("no storage");
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
    inMemory.delete(key);
  } catch {
    inMemory.set(key, value);
  }
  for (const listener of listeners) listener();
}

/** Calls `listener` after every write here, and when another tab of the portal changes storage. */
export function subscribeToStorage(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

/** Whether a report was just submitted and its panel not yet dismissed (cheap: no parsing). */
export const hasAnnouncedReport = (): boolean => readItem("sessionStorage", STORAGE_KEYS.announced) !== null;
