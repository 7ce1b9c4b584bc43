import { msg } from "#shared/i18n/locales.ts";

/**
 * What the first load needs to know of the offline outbox, without IndexedDB or the outbox's code: whether this
 * browser holds saved reports (a count kept in localStorage by offline-queue.ts), and the event that says it changed.
 */
export const QUEUED_COUNT_KEY = "offline-reports-count";
export const QUEUE_CHANGED_EVENT = "offline-reports-changed";

export function hasQueuedReportsHint(): boolean {
  try {
    return Number(localStorage.getItem(QUEUED_COUNT_KEY) ?? 0) > 0;
  } catch {
    return false;
  }
}

/** What the form says when it keeps a report for later (docs/offline.md); a message id, shown with t(). */
export const SAVED_OFFLINE_MESSAGE = msg("Saved on this phone — will be sent when you are back online");
