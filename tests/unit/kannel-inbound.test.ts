import { describe, expect, it } from "vitest";
import { decodeSmsText, hasInboundToken, rawQueryParameters } from "#server/sms/kannel-inbound.ts";

/** The bytes Kannel 1.4.5 put in %a, as seen on these machines with fakesmsc (docs/decisions/037-sms-conversations.md). */
const utf16be = (text: string) => {
  const little = Buffer.from(text, "utf16le");
  return Buffer.from(little.map((_, i) => little[i ^ 1]!));
};
// Percent-encoded as Kannel writes it: unreserved bytes as they are, a space byte as "+".
const kannelEncoded = (bytes: Buffer) =>
  [...bytes]
    .map((b) =>
      b === 0x20
        ? "+"
        : /[A-Za-z0-9_.~-]/.test(String.fromCharCode(b))
          ? String.fromCharCode(b)
          : `%${b.toString(16).toUpperCase().padStart(2, "0")}`,
    )
    .join("");

describe("Kannel's inbound text", () => {
  it("reads UCS-2 Arabic and Hindi from raw UTF-16BE bytes, spaces and all", () => {
    for (const text of ["الماء مقطوع قرب السوق", "बाज़ार के पास पानी नहीं है", "No water 💧 here"]) {
      const query = `/api/sms/kannel/inbound?token=t&text=${kannelEncoded(utf16be(text))}&coding=2&charset=UTF-16BE`;
      const bytes = rawQueryParameters(query).get("text")!;
      expect(decodeSmsText(bytes, "2", "UTF-16BE")).toBe(text.normalize("NFC"));
    }
  });

  it("reads Kannel's own capture of an Arabic message (fakesmsc ucs2, Kannel 1.4.5)", () => {
    const seen =
      "/in?from=%2B254712345678&to=5555&text=%06E%061%06-%06(%06'%00+%06'%06D%06E%06'%06!%00+%06E%06B%067%06H%069" +
      "&id=3f2772cc-a05b-4952-bab1-ce44d02b64db&coding=2&charset=UTF-16BE";
    const parameters = rawQueryParameters(seen);
    expect(decodeSmsText(parameters.get("text")!, "2", "UTF-16BE")).toBe("مرحبا الماء مقطوع");
    expect(parameters.get("from")!.toString("latin1")).toBe("+254712345678");
  });

  it("reads GSM text as UTF-8, a literal plus sign included, and falls back to Latin-1", () => {
    const bytes = rawQueryParameters("?text=Caf%C3%A9+%2B+ni%C3%B1o").get("text")!;
    expect(decodeSmsText(bytes, "0", "UTF-8")).toBe("Café + niño");
    expect(decodeSmsText(Buffer.from([0x63, 0x61, 0x66, 0xe9]), "0", "UTF-8")).toBe("café");
    expect(decodeSmsText(Buffer.from([0x63, 0x61, 0x66, 0xe9]), "1", "ISO-8859-1")).toBe("café");
  });

  it("replaces what cannot be stored instead of losing the message", () => {
    expect(decodeSmsText(Buffer.from([0x61, 0x00, 0x62, 0x07]), "1", "8-BIT")).toBe("a b ");
    // A lone surrogate in UCS-2 becomes U+FFFD.
    expect(decodeSmsText(Buffer.from([0xd8, 0x00, 0x00, 0x41]), "2", undefined)).toBe("\ufffdA");
  });

  it("compares the token whole", () => {
    expect(hasInboundToken("0123456789abcdef", "0123456789abcdef")).toBe(true);
    expect(hasInboundToken("0123456789abcdeX", "0123456789abcdef")).toBe(false);
    expect(hasInboundToken("0123456789abcdef0", "0123456789abcdef")).toBe(false);
    expect(hasInboundToken(undefined, "0123456789abcdef")).toBe(false);
  });
});
