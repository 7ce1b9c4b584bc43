import { describe, expect, it } from "vitest";
import { activeFilterCount } from "#web/lib/list/grievance-filters.tsx";

// "Filters (N set)" counts what narrows the list or the queue, not how it is shown: sorting the console's queue by a
// column header must not read as a filter set.
describe("activeFilterCount", () => {
  it("counts the filters of the address, each key once", () => {
    expect(activeFilterCount(new URLSearchParams("q=leak&status=pending&priority=high&priority=urgent"))).toBe(3);
    expect(activeFilterCount(new URLSearchParams("overdue=true&hidden=only"))).toBe(2);
  });

  it("leaves out the view, the page and the order", () => {
    expect(activeFilterCount(new URLSearchParams("view=map&page=3&cursor=abc&sort=priority"))).toBe(0);
    expect(activeFilterCount(new URLSearchParams("sort=newest&status=pending"))).toBe(1);
  });
});
