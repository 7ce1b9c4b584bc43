import { describe, expect, it } from "vitest";
import { similarSearch } from "#web/features/grievances/api/similar-reports.ts";

describe("similarSearch", () => {
  const pin = { latitude: 1.25, longitude: -3.5 };

  it("waits for a category and a pin or a title long enough to compare", () => {
    expect(similarSearch({ category: "", title: "Burst main", pin })).toBeUndefined();
    expect(similarSearch({ category: "Leakage Issues", title: " ab ", pin: null })).toBeUndefined();
  });

  it("asks with what there is, the title trimmed and a too short one left out", () => {
    expect(similarSearch({ category: "Leakage Issues", title: "  Burst main ", pin: null })).toBe(
      "?category=Leakage+Issues&title=Burst+main",
    );
    expect(similarSearch({ category: "Leakage Issues", title: "ab", pin })).toBe(
      "?category=Leakage+Issues&latitude=1.25&longitude=-3.5",
    );
  });

  it("leaves a pin at 0,0 out: it is refused, and nothing is near it", () => {
    const nullIsland = { latitude: 0, longitude: 0 };
    expect(similarSearch({ category: "Leakage Issues", title: "ab", pin: nullIsland })).toBeUndefined();
    expect(similarSearch({ category: "Leakage Issues", title: "Burst main", pin: nullIsland })).toBe(
      "?category=Leakage+Issues&title=Burst+main",
    );
  });
});
