import { useSyncExternalStore } from "react";
import { readItem, subscribeToStorage, writeItem } from "./browser-storage.ts";

/**
 * "I have this problem too" counts browsers (docs/decisions/016-map-and-location.md): this browser's random id,
 * made once, and the reports it has said it is affected by, so a button shows its state after a reload. Both live
 * in localStorage; where storage is unusable browser-storage.ts keeps them in memory for the visit, and the server's
 * answer (`counted: false`) still tells a second press apart.
 */
export const AFFECTED_STORAGE_KEYS = {
  browserId: "clean-water-portal.browser-id",
  affected: "clean-water-portal.affected-reports",
} as const;

/** What the server accepts (affectedBodySchema): another tab or a hand edit may have left anything there. */
const BROWSER_ID = /^[A-Za-z0-9_-]{16,64}$/;

// Enough for years of presses; the oldest go first beyond it, so storage never fills up.
const MAX_REMEMBERED = 500;

/** 16 random bytes as base64url: 22 characters, 128 bits, no padding. */
function newBrowserId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

export function browserId(): string {
  const stored = readItem("localStorage", AFFECTED_STORAGE_KEYS.browserId);
  if (stored && BROWSER_ID.test(stored)) return stored;
  const id = newBrowserId();
  writeItem("localStorage", AFFECTED_STORAGE_KEYS.browserId, id);
  return id;
}

const NONE: readonly string[] = [];
// useSyncExternalStore wants the same array while nothing changed.
let cached: { raw: string | null; ids: readonly string[] } = { raw: null, ids: NONE };

function affectedIds(): readonly string[] {
  const raw = readItem("localStorage", AFFECTED_STORAGE_KEYS.affected);
  if (raw === cached.raw) return cached.ids;
  let ids: readonly string[] = NONE;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : undefined;
    if (Array.isArray(parsed)) ids = parsed.filter((id): id is string => typeof id === "string");
  } catch {
    // Unreadable: as if nothing was remembered; the server still counts this browser once.
  }
  cached = { raw, ids };
  return ids;
}

export const isMarkedAffected = (grievanceId: string): boolean => affectedIds().includes(grievanceId);

export function markAffected(grievanceId: string): void {
  if (isMarkedAffected(grievanceId)) return;
  const ids = [grievanceId, ...affectedIds()].slice(0, MAX_REMEMBERED);
  writeItem("localStorage", AFFECTED_STORAGE_KEYS.affected, JSON.stringify(ids));
}

/** Whether this browser has said it is affected by the report; re-renders when that changes, in any tab. */
export function useMarkedAffected(grievanceId: string): boolean {
  return useSyncExternalStore(
    subscribeToStorage,
    () => isMarkedAffected(grievanceId),
    () => false,
  );
}
