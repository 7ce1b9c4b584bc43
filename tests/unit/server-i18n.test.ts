import { describe, expect, it } from "vitest";
import { englishText } from "#shared/i18n/english-text.ts";
import { requestLocale, storedLocale, translateFor, translatorFor } from "#server/i18n/server-i18n.ts";
import { linkPageTexts } from "#server/notifications/mail-link-pages.ts";
import { confirmMessage, receiptMessage, updateMessage } from "#server/notifications/message-templates.ts";

// The server's side of five languages (docs/decisions/019-languages.md): which language a request is answered in,
// and e-mails worded per reader, with English exactly as it was before languages existed.

const report = { reference: "WS-4F7K2Q", title: "Brown water\nfrom the tap" };
const TRACK = "https://water.example/track/secret";
const UNSUBSCRIBE = "https://water.example/unsubscribe/token";
const headers = (values: Record<string, string>) => ({ headers: values });

describe("requestLocale", () => {
  it("takes the lang cookie first, then Accept-Language in order of preference, else English", () => {
    expect(requestLocale(headers({}))).toBe("en");
    expect(requestLocale(headers({ "accept-language": "es-MX,es;q=0.9,en;q=0.8" }))).toBe("es");
    expect(requestLocale(headers({ "accept-language": "de-DE, fr;q=0.5, hi;q=0.7" }))).toBe("hi");
    expect(requestLocale(headers({ "accept-language": "de-DE,de;q=0.9" }))).toBe("en");
    expect(requestLocale(headers({ "accept-language": "es", cookie: "theme=dark; lang=ar" }))).toBe("ar");
    // A cookie naming a language the portal does not speak counts for nothing.
    expect(requestLocale(headers({ "accept-language": "fr", cookie: "lang=de" }))).toBe("fr");
  });

  it("reads a stored language back, English for anything unknown", () => {
    expect(storedLocale("hi")).toBe("hi");
    expect(storedLocale("xx")).toBe("en");
    expect(storedLocale(null)).toBe("en");
  });
});

describe("server messages with values", () => {
  it("translates a finished English message with its values, plurals as each language needs", () => {
    const tooMany = (minutes: number) =>
      englishText("Too many reports from your connection. Please try again in {minutes} minute(s).", { minutes });
    expect(translateFor("en", tooMany(2))).toBe(
      "Too many reports from your connection. Please try again in 2 minute(s).",
    );
    expect(translateFor("es", tooMany(1))).toMatch(/en 1 minuto\.$/);
    expect(translateFor("es", tooMany(5))).toMatch(/en 5 minutos\.$/);
    expect(translateFor("ar", tooMany(2))).toMatch(/بعد دقيقتين\.$/);
    expect(translateFor("ar", tooMany(3))).toMatch(/بعد 3 دقائق\.$/);
    expect(translateFor("hi", tooMany(3))).toMatch(/3 मिनट बाद/);
  });

  it("translates an e-mail's headline with the statuses in it", () => {
    const headline = englishText("status changed from {from} to {to}", { from: "Pending", to: "Resolved" });
    const fr = translatorFor("fr");
    expect(translateFor("fr", headline)).toBe(
      fr("status changed from {from} to {to}", { from: fr("Pending"), to: fr("Resolved") }),
    );
    expect(translateFor("en", headline)).toBe("status changed from Pending to Resolved");
  });
});

describe("e-mails", () => {
  it("writes English exactly as before languages existed", () => {
    const receipt = receiptMessage("en", report, TRACK, UNSUBSCRIBE);
    expect(receipt.subject).toBe("Report WS-4F7K2Q received: Brown water from the tap");
    expect(receipt.text).toBe(
      [
        'Thank you for your report "Brown water from the tap". Its reference is WS-4F7K2Q.',
        "Your private link shows the report with your contact details and its progress. Keep it to yourself: whoever has it sees your contact details.",
        `Your private link to the report:\n${TRACK}`,
        "We will e-mail you when its status changes.",
        "--",
        `You receive this because you reported WS-4F7K2Q.\nUnsubscribe: ${UNSUBSCRIBE}`,
      ].join("\n\n") + "\n",
    );
    expect(receipt.html).toBe(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Report WS-4F7K2Q received: Brown water from the tap</title></head>
<body>
<p>Thank you for your report &quot;Brown water from the tap&quot;. Its reference is WS-4F7K2Q.</p>
<p>Your private link shows the report with your contact details and its progress. Keep it to yourself: whoever has it sees your contact details.</p>
<p><a href="${TRACK}">Your private link to the report</a></p>
<p>We will e-mail you when its status changes.</p>
<hr>
<p><small>You receive this because you reported WS-4F7K2Q. <a href="${UNSUBSCRIBE}">Unsubscribe</a></small></p>
</body></html>
`);

    const confirm = confirmMessage("en", report, "https://water.example/follow/confirm/t", UNSUBSCRIBE);
    expect(confirm.subject).toBe("Confirm updates on report WS-4F7K2Q");
    expect(confirm.text).toContain(
      'Someone, probably you, asked for e-mail updates on report WS-4F7K2Q, "Brown water from the tap".',
    );
    expect(confirm.text).toContain("Confirm the updates:\nhttps://water.example/follow/confirm/t");
    expect(confirm.text).toContain("You receive this because this address was entered to follow WS-4F7K2Q.");

    const update = updateMessage(
      "en",
      report,
      { headline: "status changed from Pending to In progress", note: "A crew is on its way." },
      { url: "https://water.example/grievance/1", forReporter: true },
      UNSUBSCRIBE,
    );
    expect(update.subject).toBe("Report WS-4F7K2Q: status changed from Pending to In progress");
    expect(update.text).toBe(
      [
        'Report WS-4F7K2Q, "Brown water from the tap": status changed from Pending to In progress.',
        "Note: A crew is on its way.",
        "See the report and its progress:\nhttps://water.example/grievance/1",
        'Your private link to the report is in the message "Report WS-4F7K2Q received" we sent you.',
        "--",
        `You receive this because you reported WS-4F7K2Q.\nUnsubscribe: ${UNSUBSCRIBE}`,
      ].join("\n\n") + "\n",
    );
  });

  it("writes each language with its own words, punctuation and direction", () => {
    const french = receiptMessage("fr", report, TRACK, UNSUBSCRIBE);
    expect(french.subject).toBe("Signalement WS-4F7K2Q reçu\u00a0: Brown water from the tap");
    expect(french.text).toContain(`Votre lien privé vers le signalement\u00a0:\n${TRACK}`);
    expect(french.text).toContain(`Se désabonner\u00a0: ${UNSUBSCRIBE}`);
    expect(french.html).toContain('<html lang="fr" dir="ltr">');

    const arabic = updateMessage(
      "ar",
      report,
      { headline: "the reporter added an update", note: "الماء عاد" },
      { url: "https://water.example/grievance/1", forReporter: false },
      UNSUBSCRIBE,
    );
    expect(arabic.subject).toBe("البلاغ WS-4F7K2Q: أضاف مقدّم البلاغ تحديثًا");
    expect(arabic.text).toContain("ملاحظة: الماء عاد");
    expect(arabic.text).toContain("تصلك هذه الرسالة لأنك تتابع البلاغ WS-4F7K2Q.");
    expect(arabic.html).toContain('<html lang="ar" dir="rtl">');
    // The reporter's and the staff's own words are never translated, only escaped.
    expect(
      updateMessage(
        "es",
        { ...report, title: "<b>x</b>" },
        { headline: "x", note: "<i>" },
        { url: "u", forReporter: false },
        "v",
      ).html,
    ).toContain("Nota: &lt;i&gt;");
  });

  it("words the pages behind the links in a language", () => {
    expect(linkPageTexts("en").confirmed("WS-4F7K2Q")).toBe(
      "Thank you: you will get an e-mail whenever report WS-4F7K2Q changes.",
    );
    expect(linkPageTexts("es").unsubscribeButton).toBe("Cancelar la suscripción");
    expect(linkPageTexts("hi").confirmTitle("WS-4F7K2Q")).toBe("रिपोर्ट WS-4F7K2Q को फ़ॉलो करें");
  });
});
