// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SubmittedGrievance } from "#shared/tracking/tracking.ts";
import type * as Store from "#web/lib/my-reports-store.ts";

// A fresh module per test: the store keeps what storage could not take in memory.
let store: typeof Store;
let hasAnnouncedReport: () => boolean;
beforeEach(async () => {
  vi.resetModules();
  localStorage.clear();
  sessionStorage.clear();
  store = await import("#web/lib/my-reports-store.ts");
  ({ hasAnnouncedReport } = await import("#web/lib/browser-storage.ts"));
});
afterEach(() => vi.restoreAllMocks());

const token = (n: number) => `${"A".repeat(31)}${"ABCDEFGHIJ"[n]}`;

function submitted(n: number): SubmittedGrievance {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    reference: `WS-2345${"ABCDEFGHJK"[n]}${"ABCDEFGHJK"[n]}`,
    title: `Report ${n}`,
    description: "Water everywhere.",
    location: null,
    latitude: null,
    longitude: null,
    affected: 1,
    expectedResolutionAt: "2026-11-29T10:00:00.000Z",
    category: "Other",
    priority: "medium",
    status: "pending",
    user_email: null,
    user_phone: null,
    images: [],
    created_at: "2026-11-22T10:00:00.000Z",
    trackingUrl: `https://water.example.org/track/${token(n)}`,
  };
}

const remember = (n: number) => {
  const report = store.rememberedReportOf(submitted(n))!;
  store.rememberReport(report);
  return report;
};

describe("reports remembered in this browser", () => {
  it("are kept newest first with their reference, title, token, link and date, once each", () => {
    remember(1);
    remember(2);
    remember(1);
    const kept = JSON.parse(localStorage.getItem("clean-water-portal.my-reports")!) as Store.RememberedReport[];
    expect(kept.map((r) => r.title)).toEqual(["Report 1", "Report 2"]);
    expect(kept[0]).toEqual({
      reference: "WS-2345BB",
      title: "Report 1",
      token: token(1),
      trackingUrl: `https://water.example.org/track/${token(1)}`,
      submittedAt: "2026-11-22T10:00:00.000Z",
      // What the success panel says: "Expected by <date>" (docs/decisions/030).
      expectedResolutionAt: "2026-11-29T10:00:00.000Z",
    });
  });

  it("are forgotten one by one, with the panel about that one", () => {
    const first = remember(1);
    remember(2);
    store.announceSubmitted(first);
    store.forgetReport(first.token);
    const kept = JSON.parse(localStorage.getItem("clean-water-portal.my-reports")!) as Store.RememberedReport[];
    expect(kept.map((r) => r.title)).toEqual(["Report 2"]);
    expect(store.announcedReport()).toBeUndefined();
  });

  it("leave out whatever in storage is not a well-formed entry", async () => {
    const good = remember(1);
    localStorage.setItem(
      "clean-water-portal.my-reports",
      JSON.stringify([good, { ...good, token: "short" }, { ...good, reference: "WS-0O1I00" }, null, "text"]),
    );
    vi.resetModules();
    store = await import("#web/lib/my-reports-store.ts");
    store.rememberReport(store.rememberedReportOf(submitted(2))!);
    const kept = JSON.parse(localStorage.getItem("clean-water-portal.my-reports")!) as Store.RememberedReport[];
    expect(kept.map((r) => r.title)).toEqual(["Report 2", "Report 1"]);

    localStorage.setItem("clean-water-portal.my-reports", "{not json");
    store.rememberReport(store.rememberedReportOf(submitted(3))!);
    expect(JSON.parse(localStorage.getItem("clean-water-portal.my-reports")!)).toHaveLength(1);
  });
});

describe("the report just submitted", () => {
  it("is announced to the list page until dismissed", () => {
    expect(hasAnnouncedReport()).toBe(false);
    const report = remember(1);
    store.announceSubmitted(report);
    expect(hasAnnouncedReport()).toBe(true);
    expect(store.announcedReport()).toEqual(report);
    store.dismissAnnouncement();
    expect(hasAnnouncedReport()).toBe(false);
    expect(store.announcedReport()).toBeUndefined();
  });

  it("is still announced, in memory, where the browser refuses to store it", () => {
    for (const storage of [localStorage, sessionStorage]) {
      vi.spyOn(storage, "setItem").mockImplementation(() => {
        throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      });
    }
    const report = remember(1);
    store.announceSubmitted(report);
    expect(localStorage.getItem("clean-water-portal.my-reports")).toBeNull();
    expect(hasAnnouncedReport()).toBe(true);
    expect(store.announcedReport()).toEqual(report);
  });
});
