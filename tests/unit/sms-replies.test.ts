import { describe, expect, it } from "vitest";
import { LOCALES } from "#shared/i18n/locales.ts";
import { parseSms } from "#server/sms/sms-commands.ts";
import { receiptText, replyText, statusText, noSuchReportText, type SimpleReply } from "#server/sms/sms-replies.ts";
import { categoryFromKeywords, placeIn, titleOf, triageCategory } from "#server/sms/sms-report-text.ts";
import { fitToParts, MAX_PARTS, partsOf } from "#server/sms/sms-text.ts";

// The replies to residents' SMS and the report made of one (docs/decisions/037-sms-conversations.md).

const LINK = `https://water-utility.example.org/track/${"A".repeat(32)}`;
const SIMPLE: SimpleReply[] = [
  "noReportYet",
  "stopped",
  "alertsStopped",
  "started",
  "help",
  "alertsOn",
  "alertsNeedPlace",
  "limited",
];

describe("the replies", () => {
  it("each fits in three parts whole, in every language, the receipt with a long private link", () => {
    for (const locale of LOCALES) {
      const texts = [
        receiptText(locale, "WS-7K3M9P", LINK),
        noSuchReportText(locale, "WS-7K3M9P"),
        statusText(locale, { id: "x", reference: "WS-7K3M9P", status: "in-progress", note: null, own: true }),
        ...SIMPLE.map((reply) => replyText(locale, reply, { locality: "Old Town", max: 10 })),
      ];
      for (const text of texts) {
        expect(partsOf(text), `${locale}: ${text}`).toBeLessThanOrEqual(MAX_PARTS);
        // Not cut by the outbox: the link and the commands arrive whole.
        expect(fitToParts(text)).toBe(text);
      }
      expect(receiptText(locale, "WS-7K3M9P", LINK)).toContain(LINK);
    }
  });

  it("a long note is cut so that the status stays", () => {
    const text = statusText("ar", {
      id: "x",
      reference: "WS-7K3M9P",
      status: "resolved",
      note: "تم استبدال الأنبوب ".repeat(30),
      own: true,
    });
    expect(partsOf(text)).toBeLessThanOrEqual(MAX_PARTS);
    expect(text.startsWith("البلاغ WS-7K3M9P: ")).toBe(true);
    expect(text.endsWith("...")).toBe(true);
  });

  it("the help names, in each language, command words the parser understands", () => {
    const helpWords: Record<string, string[]> = {
      en: ["STATUS", "ALERTS", "YES", "NO", "STOP", "START"],
      es: ["ESTADO", "ALERTAS", "SI", "NO", "STOP", "START"],
      fr: ["STATUT", "ALERTES", "OUI", "NON", "STOP", "START"],
      hi: ["स्थिति", "अलर्ट", "हाँ", "नहीं", "STOP", "START"],
      ar: ["حالة", "تنبيهات", "نعم", "لا", "STOP", "START"],
    };
    const kinds = ["status", "alerts", "yes", "no", "stop", "start"];
    for (const locale of LOCALES) {
      const help = replyText(locale, "help");
      helpWords[locale]!.forEach((word, index) => {
        expect(help, `${locale} help names ${word}`).toContain(word);
        const parsed = parseSms(
          kinds[index] === "alerts" ? `${word} Old Town` : kinds[index] === "no" ? `${word} x` : word,
        );
        expect(parsed.kind, `${locale}: ${word}`).toBe(kinds[index]);
      });
    }
  });
});

describe("a report made of an SMS", () => {
  it("takes the first words as its title", () => {
    expect(titleOf("  Leak at\nthe school ")).toBe("Leak at the school");
    const long = titleOf("The water from the standpipe near the clinic has been brown for three days now and smells");
    expect(long).toBe("The water from the standpipe near the clinic has been brown…");
    expect(long.length).toBeLessThanOrEqual(61);
  });

  it("keeps a place named in words", () => {
    expect(placeIn("Pipe burst near the market in Old Town. Please come")).toBe("near the market in Old Town");
    expect(placeIn("No water in Kibera since Monday")).toBe("in Kibera since Monday");
    expect(placeIn("No water on Monday in the morning")).toBeUndefined();
    expect(placeIn("Fuga de agua frente a la escuela, urgente")).toBe("frente a la escuela");
    expect(placeIn("Plus d'eau près de la mosquée")).toBe("près de la mosquée");
    expect(placeIn("تسرب قرب المسجد الكبير")).toBe("قرب المسجد الكبير");
    expect(placeIn("मंदिर के पास पाइप टूटा है")).toBe("मंदिर के पास");
    expect(placeIn("Water is brown")).toBeUndefined();
  });

  it("takes the category whose keywords it uses most, in any language, else Other", () => {
    const categories = [
      { key: "Quality", service_code: "quality", sms_keywords: { en: ["brown", "smell"], fr: ["odeur"] } },
      { key: "Leak", service_code: "leakage", sms_keywords: { en: ["leak", "burst"], ar: ["تسرب"] } },
      { key: "Supply", service_code: "supply", sms_keywords: { en: ["no water"], hi: ["पानी नहीं"] } },
      { key: "Other", service_code: "other", sms_keywords: {} },
    ];
    expect(categoryFromKeywords("Leaking pipe, it burst", categories)).toBe("Leak");
    expect(categoryFromKeywords("Brown water that smells, and a small leak", categories)).toBe("Quality");
    expect(categoryFromKeywords("Une ODEUR bizarre", categories)).toBe("Quality");
    expect(categoryFromKeywords("والتسرب مستمر", categories)).toBe("Leak");
    expect(categoryFromKeywords("तीन दिन से पानी नहीं आया", categories)).toBe("Supply");
    expect(categoryFromKeywords("There is no water", categories)).toBe("Supply");
    // "no" and "water" apart are not "no water".
    expect(categoryFromKeywords("No, the water is fine, the meter is broken", categories)).toBeUndefined();
    expect(triageCategory(categories)).toBe("Other");
    expect(triageCategory(categories.slice(0, 3))).toBe("Supply");
  });
});
