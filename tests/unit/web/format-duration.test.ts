import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDuration } from "#web/lib/format-duration.ts";
import { activateWebLocale } from "../../support/web-i18n.ts";

describe("formatDuration", () => {
  beforeAll(() => activateWebLocale("en"));
  it("uses the two largest units, rounding down", () => {
    expect(formatDuration(2 * 86_400 + 4 * 3_600 + 59 * 60)).toBe("2 days 4 hours");
    expect(formatDuration(3_600 + 60)).toBe("1 hour 1 minute");
    expect(formatDuration(86_400 - 1)).toBe("23 hours 59 minutes");
  });

  it("does not skip a zero unit to show a smaller one", () => {
    expect(formatDuration(2 * 86_400 + 5 * 60)).toBe("2 days");
  });

  it("says 'less than a minute' for short or odd values", () => {
    expect(formatDuration(59)).toBe("less than a minute");
    expect(formatDuration(-5)).toBe("less than a minute");
  });

  it("can show one unit only (queue ages)", () => {
    expect(formatDuration(3 * 86_400 + 7_200, 1)).toBe("3 days");
  });
});

describe("formatDuration in another language", () => {
  beforeAll(() => activateWebLocale("es"));
  afterAll(() => activateWebLocale("en"));

  it("names and joins the units in that language", () => {
    expect(formatDuration(2 * 86_400 + 4 * 3_600)).toBe("2 días y 4 horas");
    expect(formatDuration(3_600, 1)).toBe("1 hora");
    expect(formatDuration(30)).toBe("menos de un minuto");
  });
});
