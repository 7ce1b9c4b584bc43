import { beforeAll, describe, expect, it } from "vitest";
import { pageLinks, type Paged } from "#web/lib/list/pagination-links.ts";
import { activateWebLocale } from "../../support/web-i18n.ts";

const full = Array.from({ length: 12 });
const page = (overrides: Partial<Paged>): Paged => ({
  page: 1,
  pageSize: 12,
  matching: 30,
  matchingCapped: false,
  items: full,
  nextCursor: null,
  prevCursor: null,
  ...overrides,
});

describe("pageLinks", () => {
  // The label is a message ("Page {page} of {pages}"): English is the language these expectations read.
  beforeAll(() => activateWebLocale("en"));

  it("is nothing when one page holds every match", () => {
    expect(pageLinks("?q=pipe", page({ matching: 12 }))).toBeNull();
    expect(pageLinks("", page({ matching: 0, items: [] }))).toBeNull();
  });

  it("follows the cursors, keeps the filters and numbers the pages", () => {
    const links = pageLinks("?q=pipe&page=2&cursor=OLD", page({ page: 2, nextCursor: "NEXT", prevCursor: "PREV" }));
    expect(links).toEqual({ label: "Page 2 of 3", previous: "?q=pipe", next: "?q=pipe&page=3&cursor=NEXT" });
    const third = pageLinks("?q=pipe&page=3&cursor=NEXT", page({ page: 3, items: full.slice(6), prevCursor: "BACK" }));
    expect(third).toEqual({ label: "Page 3 of 3", previous: "?q=pipe&page=2&cursor=BACK", next: null });
  });

  it("falls back to page numbers where there is no cursor", () => {
    // Beyond the last page: nothing to stand on, so the previous page by number.
    expect(pageLinks("?page=9", page({ page: 9, items: [] }))).toEqual({
      label: "Page 9 of 3",
      previous: "?page=8",
      next: null,
    });
    // The staff queue answers without cursors.
    const staff: Paged = { page: 2, pageSize: 12, matching: 30, matchingCapped: false, items: full };
    expect(pageLinks("?status=pending&page=2", staff)).toEqual({
      label: "Page 2 of 3",
      previous: "?status=pending",
      next: "?status=pending&page=3",
    });
  });

  it("above the count cap, numbers only the pages it knows of and offers Next while there is one", () => {
    const capped = { matching: 10_000, matchingCapped: true };
    expect(pageLinks("", page({ ...capped, page: 3, nextCursor: "N", prevCursor: "P" }))?.label).toBe("Page 3 of 834+");
    const deep = pageLinks("?page=900&cursor=X", page({ ...capped, page: 900, nextCursor: "N", prevCursor: "P" }));
    expect(deep).toEqual({ label: "Page 900", previous: "?page=899&cursor=P", next: "?page=901&cursor=N" });
    expect(pageLinks("", page({ ...capped, page: 1_200, nextCursor: null, prevCursor: "P" }))?.next).toBeNull();
    // The staff queue past the known pages: a full page may have more behind it, a short one has not.
    const staff = { pageSize: 12, ...capped };
    expect(pageLinks("", { ...staff, page: 900, items: full })?.next).toBe("?page=901");
    expect(pageLinks("", { ...staff, page: 900, items: full.slice(1) })?.next).toBeNull();
  });

  it("says where the page stands in the visitor's language", () => {
    activateWebLocale("es");
    try {
      const capped = { matching: 10_000, matchingCapped: true };
      expect(pageLinks("", page({ ...capped, page: 3, nextCursor: "N", prevCursor: "P" }))?.label).toBe(
        "Página 3 de 834+",
      );
      expect(pageLinks("", page({ ...capped, page: 1_200, nextCursor: null, prevCursor: "P" }))?.label).toBe(
        "Página 1200",
      );
    } finally {
      activateWebLocale("en");
    }
  });
});
