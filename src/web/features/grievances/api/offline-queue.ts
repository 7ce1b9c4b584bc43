import { createStore, del, entries, keys, set, type UseStore } from "idb-keyval";
import type { GrievanceField } from "#shared/grievances/grievance-schema.ts";
import { QUEUE_CHANGED_EVENT, QUEUED_COUNT_KEY } from "./offline-flag.ts";

/**
 * Reports filled in without a connection, kept in this browser's IndexedDB, photos included (as Blobs), until they
 * are sent (docs/offline.md). Each keeps the Idempotency-Key it was given when it was saved, and is sent with it
 * every time, so a report is stored once however many times a flaky connection makes the browser try.
 */
export interface QueuedReport {
  /** The report's Idempotency-Key, also its key in the store. */
  key: string;
  values: Record<GrievanceField, string>;
  photos: { name: string; type: string; bytes: Blob }[];
  savedAt: string;
  /** Set when the server refused it (a 4xx other than 429): it stays, to be seen and discarded, never lost silently. */
  refusal?: string;
}

// One connection to the database for the page's life, opened when first needed.
let opened: UseStore | undefined;
const store = (): UseStore => (opened ??= createStore("clean-water-portal", "offline-reports"));

/**
 * Keeps the count in localStorage too, read synchronously at start: only a browser holding saved reports downloads
 * the code that sends them (offline-outbox-slot.tsx), so the first load of everyone else stays as light as before.
 * Counted by keys, without reading the photos.
 */
async function noteCount(): Promise<void> {
  const count = (await keys(store())).length;
  try {
    if (count > 0) localStorage.setItem(QUEUED_COUNT_KEY, String(count));
    else localStorage.removeItem(QUEUED_COUNT_KEY);
  } catch {
    // Storage refused (private mode, full): the outbox is then loaded when the next report is saved.
  }
  window.dispatchEvent(new Event(QUEUE_CHANGED_EVENT));
}

export async function saveForLater(report: Omit<QueuedReport, "savedAt">): Promise<void> {
  await set(report.key, { ...report, savedAt: new Date().toISOString() } satisfies QueuedReport, store());
  await noteCount();
}

/** Oldest first: they are sent in the order they were written. */
export async function listQueued(): Promise<QueuedReport[]> {
  const all = await entries<string, QueuedReport>(store());
  return all.map(([, report]) => report).sort((a, b) => a.savedAt.localeCompare(b.savedAt));
}

export async function removeQueued(key: string): Promise<void> {
  await del(key, store());
  await noteCount();
}

export async function markRefused(report: QueuedReport, refusal: string): Promise<void> {
  await set(report.key, { ...report, refusal }, store());
  await noteCount();
}
