import { describe, expect, it } from "vitest";
import { toE164 } from "#server/sms/phone-number.ts";
import { codingOf, fitToParts, partsOf } from "#server/sms/sms-text.ts";

describe("SMS length", () => {
  it("counts GSM-7 and UCS-2 parts as phones do", () => {
    expect(codingOf("Report WS-1234 received. Reply STATUS.")).toBe("gsm7");
    expect(codingOf("تم استلام بلاغك")).toBe("ucs2");
    expect(partsOf("a".repeat(160))).toBe(1);
    expect(partsOf("a".repeat(161))).toBe(2);
    // The extension table's characters take two septets.
    expect(partsOf("€".repeat(80))).toBe(1);
    expect(partsOf("€".repeat(81))).toBe(2);
    expect(partsOf("ب".repeat(70))).toBe(1);
    expect(partsOf("ب".repeat(71))).toBe(2);
    expect(partsOf("ب".repeat(201))).toBe(3);
    expect(partsOf("ب".repeat(202))).toBe(4);
  });

  it("cuts a long text to three parts at a word, with three dots", () => {
    const long = "water ".repeat(200);
    const cut = fitToParts(long);
    expect(partsOf(cut)).toBe(3);
    expect(cut.endsWith("water...")).toBe(true);
    const arabic = "ماء ".repeat(100);
    expect(partsOf(fitToParts(arabic))).toBe(3);
    expect(fitToParts("short")).toBe("short");
  });

  it("never cuts a surrogate pair in two", () => {
    const cut = fitToParts("💧".repeat(200));
    expect(cut.replace(/\.\.\.$/, "")).toMatch(/^(💧)+$/u);
  });
});

describe("phone numbers", () => {
  it("reads international and local numbers into E.164", () => {
    expect(toE164("+254712345678", undefined)).toBe("+254712345678");
    expect(toE164("254712345678", undefined)).toBe("+254712345678");
    expect(toE164("00254712345678", undefined)).toBe("+254712345678");
    expect(toE164("0712 345 678", "KE")).toBe("+254712345678");
    expect(toE164("0712 345 678", undefined)).toBeUndefined();
    expect(toE164("12", "KE")).toBeUndefined();
    expect(toE164("not a number", "KE")).toBeUndefined();
  });
});
