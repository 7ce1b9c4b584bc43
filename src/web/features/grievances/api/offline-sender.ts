import type { SubmittedGrievance } from "#shared/tracking/tracking.ts";
import { ApiRequestError, errorMessageOf } from "#web/lib/api-client.ts";
import { rememberedReportOf, rememberReport } from "#web/lib/my-reports-store.ts";
import { createGrievance } from "./report.ts";
import { listQueued, markRefused, removeQueued, type QueuedReport } from "./offline-queue.ts";

export interface SentReport {
  title: string;
  submitted: SubmittedGrievance;
}

/**
 * Worth another try later: no answer at all, the server's own trouble, "too many" (429), or "an attempt with this
 * key is still being stored" (409: an earlier send of this very report is in flight, or was cut off with its
 * instance and its claim on the key runs out shortly; the next try gets the stored report or stores it once).
 */
function isPassing(error: unknown): boolean {
  if (!(error instanceof ApiRequestError)) return true;
  return error.status === 0 || error.status === 409 || error.status === 429 || error.status >= 500;
}

let running: Promise<SentReport[]> | undefined;

async function sendAll(): Promise<SentReport[]> {
  const sent: SentReport[] = [];
  for (const report of await listQueued()) {
    if (report.refusal) continue;
    const photos = report.photos.map((photo) => new File([photo.bytes], photo.name, { type: photo.type }));
    try {
      const submitted = await createGrievance(report.values, photos, report.key);
      // Removed only once the server has it; if this tab closes in between, the next try sends the same key and
      // the server answers with the report it already stored.
      await removeQueued(report.key);
      const remembered = rememberedReportOf(submitted);
      if (remembered) rememberReport(remembered);
      sent.push({ title: report.values.title, submitted });
    } catch (error) {
      if (isPassing(error)) break;
      await markRefused(report, errorMessageOf(error));
    }
  }
  return sent;
}

/**
 * Sends every saved report that has not been refused, oldest first, each with its own Idempotency-Key. One run at a
 * time in this tab; another tab running at once sends the same keys, which the server stores once.
 */
export function sendQueuedReports(): Promise<SentReport[]> {
  running ??= sendAll().finally(() => {
    running = undefined;
  });
  return running;
}

export type { QueuedReport };
