import { describe, expect, it } from "vitest";
import { incidentAlertMessage } from "#server/incidents/incident-subscription-messages.ts";
import { withoutBidiControls } from "#server/http/outgoing-text.ts";
import { xmlCharacters, xmlElement, xmlText } from "#server/http/xml-text.ts";
import { receiptMessage, updateMessage } from "#server/notifications/message-templates.ts";
import { isStorableText } from "#shared/storable-text.ts";

// What text may come in, and what of it goes out into XML, e-mail and CSV (docs/api-conventions.md).

const BIDI = [
  "\u202a",
  "\u202b",
  "\u202c",
  "\u202d",
  "\u202e",
  "\u2066",
  "\u2067",
  "\u2068",
  "\u2069",
  "\u200e",
  "\u200f",
  "\u061c",
];

describe("isStorableText", () => {
  it("refuses every C0 control but tab, LF and CR, U+FFFE, U+FFFF, NUL and unpaired surrogates", () => {
    for (let code = 0; code < 0x20; code++) {
      expect(isStorableText(`a${String.fromCharCode(code)}b`), `U+${code.toString(16)}`).toBe(
        [0x09, 0x0a, 0x0d].includes(code),
      );
    }
    for (const bad of ["\ufffe", "\uffff", "\ud800", "\udc00", "x\ud83dy"])
      expect(isStorableText(`a${bad}b`), JSON.stringify(bad)).toBe(false);
  });

  it("accepts every script, emoji (a surrogate pair), U+FFFD and the bidirectional marks Arabic text may hold", () => {
    for (const good of [
      "Maji machafu",
      "Água turva",
      "पानी गंदा है",
      "المياه ملوثة\u200f",
      "😀 leak",
      "\ufffd",
      "\u0085 \u007f",
    ]) {
      expect(isStorableText(good), good).toBe(true);
    }
  });
});

describe("the XML writer", () => {
  it("escapes markup and drops what XML 1.0 forbids, keeping tab, line breaks and surrogate pairs", () => {
    expect(xmlText(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;");
    expect(xmlText("a\u0000b\u0001c\u000bd\u000ce\u001ff\ufffeg\uffffh\ud800i\udc00j")).toBe("abcdefghij");
    expect(xmlText("tab\there\nline\r😀")).toBe("tab\there\nline\r😀");
  });

  it("takes the bidirectional controls out too", () => {
    expect(xmlCharacters(`${BIDI.join("")}gnp.exe`)).toBe("gnp.exe");
    expect(xmlElement("  ", "headline", "\u202eBoil\u000b water")).toEqual(["  <headline>Boil water</headline>"]);
    expect(xmlElement("  ", "note", null)).toEqual([]);
  });
});

describe("bidirectional controls where text leaves the portal", () => {
  it("withoutBidiControls removes each of them and nothing else", () => {
    for (const control of BIDI) expect(withoutBidiControls(`a${control}b`)).toBe("ab");
    expect(withoutBidiControls("المياه ملوثة — Água")).toBe("المياه ملوثة — Água");
  });

  it("no e-mail's subject, text or HTML carries one from a title or a note", () => {
    const report = { reference: "GRV-2026-000001", title: "Invoice \u202egnp.exe\u202c" };
    const messages = [
      receiptMessage("en", report, "https://water.example.org/track/t", "https://water.example.org/u"),
      receiptMessage("ar", report, "https://water.example.org/track/t", "https://water.example.org/u"),
      updateMessage(
        "en",
        report,
        { headline: "status changed", note: "Fixed \u2067today\u2069" },
        { url: "https://water.example.org/g", forReporter: false },
        "https://water.example.org/u",
      ),
      incidentAlertMessage(
        "en",
        {
          type: "boil-water",
          severity: "severe",
          title: "Boil \u202ewater",
          message: "E. coli\u200f",
          instructions: "Boil\u061c it",
          expectedRestorationAt: null,
        },
        { kind: "updated", text: "Tankers \u202bhere" },
        { incidentUrl: "https://water.example.org/i", unsubscribeUrl: "https://water.example.org/u" },
        { locality: "Kibera\u202d" },
      ),
    ];
    for (const message of messages) {
      for (const part of [message.subject, message.text, message.html]) {
        for (const control of BIDI) expect(part.includes(control), JSON.stringify(control)).toBe(false);
      }
    }
    expect(messages[0]!.subject).toBe("Report GRV-2026-000001 received: Invoice gnp.exe");
    expect(messages[2]!.text).toContain("Fixed today");
    expect(messages[3]!.subject).toBe("Update: Boil water");
  });
});
