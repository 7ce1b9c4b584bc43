import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FOLLOW_MESSAGES } from "#shared/notifications/follow.ts";
import { MESSAGES } from "#shared/messages.ts";
import type { SubmittedGrievance } from "#shared/tracking/tracking.ts";
import { createApiKey } from "#server/admin/api-key-repository.ts";
import { translateFor, translatorFor } from "#server/i18n/server-i18n.ts";
import { createMailTransport } from "#server/notifications/mail-transport.ts";
import { startOutboxWorker, type OutboxWorker } from "#server/notifications/outbox-worker.ts";
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from "../support/smtp-test-server.ts";
import { addStaff, HOST, resetData, staffClient } from "./staff/staff-helpers.ts";
import { createTestApp, expectHumanError, multipart, validFields, type TestApp } from "./test-app.ts";

// Five languages (docs/decisions/019-languages.md): error answers in the request's language (the `lang`
// cookie, else Accept-Language, else English), the pages behind e-mail links likewise, and e-mails in the language
// their reader reported or followed in. Open311 stays English.

const FOLLOWER = "padosi@example.net";
const REPORTER = validFields.user_email;
const es = translatorFor("es");
const fr = translatorFor("fr");
const hi = translatorFor("hi");

let t: TestApp;
let smtp: TestSmtpServer;
let worker: OutboxWorker;
let as: Awaited<ReturnType<typeof staffClient>>;

beforeAll(async () => {
  // Links in e-mail come from PUBLIC_URL only (decision 022); here it is the address the requests are sent to.
  t = await createTestApp({ config: { submissionsPerHour: 10_000, publicUrl: `http://${HOST}` } });
  smtp = await startTestSmtpServer();
  worker = startOutboxWorker({
    db: t.db,
    transport: createMailTransport({
      smtpUrl: smtp.url,
      mailDir: path.join(t.storageDir, "..", "mail"),
      from: "Portal <portal@water.example>",
    }),
    logger: pino({ level: "silent" }),
    // Rounds only when a test asks for one.
    pollMs: 3_600_000,
  });
});
afterAll(async () => {
  await worker.stop();
  await smtp.close();
  await t.close();
});
beforeEach(async () => {
  await resetData(t.db);
  await t.db.query("TRUNCATE rate_limit_counters");
  await addStaff(t.db);
  as = await staffClient(t.app);
  smtp.received.length = 0;
});

async function submit(fields: Record<string, string>, headers: Record<string, string> = {}) {
  const body = await multipart(fields);
  return t.app.inject({
    method: "POST",
    url: "/api/grievances",
    headers: { ...body.headers, host: HOST, ...headers },
    payload: body.payload,
  });
}
const follow = (id: string, email: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url: `/api/grievances/${id}/followers`,
    headers: { host: HOST, ...headers },
    payload: { email },
  });
const setStatus = (id: string, status: string, note: string) =>
  as({ method: "POST", url: `/api/staff/grievances/${id}/status`, payload: { status, note } });

async function deliver(): Promise<ReceivedMail[]> {
  const before = smtp.received.length;
  await worker.runOnce();
  return smtp.received.slice(before);
}

/**
 * A message's text and HTML parts, decoded. Nodemailer sends mostly non-Latin text (Hindi, Arabic) in base64, which
 * the test server's `decoded` leaves as it is.
 */
function partsOf(mail: ReceivedMail): { text: string; html: string } {
  const parts = { text: "", html: "" };
  const raw = mail.raw.replace(/\r\n/g, "\n");
  for (const chunk of raw.split(/\n--[^\n]+\n/)) {
    const type = /^Content-Type: text\/(plain|html)/im.exec(chunk)?.[1];
    if (!type) continue;
    const headEnd = chunk.indexOf("\n\n");
    const head = chunk.slice(0, headEnd);
    const body = chunk.slice(headEnd + 2).replace(/\n--[^\n]*--\s*$/, "");
    const text = /Content-Transfer-Encoding: base64/i.test(head)
      ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")
      : Buffer.from(
          body
            .replace(/=\n/g, "")
            .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          "latin1",
        ).toString("utf8");
    parts[type === "plain" ? "text" : "html"] = text;
  }
  return parts;
}
const linkIn = (text: string, pathStart: string) =>
  (text.match(/https?:\/\/[^\s"<>]+/g) ?? []).find((url) => new URL(url).pathname.startsWith(pathStart));

describe("error answers", () => {
  it("answers a refused report in Spanish: the message, each field's, and the field's name", async () => {
    const fields = { ...validFields, title: "x".repeat(201), description: "" };
    const res = await submit(fields, { "accept-language": "es-MX,es;q=0.9,en;q=0.5" });
    expect(res.statusCode).toBe(400);
    expect(res.headers["content-language"]).toBe("es");
    expect(res.headers.vary).toMatch(/Accept-Language/);
    const { message, fieldErrors } = res.json<{ message: string; fieldErrors: Record<string, string> }>();
    // The shared messages' Spanish (shared.json): the summary, and the title's limit with the field's Spanish name.
    expect(message).toBe(es(MESSAGES.requiredFields));
    expect(message).not.toBe(MESSAGES.requiredFields);
    expect(fieldErrors.description).toBe(message);
    const title = es("Issue Title");
    expect(title).not.toBe("Issue Title");
    expect(fieldErrors.title).toBe(es("{field} must be at most {max} characters.", { field: title, max: "200" }));
    expect(fieldErrors.title).toContain(title);
    expect(fieldErrors.title).toContain("200");

    // The same refusal without a language: English, as before.
    const english = await submit(fields);
    expect(english.headers["content-language"]).toBe("en");
    expect(english.json()).toEqual({
      message: MESSAGES.requiredFields,
      fieldErrors: { title: "Issue Title must be at most 200 characters.", description: MESSAGES.requiredFields },
      requestId: expect.any(String),
    });
  });

  it("words the server's own errors in the language, with their values", async () => {
    const res = await t.app.inject({ url: "/api/grievances?page=abc", headers: { "accept-language": "es" } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: "La consulta de la lista no es válida: revise page.",
      requestId: expect.any(String),
    });
    const idempotency = await submit(validFields, { "accept-language": "fr", "idempotency-key": "two words" });
    expect(idempotency.statusCode).toBe(400);
    expect(idempotency.json()).toEqual({
      message: "L’en-tête Idempotency-Key doit comporter de 1 à 255 caractères ASCII visibles.",
      requestId: expect.any(String),
    });
  });

  it("prefers the lang cookie to Accept-Language", async () => {
    const res = await t.app.inject({
      url: "/api/grievances?page=abc",
      headers: { "accept-language": "es", cookie: "staff_session=x; lang=ar" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers["content-language"]).toBe("ar");
    expect(res.json()).toEqual({
      message: "استعلام القائمة غير صالح: يُرجى التحقق من page.",
      requestId: expect.any(String),
    });
  });

  it("answers English for a language the portal does not speak", async () => {
    for (const headers of [{ "accept-language": "de-DE,de;q=0.9" }, { cookie: "lang=de", "accept-language": "de" }]) {
      const res = await t.app.inject({ url: "/api/grievances?page=abc", headers });
      expect(res.headers["content-language"]).toBe("en");
      expectHumanError(res.body, "Invalid list query: please check page.");
    }
  });

  it("keeps Open311 in English, whatever the request's language", async () => {
    const headers = { "accept-language": "fr", cookie: "lang=es" };
    const unknown = await t.app.inject({ url: "/open311/v2/requests/WS-ZZZZZZ.json", headers });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual([{ code: 404, description: 'Unknown service_request_id "WS-ZZZZZZ".' }]);
    expect(unknown.headers["content-language"]).toBeUndefined();

    // A report filed through Open311 is English: its client's request says nothing about its reporter's language.
    const staff = await t.db.query<{ id: string }>("SELECT id FROM staff_accounts LIMIT 1");
    const { key } = await createApiKey(t.db, "Work orders", staff.rows[0]!.id);
    const post = await t.app.inject({
      method: "POST",
      url: "/open311/v2/requests.json",
      headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({
        api_key: key,
        service_code: "water-supply",
        lat: "-1.3",
        long: "36.8",
        description: "No water since yesterday.",
        email: "resident@example.org",
      }).toString(),
    });
    expect(post.statusCode, post.body).toBe(201);
    expect((await t.db.query("SELECT locale FROM grievances")).rows).toEqual([{ locale: "en" }]);
  });
});

describe("e-mails in their reader's language", () => {
  it("keeps the language of a report, and writes its reporter in French", async () => {
    const res = await submit(validFields, { "accept-language": "fr-FR,fr;q=0.9,en;q=0.8" });
    expect(res.statusCode, res.body).toBe(201);
    const report = res.json<SubmittedGrievance>();
    expect((await t.db.query("SELECT locale FROM grievances")).rows).toEqual([{ locale: "fr" }]);
    expect((await t.db.query("SELECT locale, is_reporter FROM followers")).rows).toEqual([
      { locale: "fr", is_reporter: true },
    ]);

    const [receipt, ...others] = await deliver();
    expect(others).toEqual([]);
    expect(receipt!.subject).toBe(
      fr("Report {reference} received: {title}", { reference: report.reference, title: validFields.title }),
    );
    expect(receipt!.subject).toMatch(new RegExp(`^Signalement ${report.reference} reçu\\s: ${validFields.title}$`));
    const { text, html } = partsOf(receipt!);
    expect(text).toContain(
      `Merci pour votre signalement «\u00a0${validFields.title}\u00a0». Sa référence est ${report.reference}.`,
    );
    expect(linkIn(text, "/track/")).toBe(report.trackingUrl);
    expect(text).toMatch(/Se désabonner\s: http:\/\/portal\.test\/unsubscribe\//);
    expect(html).toContain('<html lang="fr" dir="ltr">');

    // A status change: the statuses in French too (their labels are shared messages).
    expect((await setStatus(report.id, "in-progress", "Une équipe est en route.")).statusCode).toBe(200);
    const [update] = await deliver();
    const headline = fr("status changed from {from} to {to}", { from: fr("Pending"), to: fr("In progress") });
    expect(update!.subject).toBe(fr("Report {reference}: {headline}", { reference: report.reference, headline }));
    expect(update!.subject).toMatch(/: le statut est passé de /);
    const parts = partsOf(update!);
    expect(parts.text).toContain(fr("Note: {note}", { note: "Une équipe est en route." }));
    expect(parts.text).toContain(
      fr('Your private link to the report is in the message "Report {reference} received" we sent you.', {
        reference: report.reference,
      }),
    );
  });

  it("writes a follower in the language they followed in, and the reporter in theirs", async () => {
    const res = await submit(validFields);
    const report = res.json<SubmittedGrievance>();
    const followed = await follow(report.id, FOLLOWER, { "accept-language": "hi-IN,hi;q=0.9" });
    expect(followed.statusCode).toBe(202);
    expect(followed.headers["content-language"]).toBe("hi");
    expect(followed.json()).toEqual({ message: translateFor("hi", FOLLOW_MESSAGES.accepted) });
    expect((await t.db.query("SELECT email, locale FROM followers ORDER BY id")).rows).toEqual([
      { email: REPORTER, locale: "en" },
      { email: FOLLOWER, locale: "hi" },
    ]);

    const confirmation = (await deliver()).find((m) => m.to.includes(FOLLOWER))!;
    expect(confirmation.subject).toBe(`रिपोर्ट ${report.reference} के अपडेट की पुष्टि करें`);
    const confirmText = partsOf(confirmation).text;
    expect(confirmText).toContain("पुष्टि करने के लिए यह लिंक खोलें।");
    const confirmUrl = linkIn(confirmText, "/follow/confirm/")!;

    // The page behind the link, in the language of the browser that opens it.
    const page = await t.app.inject({ url: new URL(confirmUrl).pathname, headers: { cookie: "lang=hi" } });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-language"]).toBe("hi");
    expect(page.body).toContain('<html lang="hi" dir="ltr">');
    expect(page.body).toContain(`<button type="submit">${hi("Confirm the updates")}</button>`);
    const confirmed = await t.app.inject({
      method: "POST",
      url: new URL(confirmUrl).pathname,
      headers: { "accept-language": "hi" },
    });
    expect(confirmed.body).toContain(`आपको ईमेल मिलेगा।`);

    expect((await setStatus(report.id, "in-progress", "Crew on the way.")).statusCode).toBe(200);
    const mails = await deliver();
    const toFollower = mails.find((m) => m.to.includes(FOLLOWER))!;
    const headline = hi("status changed from {from} to {to}", { from: hi("Pending"), to: hi("In progress") });
    expect(toFollower.subject).toBe(`रिपोर्ट ${report.reference}: ${headline}`);
    const { text, html } = partsOf(toFollower);
    expect(text).toContain("टिप्पणी: Crew on the way.");
    expect(text).toContain(`${hi("See the report and its progress")}:\nhttp://${HOST}/grievance/${report.id}`);
    expect(text).toContain(`आपको यह संदेश इसलिए मिला है क्योंकि आप रिपोर्ट ${report.reference} को फ़ॉलो करते हैं।`);
    expect(html).toContain('<html lang="hi" dir="ltr">');
    // The reporter reported in English: their copy is the English one, as before languages existed.
    const toReporter = mails.find((m) => m.to.includes(REPORTER))!;
    expect(toReporter.subject).toBe(`Report ${report.reference}: status changed from Pending to In progress`);
    expect(toReporter.decoded).toContain('<html lang="en"><head>');

    // The unsubscribe page in Arabic, right to left.
    const unsubscribe = linkIn(text, "/unsubscribe/")!;
    const arabic = await t.app.inject({ url: new URL(unsubscribe).pathname, headers: { "accept-language": "ar" } });
    expect(arabic.statusCode).toBe(200);
    expect(arabic.body).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.body).toContain(`<button type="submit">إلغاء الاشتراك</button>`);
    const notValid = await t.app.inject({
      url: `/unsubscribe/${"x".repeat(43)}`,
      headers: { "accept-language": "es" },
    });
    expect(notValid.statusCode).toBe(404);
    expect(notValid.body).toContain("<h1>Enlace no válido</h1>");
  });

  it("refuses a language the portal does not have in the database", async () => {
    const res = await submit(validFields);
    expect(res.statusCode).toBe(201);
    await expect(t.db.query("UPDATE grievances SET locale = 'de'")).rejects.toThrow(/grievances_locale_check/);
    await expect(t.db.query("UPDATE followers SET locale = 'xx'")).rejects.toThrow(/followers_locale_check/);
  });
});
