import type { Endpoint } from "./endpoints.ts";
import { SPAN_DAYS } from "./seed-text.ts";

/** W3C-DTF as FixMyStreet writes DateTime->now: whole seconds, Z. */
const w3c = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;
const HOUR_MS = 3_600_000;

/**
 * Open311 as FixMyStreet calls it every few minutes (perllib/Open311/GetServiceRequestUpdates.pm and
 * GetServiceRequests.pm): the status changes of the last two hours, of the last day (its "24hs" job), and the new
 * requests of the last hour. The windows end at the moment the bench starts, so every request of a row asks the same.
 */
export function open311Endpoints(now = Date.now()): Endpoint[] {
  const window = (hours: number, endsAgo = 0) =>
    `start_date=${w3c(now - (endsAgo + hours) * HOUR_MS)}&end_date=${w3c(now - endsAgo * HOUR_MS)}`;
  const target = { ratio: 2, ms: 100 };
  // These answers hold every change (or request) of their window, so they grow with the portal: a few at 1K, some
  // 750 updates in two hours at 1M. Their ratio compares answers of different sizes; the cost per row is what
  // stays flat, and the quiet window (before the seeded span, empty at every size) shows that finding the window
  // does not grow with the tables.
  const grows = "the answer holds the whole window, so it grows with the data: compare per row, not per request";
  return [
    {
      name: "Open311 updates, last 2 hours (FixMyStreet)",
      paths: [`/open311/v2/servicerequestupdates.xml?api_key=&${window(2)}`],
      target,
      note: grows,
    },
    {
      name: "Open311 updates, last 24 hours",
      paths: [`/open311/v2/servicerequestupdates.xml?${window(24)}`],
      target,
      note: grows,
    },
    {
      name: "Open311 updates, 2 quiet hours",
      paths: [`/open311/v2/servicerequestupdates.xml?${window(2, (SPAN_DAYS + 30) * 24)}`],
      target,
    },
    { name: "Open311 requests, last hour", paths: [`/open311/v2/requests.xml?${window(1)}`], target, note: grows },
  ];
}
