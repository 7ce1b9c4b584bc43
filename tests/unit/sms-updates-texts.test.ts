import path from "node:path";
import { describe, expect, it } from "vitest";
import { CATALOGUES_DIR, readCatalogueFile } from "#server/i18n/catalogue-files.ts";
import { composeSms } from "#server/sms/sms-compose.ts";
import { SMS_CONSENT_MESSAGES } from "#server/sms/sms-consent.ts";
import { codingOf, partsOf } from "#server/sms/sms-text.ts";

// The SMS the portal sends on its own (docs/decisions/038-sms-updates.md): their length and their alphabet.

describe("composeSms", () => {
  const QUESTION = "Is it fixed? Reply YES, or NO and what is still wrong";

  it("leaves a text that fits as it is, its pieces on lines of their own", () => {
    expect(composeSms("Report WS-1 is now Resolved.", "Valve replaced.", QUESTION)).toBe(
      `Report WS-1 is now Resolved.\nValve replaced.\n${QUESTION}`,
    );
    expect(composeSms("Report WS-1 is now Pending.", null)).toBe("Report WS-1 is now Pending.");
    expect(composeSms("Report WS-1 is now Pending.", "   ")).toBe("Report WS-1 is now Pending.");
  });

  it("cuts the words, never the head or the tail, to the longest that fits three parts", () => {
    const words = "The crew replaced the valve and flushed the line. ".repeat(20);
    const sms = composeSms("Report WS-1 is now Resolved.", words, QUESTION);
    expect(sms.startsWith("Report WS-1 is now Resolved.\nThe crew replaced")).toBe(true);
    expect(sms.endsWith(`...\n${QUESTION}`)).toBe(true);
    expect(partsOf(sms)).toBe(3);
    // Nearly all of the room left: 3 × 153 septets less the head, the tail, two line breaks and "...".
    const kept = sms.split("\n")[1]!;
    expect(kept.length).toBeGreaterThan(3 * 153 - 29 - QUESTION.length - 2 - 3 - 10);
  });

  it("counts UCS-2 when the words need it (Arabic): 67 units a part", () => {
    const sms = composeSms("Report WS-1 is now Resolved.", "استبدل الفريق الصمام. ".repeat(30), QUESTION);
    expect(codingOf(sms)).toBe("ucs2");
    expect(partsOf(sms)).toBe(3);
    expect(sms.endsWith(`...\n${QUESTION}`)).toBe(true);
  });
});

describe("the texts of catalogue part sms-updates", () => {
  it("are GSM-7 in English, Spanish and French (160 characters a part, not 70)", () => {
    for (const locale of ["en", "es", "fr"]) {
      const texts = readCatalogueFile(path.join(CATALOGUES_DIR, locale, "sms-updates.json"));
      for (const [id, text] of Object.entries(texts)) {
        // The consent's refusal is a form's message, not an SMS: its accents stay.
        if (id === SMS_CONSENT_MESSAGES.phoneUnreadable) continue;
        expect(codingOf(text), `${locale}: ${id}`).toBe("gsm7");
      }
    }
  });
});
