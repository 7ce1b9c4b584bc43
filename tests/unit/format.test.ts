import { describe, expect, it } from "vitest";
import {
  formatDate,
  formatDateTime,
  maskEmail,
  maskPhone,
  priorityBadge,
  statusLabel,
  truncateDescription,
} from "../../src/shared/format.ts";

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
