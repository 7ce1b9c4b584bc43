import { beforeAll, describe, expect, it } from "vitest";
import { formatCount } from "#shared/format.ts";
import { showingCount } from "#web/lib/i18n/format.ts";
import { activateWebLocale } from "../support/web-i18n.ts";

beforeAll(() => activateWebLocale("en"));

describe("formatCount", () => {
  it("groups thousands with commas", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(999)).toBe("999");
    expect(formatCount(10_000)).toBe("10,000");
    expect(formatCount(1_000_000)).toBe("1,000,000");
  });
});

describe("formatCount in other languages", () => {
  it("groups the way each language does", () => {
    expect(formatCount(1_000_000, "es")).toBe("1.000.000");
    expect(formatCount(1_000_000, "hi")).toBe("10,00,000");
  });
});

describe("showingCount", () => {
  it("keeps the specification's wording with exact numbers below the cap", () => {
    expect(showingCount({ matching: 5, matchingCapped: false, total: 12 })).toBe("Showing 5 of 12 grievances");
    expect(showingCount({ matching: 9_999, matchingCapped: false, total: 1_000_000 })).toBe(
      "Showing 9,999 of 1,000,000 grievances",
    );
  });

  it("says 1,000+ above the cap (docs/product-decisions.md D12)", () => {
    expect(showingCount({ matching: 1_000, matchingCapped: true, total: 1_000_000 })).toBe(
      "Showing 1,000+ of 1,000,000 grievances",
    );
  });

  it("names what the staff queue counts", () => {
    expect(showingCount({ matching: 1_000, matchingCapped: true, total: 25_000 }, "reports")).toBe(
      "Showing 1,000+ of 25,000 reports",
    );
  });
});
