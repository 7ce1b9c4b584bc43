import { describe, expect, it } from "vitest";
import { phoneKey, scrubContactDetails } from "#server/privacy/personal-data-scrub.ts";

describe("contact details in a report's text", () => {
  it("replaces e-mail addresses and phone numbers, however they are written", () => {
    const { text, replaced } = scrubContactDetails(
      "Call me on +254 712-345 678 or (020) 123 4567, or write to Amina.W@example.co.ke. Tap broken since 2024.",
    );
    expect(text).toBe("Call me on [removed] or [removed], or write to [removed]. Tap broken since 2024.");
    expect(replaced).toBe(3);
  });

  it("keeps what is not a phone number: house numbers, years, short readings, references", () => {
    const input =
      "House 12, meter at 004512, since 12/03/2025, 2025-03-12 and 12.03.2025, report WS-3F9K2A, 250 m from the kiosk";
    expect(scrubContactDetails(input)).toEqual({ text: input, replaced: 0 });
  });

  it("works on Arabic and Devanagari text around the number", () => {
    expect(scrubContactDetails("اتصل بي على 0712345678 شكرا").text).toBe("اتصل بي على [removed] شكرا");
    expect(scrubContactDetails("मुझे 98765 43210 पर फ़ोन करें").text).toBe("मुझे [removed] पर फ़ोन करें");
  });

  it("matches a number typed locally with the one kept internationally", () => {
    expect(phoneKey("0712 345 678")).toBe(phoneKey("+254712345678"));
  });
});
