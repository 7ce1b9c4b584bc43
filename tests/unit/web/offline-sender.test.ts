import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError } from "#web/lib/api-client.ts";
import type { QueuedReport } from "#web/features/grievances/api/offline-queue.ts";

// The kept reports and the network are replaced; what is checked is what the sender decides for each answer.
const queue = vi.hoisted(() => ({ reports: [] as QueuedReport[], refused: [] as string[], removed: [] as string[] }));
const send = vi.hoisted(() => ({ createGrievance: vi.fn() }));

vi.mock("#web/features/grievances/api/offline-queue.ts", () => ({
  listQueued: async () => queue.reports,
  removeQueued: async (key: string) => void queue.removed.push(key),
  markRefused: async (report: QueuedReport) => void queue.refused.push(report.key),
}));
vi.mock("#web/features/grievances/api/report.ts", () => send);
vi.mock("#web/lib/my-reports-store.ts", () => ({
  rememberedReportOf: () => undefined,
  rememberReport: () => undefined,
}));

const { sendQueuedReports } = await import("#web/features/grievances/api/offline-sender.ts");

const kept = (key: string) =>
  ({ key, values: { title: `Report ${key}` }, photos: [], savedAt: 0 }) as unknown as QueuedReport;

describe("sending the reports kept on the phone", () => {
  beforeEach(() => {
    queue.reports = [kept("a"), kept("b")];
    queue.refused = [];
    queue.removed = [];
    send.createGrievance.mockReset();
  });

  it.each([
    ["no answer at all", 0],
    ["an attempt with the same key still being stored (an instance cut off mid-submit)", 409],
    ["too many requests", 429],
    ["the proxy's bad gateway", 502],
    ["the database unavailable", 503],
  ])("keeps the report for another try after %s (%i)", async (_what, status) => {
    send.createGrievance.mockRejectedValue(new ApiRequestError("Not now", status));
    expect(await sendQueuedReports()).toEqual([]);
    expect(queue.refused).toEqual([]);
    expect(queue.removed).toEqual([]);
    // It stops at the first: the later ones would meet the same trouble.
    expect(send.createGrievance).toHaveBeenCalledTimes(1);
  });

  it("marks a report the server refuses for what it holds as refused, and goes on with the next", async () => {
    send.createGrievance
      .mockRejectedValueOnce(new ApiRequestError("Please enter a title.", 400))
      .mockResolvedValueOnce({ id: "1", reference: "WS-AAAAAA", trackingToken: "t" });
    const sent = await sendQueuedReports();
    expect(queue.refused).toEqual(["a"]);
    expect(queue.removed).toEqual(["b"]);
    expect(sent.map((report) => report.title)).toEqual(["Report b"]);
  });
});
