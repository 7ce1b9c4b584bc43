import { describe, expect, it } from "vitest";
import { isCommandWord, parseSms, referenceIn } from "#server/sms/sms-commands.ts";
import { detectLanguage } from "#server/sms/sms-language.ts";

// The commands of an SMS and its language (docs/decisions/037-sms-conversations.md).

describe("parseSms", () => {
  it("reads STATUS in the five languages, any case, with or without a reference", () => {
    for (const [text, locale] of [
      ["STATUS", "en"],
      ["  status.", "en"],
      ["Estado", "es"],
      ["STATUT", "fr"],
      ["État", "fr"],
      ["حالة", "ar"],
      ["स्थिति", "hi"],
    ] as const) {
      expect(parseSms(text), text).toEqual({ kind: "status", reference: undefined, locale });
    }
    expect(parseSms("status ws-7k3m9p")).toEqual({ kind: "status", reference: "WS-7K3M9P", locale: "en" });
    expect(parseSms("ESTADO: WS 7K3M9P")).toEqual({ kind: "status", reference: "WS-7K3M9P", locale: "es" });
    expect(parseSms("حالة WS-7K3M9P")).toEqual({ kind: "status", reference: "WS-7K3M9P", locale: "ar" });
    // A reference alone asks its status.
    expect(parseSms("WS-7K3M9P?")).toEqual({ kind: "status", reference: "WS-7K3M9P", locale: undefined });
    // A sentence that starts with the word is a report.
    expect(parseSms("Estado de la tubería en la calle cinco muy malo").kind).toBe("report");
  });

  it("STOP, START and HELP only alone; STOP ALERTS ends the alerts only", () => {
    for (const text of ["STOP", "stop!", "Arrêt", "توقف", "रोकें", "UNSUBSCRIBE"]) {
      expect(parseSms(text), text).toMatchObject({ kind: "stop", alertsOnly: false });
    }
    expect(parseSms("STOP ALERTS")).toMatchObject({ kind: "stop", alertsOnly: true });
    expect(parseSms("stop alertas")).toMatchObject({ kind: "stop", alertsOnly: true, locale: "es" });
    expect(parseSms("STOP تنبيهات")).toMatchObject({ kind: "stop", alertsOnly: true });
    for (const text of ["START", "Reprendre", "ابدأ", "शुरू"]) expect(parseSms(text).kind, text).toBe("start");
    for (const text of ["HELP", "ayuda", "Aide ?", "مساعدة", "मदद", "?", ""])
      expect(parseSms(text).kind, text).toBe("help");
    expect(parseSms("Stop the leak near the school").kind).toBe("report");
    expect(parseSms("Help, the pipe burst").kind).toBe("report");
  });

  it("ALERTS and the locality as typed", () => {
    expect(parseSms("ALERTS  Old Town.")).toEqual({ kind: "alerts", locality: "Old Town", locale: "en" });
    expect(parseSms("alertes: Centre-ville")).toEqual({ kind: "alerts", locality: "Centre-ville", locale: "fr" });
    expect(parseSms("تنبيهات المدينة القديمة")).toEqual({ kind: "alerts", locality: "المدينة القديمة", locale: "ar" });
    expect(parseSms("अलर्ट")).toEqual({ kind: "alerts", locality: "", locale: "hi" });
  });

  it("YES alone (or with a reference); NO with what is still wrong", () => {
    for (const text of ["YES", "yes!", "Sí", "si", "OUI", "نعم", "हाँ", "हां"])
      expect(parseSms(text).kind, text).toBe("yes");
    expect(parseSms("yes WS-7K3M9P")).toMatchObject({ kind: "yes", reference: "WS-7K3M9P" });
    // "Si no hay agua…" is Spanish for "if there is no water": not an answer.
    expect(parseSms("Si no hay agua mañana llamo").kind).toBe("report");
    expect(parseSms("NO, still leaking at the joint")).toEqual({
      kind: "no",
      note: "still leaking at the joint",
      reference: undefined,
      locale: undefined,
    });
    expect(parseSms("non WS-7K3M9P toujours une fuite")).toEqual({
      kind: "no",
      note: "toujours une fuite",
      reference: "WS-7K3M9P",
      locale: "fr",
    });
    expect(parseSms("لا")).toMatchObject({ kind: "no", note: "", locale: "ar" });
    expect(parseSms("नहीं अभी भी पानी नहीं")).toMatchObject({ kind: "no", note: "अभी भी पानी नहीं", locale: "hi" });
  });

  it("anything else is a report", () => {
    for (const text of ["Water is brown", "بلاغ عن تسرب", "Il n'y a plus d'eau", "Ok"]) {
      expect(parseSms(text), text).toEqual({ kind: "report", locale: undefined });
    }
  });

  it("knows the command words its replies name", () => {
    for (const word of ["ESTADO", "STATUT", "حالة", "स्थिति", "ALERTAS", "ALERTES", "تنبيهات", "अलर्ट"]) {
      expect(isCommandWord(/^(ALERT|تنبيه|अलर्ट)/u.test(word) ? "alerts" : "status", word), word).toBe(true);
    }
    expect(referenceIn("my ref is ws-7k3m9p thanks")).toBe("WS-7K3M9P");
    expect(referenceIn("WS-7K3M9PX")).toBeUndefined();
  });
});

describe("detectLanguage", () => {
  it("by script for Arabic and Hindi, by common words and letters for the others", () => {
    expect(detectLanguage("الماء مقطوع منذ يومين")).toBe("ar");
    expect(detectLanguage("पानी नहीं आ रहा है")).toBe("hi");
    expect(detectLanguage("There is no water in the street")).toBe("en");
    expect(detectLanguage("No hay agua en la calle desde el lunes")).toBe("es");
    expect(detectLanguage("Il n'y a plus d'eau dans la rue depuis lundi")).toBe("fr");
    expect(detectLanguage("¿Cuándo?")).toBe("es");
    expect(detectLanguage("Fuite")).toBe("fr");
  });

  it("says nothing when the text does not tell", () => {
    expect(detectLanguage("WS-7K3M9P")).toBeUndefined();
    expect(detectLanguage("OK")).toBeUndefined();
    expect(detectLanguage("Kibera")).toBeUndefined();
    expect(detectLanguage("")).toBeUndefined();
  });
});
