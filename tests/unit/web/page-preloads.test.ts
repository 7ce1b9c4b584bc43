import { describe, expect, it, vi } from "vitest";
import { preloadPage, registerPagePreload } from "#web/lib/page-preloads.ts";

/** A page asks for the next page's chunks by name; the route table says how they load (src/web/lib/page-preloads.ts). */
describe("page preloads", () => {
  it("asks for nothing, and throws nothing, before the route table has said how a page loads", () => {
    expect(() => preloadPage("list")).not.toThrow();
  });

  it("starts the registered loader of the page asked for, and swallows its failure", async () => {
    const load = vi.fn(() => Promise.reject(new Error("offline")));
    const unhandled = vi.fn();
    process.on("unhandledRejection", unhandled);
    try {
      registerPagePreload("list", load);
      preloadPage("list");
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(load).toHaveBeenCalledTimes(1);
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off("unhandledRejection", unhandled);
    }
  });
});
