import { describe, expect, it } from "vitest";
import type { SubmittedGrievance } from "#shared/tracking/tracking.ts";
import { smsReceipt } from "#server/sms/sms-receipt.ts";
import { HOST } from "./staff/staff-helpers.ts";
import { declaration } from "./incidents-support.ts";
import { multipart, postGrievance, validFields } from "./test-app.ts";
import { as, numberIs, OTHER_PHONE, outgoing, PHONE, t, useSmsPortal } from "./sms-updates-support.ts";

// The receipt by SMS of a report from the web form or a call, and incident alerts to numbers subscribed to a
// locality (docs/decisions/038-sms-updates.md).

useSmsPortal();

const LOCAL_NUMBER = "0712 345 678"; // Kenyan, read with SMS_DEFAULT_COUNTRY=KE as +254712345678.

const storedPhone = async (id: string) =>
  (
    await t.db.query<{ user_phone: string; sms_updates: boolean }>(
      "SELECT user_phone, sms_updates FROM grievances WHERE id = $1",
      [id],
    )
  ).rows[0];

describe("the receipt by SMS", () => {
  it("a report from the form with 'Send me updates by SMS': the number kept in E.164, one receipt with the link", async () => {
    const res = await postGrievance(t.app, { ...validFields, user_phone: LOCAL_NUMBER, sms_updates: "true" });
    expect(res.statusCode, res.body).toBe(201);
    const report = res.json<SubmittedGrievance>();
    expect(await storedPhone(report.id)).toEqual({ user_phone: PHONE, sms_updates: true });
    const link = `http://${HOST}${new URL(report.trackingUrl).pathname}`;
    expect(await outgoing()).toEqual([
      {
        phone: PHONE,
        grievance_id: report.id,
        kind: "update",
        event: `receipt:${report.id}`,
        body: `Thank you: your report ${report.reference} is received. Follow it at ${link} or reply STATUS ${report.reference}.`,
      },
    ]);
    // The link is the reporter's private page.
    expect((await t.app.inject({ url: new URL(link).pathname.replace("/track/", "/api/track/") })).statusCode).toBe(
      200,
    );
  });

  it("in the reporter's language; not without the tick; nothing to a number that said STOP", async () => {
    const body = await multipart({ ...validFields, user_phone: LOCAL_NUMBER, sms_updates: "true" });
    const spanish = await t.app.inject({
      method: "POST",
      url: "/api/grievances",
      ...body,
      headers: { ...body.headers, "accept-language": "es" },
    });
    expect(spanish.statusCode, spanish.body).toBe(201);
    const reference = spanish.json<SubmittedGrievance>().reference;
    const untick = await postGrievance(t.app, { ...validFields, user_phone: "0733 000 111" });
    expect(untick.statusCode).toBe(201);
    expect(await storedPhone(untick.json<SubmittedGrievance>().id)).toEqual({
      user_phone: "0733 000 111",
      sms_updates: false,
    });
    await numberIs(OTHER_PHONE, { stopped: true });
    const stopped = await postGrievance(t.app, { ...validFields, user_phone: "0733 000 111", sms_updates: "true" });
    expect(stopped.statusCode).toBe(201);
    const sent = await outgoing();
    expect(sent.map((sms) => sms.phone)).toEqual([PHONE]);
    expect(sent[0]!.body).toMatch(new RegExp(`^Gracias: recibimos su reporte ${reference}\\. Siga su avance en http`));
  });

  it("a number that cannot receive SMS refuses the consent on the phone's field, in the visitor's language", async () => {
    const unreadable = await postGrievance(t.app, { ...validFields, user_phone: "123 456", sms_updates: "true" });
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toEqual({
      user_phone: "Please enter a phone number that can receive SMS, with its country code.",
    });
    const body = await multipart({ ...validFields, user_phone: "999 999", sms_updates: "true" });
    const french = await t.app.inject({
      method: "POST",
      url: "/api/grievances",
      ...body,
      headers: { ...body.headers, "accept-language": "fr" },
    });
    expect(french.statusCode).toBe(400);
    expect(french.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toEqual({
      user_phone: "Veuillez saisir un numéro de téléphone qui peut recevoir des SMS, avec son indicatif de pays.",
    });
    // Without the tick, the same number is kept as typed: it is only a contact detail (docs/product-decisions.md D18).
    expect((await postGrievance(t.app, { ...validFields, user_phone: "123 456" })).statusCode).toBe(201);
    const { rows } = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM grievances");
    expect(rows[0]!.n).toBe(1);
  });

  it("a call taken by staff with the caller's consent: the receipt by SMS in the caller's language", async () => {
    const body = await multipart({
      ...validFields,
      user_email: "",
      user_phone: LOCAL_NUMBER,
      channel: "phone",
      locale: "fr",
      sms_updates: "true",
    });
    const res = await as({ method: "POST", url: "/api/staff/grievances", ...body });
    expect(res.statusCode, res.body).toBe(201);
    const view = res.json<{ id: string; reference: string; user_phone: string }>();
    expect(view.user_phone).toBe(PHONE);
    const [sms] = await outgoing();
    expect(sms).toMatchObject({ phone: PHONE, grievance_id: view.id, event: `receipt:${view.id}` });
    expect(sms!.body).toMatch(
      new RegExp(`^Merci : votre signalement ${view.reference} est enregistré\\. Suivez-le sur http://${HOST}/track/`),
    );
  });

  it("a report sent by SMS has its receipt in the reply to its message, not a second one", async () => {
    const res = await postGrievance(t.app, { ...validFields, user_phone: LOCAL_NUMBER, sms_updates: "true" });
    const id = res.json<SubmittedGrievance>().id;
    await t.db.query("TRUNCATE sms_messages");
    await t.db.query("UPDATE grievances SET channel = 'sms' WHERE id = $1", [id]);
    expect(await t.db.transaction((tx) => smsReceipt(tx, id, `http://${HOST}/track/x`))).toBeUndefined();
    expect(await outgoing()).toEqual([]);
  });
});

describe("incident alerts by SMS", () => {
  async function subscribe(phone: string, locality: string, locale = "en") {
    await numberIs(phone, { locale });
    await t.db.query("INSERT INTO sms_alert_subscriptions (phone, locality) VALUES ($1, $2)", [phone, locality]);
  }

  it("declared, updated, closed: one SMS each to a number subscribed to a locality it names, in its language", async () => {
    await subscribe(PHONE, "kilimani");
    await subscribe(PHONE, "Sao Tome"); // a second matching locality: still one SMS per event
    await subscribe(OTHER_PHONE, "Kilimani", "fr");
    await subscribe("+254744000222", "Westlands");
    await subscribe("+254766000444", "sao tome"); // named in the SMS as the incident names it
    await subscribe("+254755000333", "Kilimani");
    await numberIs("+254755000333", { stopped: true });

    const declared = await as({
      method: "POST",
      url: "/api/staff/incidents",
      payload: declaration({ translations: { fr: { title: "Faire bouillir l'eau" } } }),
    });
    expect(declared.statusCode, declared.body).toBe(201);
    const id = declared.json<{ id: string }>().id;
    const update = await as({
      method: "POST",
      url: `/api/staff/incidents/${id}/updates`,
      payload: { message: "Tankers are at the school." },
    });
    expect(update.statusCode, update.body).toBeLessThan(300);
    const closed = await as({
      method: "POST",
      url: `/api/staff/incidents/${id}/close`,
      payload: { finalMessage: "The water is safe to drink again.", resolveLinkedReports: false },
    });
    expect(closed.statusCode, closed.body).toBe(200);

    const sent = await outgoing();
    expect(sent.every((sms) => sms.kind === "incident-alert" && sms.grievance_id === null)).toBe(true);
    const mine = sent.filter((sms) => sms.phone === PHONE);
    expect(mine.map((sms) => sms.event)).toEqual([
      `incident-declared:${id}`,
      expect.stringMatching(/^incident-update:\d+$/),
      `incident-closed:${id}`,
    ]);
    expect(mine.map((sms) => sms.body)).toEqual([
      "Water alert for Kilimani: Boil water in Kilimani\nA treatment fault let untreated water into the network.\n" +
        "Boil all drinking water for one minute. Tankers at Kilimani School.\nReply STOP to end these messages.",
      "Water alert update for Kilimani: Boil water in Kilimani\nTankers are at the school.\nReply STOP to end these messages.",
      "Water alert over for Kilimani: Boil water in Kilimani\nThe water is safe to drink again.\nReply STOP to end these messages.",
    ]);
    const french = sent.filter((sms) => sms.phone === OTHER_PHONE);
    expect(french).toHaveLength(3);
    expect(french[0]!.body.startsWith("Alerte eau à Kilimani : Faire bouillir l'eau\n")).toBe(true);
    expect(french[0]!.body.endsWith("Répondez STOP pour ne plus recevoir ces messages.")).toBe(true);
    const saoTome = sent.filter((sms) => sms.phone === "+254766000444");
    expect(saoTome).toHaveLength(3);
    expect(saoTome[0]!.body.startsWith("Water alert for São Tomé: Boil water in Kilimani\n")).toBe(true);
    // Westlands is not among the incident's localities; the stopped number gets nothing.
    expect(new Set(sent.map((sms) => sms.phone))).toEqual(new Set([PHONE, OTHER_PHONE, "+254766000444"]));
  });

  it("an ended subscription gets nothing", async () => {
    await subscribe(PHONE, "Kilimani");
    await t.db.query("UPDATE sms_alert_subscriptions SET ended_at = now()");
    const declared = await as({ method: "POST", url: "/api/staff/incidents", payload: declaration() });
    expect(declared.statusCode).toBe(201);
    expect(await outgoing()).toEqual([]);
  });
});
