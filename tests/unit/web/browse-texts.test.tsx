// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { PublicStats } from "#shared/staff/staff-api.ts";
import { AffectedCount } from "#web/lib/grievance-view/affected-count.tsx";
import { ImageGallery } from "#web/lib/grievance-view/attached-images.tsx";
import { OverdueSummary } from "#web/features/progress/components/stats-tables.tsx";
import { activateWebLocale } from "../../support/web-i18n.ts";

/**
 * The list's, details' and statistics' texts (docs/decisions/019-languages.md): English exactly as before, other
 * languages counting their own way, and a sentence with an element inside it kept whole.
 */
const stats: PublicStats = {
  generatedAt: "2026-03-05T14:07:00.000Z",
  total: 12,
  byStatus: { pending: 4, "in-progress": 3, resolved: 5 },
  byCategory: {},
  windows: [],
  open: 7,
  overdueOpen: 2,
  overdueShare: 2 / 7,
  overdueTargetDays: { low: 30, medium: 14, high: 3, urgent: 1 },
  incidents: {
    declared: 0,
    active: 0,
    medianDurationHours: null,
    reportsPerIncident: null,
    medianMinutesFromFirstReportToDeclaration: null,
  },
  trends: {
    weeks: [],
    medianResolutionSeconds: null,
    p90ResolutionSeconds: null,
    backlog: [],
    withinTargetByPriority: [],
    withinTargetByCategory: [],
    fixedAnswers: { yes: 0, no: 0 },
    incidents: [],
  },
};

const images = [1, 2, 3].map((n) => ({ url: `/i/${n}.jpg`, thumbnailUrl: `/i/${n}-t.webp` }));

describe("browse texts", () => {
  beforeEach(() => activateWebLocale("en"));
  afterEach(cleanup);

  it("are the English ones in English", () => {
    render(
      <>
        <AffectedCount affected={1} />
        <AffectedCount affected={3} />
        <OverdueSummary stats={stats} />
        <ImageGallery images={images} noun="photo" />
      </>,
    );
    expect(screen.getAllByTestId("affected-count").map((node) => node.textContent)).toEqual([
      "1 person affected",
      "3 people affected",
    ]);
    expect(screen.getByTestId("overdue-share").textContent).toBe("29% of open reports are overdue (2 of 7).");
    expect(screen.getByTestId("overdue-share").querySelector("strong")?.textContent).toBe("29%");
    expect(screen.getByRole("button", { name: "View photo 2 of 3" })).toBeTruthy();
  });

  it("count and place the element each language's way", () => {
    activateWebLocale("ar");
    render(
      <>
        <AffectedCount affected={2} />
        <AffectedCount affected={5} />
        <OverdueSummary stats={stats} />
      </>,
    );
    expect(screen.getAllByTestId("affected-count").map((node) => node.textContent)).toEqual([
      "شخصان متأثران",
      "5 أشخاص متأثرون",
    ]);
    const share = screen.getByTestId("overdue-share");
    expect(share.textContent).toContain("من البلاغات المفتوحة متأخرة (2 من 7).");
    expect(share.querySelector("strong")?.textContent).toMatch(/^29/);
  });
});
