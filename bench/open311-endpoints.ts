import type { Endpoint } from "./endpoints.ts";

/** W3C-DTF as FixMyStreet writes DateTime->now: whole seconds, Z. */
const w3c = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;
const HOUR_MS = 3_600_000;

/**
 * Open311 as FixMyStreet calls it every few minutes (perllib/Open311/GetServiceRequestUpdates.pm and
 * GetServiceRequests.pm): the status changes of the last two hours, of the last day (its "24hs" job), and the new
 * requests of the last hour. The windows end at the moment the bench starts, so every request of a row asks the same.
 */
export function open311Endpoints(now = Date.now()): Endpoint[] {
  const window = (hours: number) => `start_date=${w3c(now - hours * HOUR_MS)}&end_date=${w3c(now)}`;
  const target = { ratio: 2, ms: 100 };
  return [
    { name: "Open311 updates, last 2 hours (FixMyStreet)", paths: [`/open311/v2/servicerequestupdates.xml?api_key=&${window(2)}`], target },
    { name: "Open311 updates, last 24 hours", paths: [`/open311/v2/servicerequestupdates.xml?${window(24)}`], target },
    { name: "Open311 requests, last hour", paths: [`/open311/v2/requests.xml?${window(1)}`], target },
  ];
}
