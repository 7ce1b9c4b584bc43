import { afterEach, describe, expect, it, vi } from "vitest";
import {
  formatDate,
  formatDateTime,
  maskEmail,
  maskPhone,
  priorityBadge,
  statusLabel,
  truncateDescription,
} from "#shared/format.ts";

describe("statusLabel", () => {
  it("capitalises the first letter and turns hyphens into spaces", () => {
    expect(statusLabel("pending")).toBe("Pending");
    expect(statusLabel("in-progress")).toBe("In progress");
    expect(statusLabel("resolved")).toBe("Resolved");
  });
});

describe("priorityBadge", () => {
  it("is the priority in capitals, with the word PRIORITY on the details page", () => {
    expect(priorityBadge("urgent")).toBe("URGENT");
    expect(priorityBadge("low", true)).toBe("LOW PRIORITY");
  });
});

describe("truncateDescription", () => {
  it("keeps a description of at most 100 characters as it is", () => {
    const exactly100 = "a".repeat(100);
    expect(truncateDescription(exactly100)).toBe(exactly100);
    expect(truncateDescription("short")).toBe("short");
  });

  it("cuts a longer one at 100 characters and adds ...", () => {
    const text = `${"b".repeat(100)}tail`;
    expect(truncateDescription(text)).toBe(`${"b".repeat(100)}...`);
  });
});

describe("dates", () => {
  // Built from local parts, so the expectation holds in any time zone the tests run in.
  const moment = new Date(2026, 2, 5, 9, 7);

  it("formats dates as MMM dd, yyyy", () => {
    expect(formatDate(moment)).toBe("Mar 05, 2026");
    expect(formatDate(moment.toISOString())).toBe("Mar 05, 2026");
  });

  it("formats date and time as MMM dd, yyyy HH:mm", () => {
    expect(formatDateTime(moment)).toBe("Mar 05, 2026 09:07");
  });

  it("writes every month in three letters, midnight as 00 and the afternoon in 24 hours", () => {
    const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
    months.forEach((month, index) => expect(formatDate(new Date(2026, index, 1))).toBe(`${month} 01, 2026`));
    expect(formatDateTime(new Date(2026, 0, 9, 0, 0))).toBe("Jan 09, 2026 00:00");
    expect(formatDateTime(new Date(2025, 11, 31, 23, 59))).toBe("Dec 31, 2025 23:59");
    expect(formatDateTime(new Date(2026, 2, 5, 14, 7))).toBe("Mar 05, 2026 14:07");
  });
});

describe("dates in the visitor's time zone", () => {
  const originalZone = process.env.TZ;
  afterEach(() => {
    if (originalZone === undefined) delete process.env.TZ;
    else process.env.TZ = originalZone;
    vi.resetModules();
  });

  // A fresh module per zone: the formatter is created on first use, in the zone the runtime has then.
  async function formatIn(zone: string) {
    process.env.TZ = zone;
    vi.resetModules();
    return import("#shared/format.ts");
  }

  it("shows the same instant in each visitor's own zone", async () => {
    const instant = "2026-03-05T00:07:00.000Z";
    expect((await formatIn("UTC")).formatDateTime(instant)).toBe("Mar 05, 2026 00:07");
    expect((await formatIn("Asia/Kathmandu")).formatDateTime(instant)).toBe("Mar 05, 2026 05:52");
    const losAngeles = await formatIn("America/Los_Angeles");
    expect(losAngeles.formatDateTime(instant)).toBe("Mar 04, 2026 16:07");
    expect(losAngeles.formatDate(instant)).toBe("Mar 04, 2026");
  });
});

describe("masking contact details", () => {
  it("keeps the first letter and the domain of an e-mail address", () => {
    expect(maskEmail("jane.doe@example.org")).toBe("j\u2022\u2022\u2022@example.org");
  });

  it("hides an address without a local part entirely", () => {
    expect(maskEmail("@example.org")).toBe("\u2022\u2022\u2022");
  });

  it("keeps only the last two digits of a phone number", () => {
    expect(maskPhone("+254 700 123 489")).toBe("\u2022\u2022\u2022\u2022\u2022\u2022\u202289");
    expect(maskPhone("12")).toBe("\u2022\u2022\u2022\u2022\u2022\u2022\u2022");
  });
});
