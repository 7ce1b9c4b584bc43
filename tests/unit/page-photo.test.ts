import { afterEach, describe, expect, it, vi } from "vitest";
import type { GrievanceRepository } from "#server/grievances/grievance-repository.ts";
import { PAGE_PHOTO_WAIT_MS, pagePhotoFinder } from "#server/grievances/page-photo.ts";

// A page's HTML names its largest photo only when the database answers soon: a frozen one must not hold the page.
describe("the photo a page's HTML names", () => {
  afterEach(() => vi.useRealTimers());

  it("goes without it when the database does not answer, instead of waiting for the statement timeout", async () => {
    vi.useFakeTimers();
    const frozen = { list: () => new Promise(() => undefined), findById: () => new Promise(() => undefined) };
    const find = pagePhotoFinder(frozen as unknown as GrievanceRepository);
    const list = find("/grievances", "");
    const report = find("/grievance/00000000-0000-4000-8000-000000000000", "");
    let settled = 0;
    void Promise.all([list, report]).then(() => (settled = 2));
    await vi.advanceTimersByTimeAsync(PAGE_PHOTO_WAIT_MS - 1);
    expect(settled).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(await list).toBeUndefined();
    expect(await report).toBeUndefined();
  });

  it("goes without it when the database refuses", async () => {
    const failing = {
      list: () => Promise.reject(new Error("down")),
      findById: () => Promise.reject(new Error("down")),
    };
    const find = pagePhotoFinder(failing as unknown as GrievanceRepository);
    expect(await find("/grievances", "")).toBeUndefined();
    expect(await find("/grievance/x", "")).toBeUndefined();
  });
});
