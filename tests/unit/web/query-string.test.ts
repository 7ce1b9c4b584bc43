import { describe, expect, it } from "vitest";
import { changedQuery, searchOf } from "#web/lib/query-string.ts";
import { listSearch, paths } from "#web/lib/paths.ts";
import { timeAgo } from "#web/lib/time-ago.ts";

describe("searchOf", () => {
  it("leaves out blank, null and undefined values and writes an area as the API reads it", () => {
    expect(searchOf({ q: "burst main", category: "", status: null, priority: undefined, page: 2 })).toBe(
      "?q=burst+main&page=2",
    );
    expect(searchOf({ bbox: { minLon: 36.8, minLat: -1.3, maxLon: 36.9, maxLat: -1.2 } })).toBe(
      "?bbox=36.8%2C-1.3%2C36.9%2C-1.2",
    );
    expect(searchOf({ q: "   " })).toBe("");
  });

  it("gives the list's and the sign-in page's addresses", () => {
    expect(listSearch({ q: "pipe", page: 1, view: "list" })).toBe("?q=pipe");
    expect(listSearch({ page: "3", view: "map" })).toBe("?page=3&view=map");
    expect(paths.staffSignIn("/staff?status=pending")).toBe("/staff/sign-in?next=%2Fstaff%3Fstatus%3Dpending");
    expect(paths.staffSignIn()).toBe("/staff/sign-in");
  });
});

describe("changedQuery", () => {
  it("sets and removes keys and goes back to the first page", () => {
    const current = new URLSearchParams("q=pipe&status=pending&page=4&cursor=abc&view=map");
    expect(changedQuery(current, { status: null, category: "Leakage Issues" }).toString()).toBe(
      "q=pipe&view=map&category=Leakage+Issues",
    );
  });

  it("keeps the page when told to, and never changes the query it was given", () => {
    const current = new URLSearchParams("q=pipe&page=4");
    expect(changedQuery(current, { page: "5" }, { backToFirstPage: false }).toString()).toBe("q=pipe&page=5");
    expect(current.toString()).toBe("q=pipe&page=4");
  });
});

describe("timeAgo", () => {
  const now = Date.parse("2026-11-24T12:00:00Z");
  it("says how long ago in the largest whole unit", () => {
    expect(timeAgo("2026-11-24T11:59:30Z", now)).toBe("this minute");
    expect(timeAgo("2026-11-24T09:00:00Z", now)).toBe("3 hours ago");
    expect(timeAgo("2026-11-23T11:00:00Z", now)).toBe("yesterday");
    expect(timeAgo("2026-11-03T12:00:00Z", now)).toBe("3 weeks ago");
  });

  it("says it in the language asked for", () => {
    expect(timeAgo("2026-11-24T09:00:00Z", now, "es")).toBe("hace 3 horas");
    expect(timeAgo("2026-11-23T11:00:00Z", now, "fr")).toBe("hier");
  });
});
