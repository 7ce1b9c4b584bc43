import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createMailTransport } from "#server/notifications/mail-transport.ts";
import { startOutboxWorker, type OutboxWorker } from "#server/notifications/outbox-worker.ts";
import { queueIncidentAlerts } from "#server/incidents/incident-alerts.ts";
import { SUBSCRIPTION_MESSAGES } from "#server/incidents/incident-subscription-routes.ts";
import type { IncidentArea } from "#shared/incidents/incidents.ts";
import { linksIn, startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from "../support/smtp-test-server.ts";
import { HOST } from "./staff/staff-helpers.ts";
import { createTestApp, expectHumanError, type TestApp } from "./test-app.ts";

// Incident alerts people receive (decision 021): subscriptions for an area with double opt-in, and each
// declaration, update and closure of an incident in that area sent once, through the outbox (decision 014).

const NEAR = { latitude: -1.2921, longitude: 36.8219 };
const FAR = { latitude: -1.0, longitude: 37.5 };
// A circle 1 km around a point 1.5 km north of NEAR: a 1 km subscription around NEAR reaches it.
const CIRCLE: IncidentArea = { type: "Circle", center: [36.8219, -1.2786], radiusMetres: 1000 };
// A square of about 2 km, its southern edge 500 m north of NEAR.
const SQUARE: IncidentArea = {
  type: "Polygon",
  coordinates: [
    [
      [36.81, -1.2876],
      [36.83, -1.2876],
      [36.83, -1.2696],
      [36.81, -1.2696],
      [36.81, -1.2876],
    ],
  ],
};

let t: TestApp;
let smtp: TestSmtpServer;
let worker: OutboxWorker;
const silent = pino({ level: "silent" });

beforeAll(async () => {
  // Links in e-mail come from PUBLIC_URL only (decision 022); here it is the address the requests are sent to.
  t = await createTestApp({ config: { publicUrl: `http://${HOST}` } });
  smtp = await startTestSmtpServer();
  worker = startOutboxWorker({
    db: t.db,
    transport: createMailTransport({
      smtpUrl: smtp.url,
      mailDir: path.join(t.storageDir, "..", "mail"),
      from: "Portal <portal@water.example>",
    }),
    logger: silent,
    pollMs: 3_600_000,
  });
});
afterAll(async () => {
  await worker.stop();
  await smtp.close();
  await t.close();
});
beforeEach(async () => {
  await t.db.query("TRUNCATE outbox, incident_subscriptions, incidents, rate_limit_counters RESTART IDENTITY CASCADE");
  smtp.received.length = 0;
});

const subscribe = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url: "/api/incident-subscriptions",
    headers: { host: HOST, ...headers },
    payload: body,
  });
const pathOf = (url: string) => new URL(url).pathname;

async function deliver(): Promise<ReceivedMail[]> {
  const before = smtp.received.length;
  await worker.runOnce();
  return smtp.received.slice(before);
}

/** Subscribes, opens the link of the confirmation message and presses its button. */
async function subscribeAndConfirm(body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<void> {
  expect((await subscribe(body, headers)).statusCode).toBe(202);
  const mail = (await deliver()).find((m) => m.to.includes(body.email as string));
  const [link] = linksIn(mail!, "/alerts/confirm/");
  expect((await t.app.inject({ method: "POST", url: pathOf(link!), headers })).statusCode).toBe(200);
}

interface IncidentFields {
  area?: IncidentArea | null;
  localities?: string[];
  title?: string;
  type?: string;
}
async function declare(fields: IncidentFields = {}): Promise<string> {
  const { rows } = await t.db.query<{ id: string }>(
    `INSERT INTO incidents (type, severity, title, message, instructions, area, localities, starts_at, expected_restoration_at)
     VALUES ($1, 'severe', $2, 'A main burst on Ngong Road; the supply is cut.', 'Boil water for one minute before drinking.',
             $3, $4, now(), '2030-05-01T15:00:00Z')
     RETURNING id::text`,
    [
      fields.type ?? "boil-water",
      fields.title ?? "Burst main on Ngong Road",
      fields.area === undefined ? JSON.stringify(CIRCLE) : JSON.stringify(fields.area),
      fields.localities ?? [],
    ],
  );
  return rows[0]!.id;
}
type AlertEvent = Parameters<typeof queueIncidentAlerts>[1]["event"];
const alert = (incidentId: string, event: AlertEvent = { kind: "declared" }) =>
  t.db.transaction((tx) => queueIncidentAlerts(tx, { incidentId, event, linkBase: `http://${HOST}` }));

async function postUpdate(incidentId: string, message: string): Promise<string> {
  const { rows } = await t.db.query<{ id: string }>(
    "INSERT INTO incident_updates (incident_id, message) VALUES ($1, $2) RETURNING id::text",
    [incidentId, message],
  );
  return rows[0]!.id;
}
const close = (incidentId: string, finalMessage: string) =>
  t.db.query("UPDATE incidents SET closed_at = now(), final_message = $2, updated_at = now() WHERE id = $1", [
    incidentId,
    finalMessage,
  ]);

describe("subscribing with double opt-in", () => {
  it("confirms a pin-and-radius subscription through the link in the e-mail, which says what area it covers", async () => {
    const res = await subscribe({ email: "amina@example.net", ...NEAR, radiusMetres: 2000 });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: SUBSCRIPTION_MESSAGES.accepted });
    const rows = (
      await t.db.query("SELECT kind, recipient, grievance_id, incident_id, subscription_id::text FROM outbox")
    ).rows;
    expect(rows).toEqual([
      {
        kind: "incident-confirm",
        recipient: "amina@example.net",
        grievance_id: null,
        incident_id: null,
        subscription_id: "1",
      },
    ]);

    // Sent though it is about no report.
    const [mail] = await deliver();
    expect(mail?.subject).toBe("Confirm water incident alerts");
    expect(mail?.decoded).toContain("asked for e-mail alerts about water incidents within 2 km of -1.2921, 36.8219.");
    const [link] = linksIn(mail!, "/alerts/confirm/");
    expect(link).toMatch(new RegExp(`^http://${HOST}/alerts/confirm/[A-Za-z0-9_-]{43}$`));

    // A plain visit (a mail scanner's) only shows the button.
    const page = await t.app.inject({ url: pathOf(link!) });
    expect(page.statusCode).toBe(200);
    expect(page.headers["x-robots-tag"]).toBe("noindex");
    expect(page.body).toContain('<form method="post">');
    expect(page.body).toContain("declared, updated or closed within 2 km of -1.2921, 36.8219.");
    const pending = await t.db.query("SELECT 1 FROM incident_subscriptions WHERE confirmed_at IS NOT NULL");
    expect(pending.rows).toEqual([]);

    const confirmed = await t.app.inject({ method: "POST", url: pathOf(link!) });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain(
      "Thank you: you will get an e-mail whenever a water incident is declared, updated or closed within 2 km of -1.2921, 36.8219.",
    );
    const stored = await t.db.query(
      "SELECT email, latitude, longitude, radius_metres, locality, confirmed_at IS NOT NULL AS confirmed FROM incident_subscriptions",
    );
    expect(stored.rows).toEqual([
      { email: "amina@example.net", ...NEAR, radius_metres: 2000, locality: null, confirmed: true },
    ]);
    expect((await t.app.inject({ url: "/alerts/confirm/" + "x".repeat(43) })).statusCode).toBe(404);
  });

  it("subscribes to a locality", async () => {
    expect((await subscribe({ email: "juma@example.net", locality: "  Kibera " })).statusCode).toBe(202);
    const [mail] = await deliver();
    expect(mail?.decoded).toContain("alerts about water incidents in Kibera.");
    const stored = await t.db.query("SELECT locality, latitude FROM incident_subscriptions");
    expect(stored.rows).toEqual([{ locality: "Kibera", latitude: null }]);
  });

  it("answers the same twice and sends no second confirmation; another area is a subscription of its own", async () => {
    const first = await subscribe({ email: "amina@example.net", ...NEAR, radiusMetres: 2000 });
    const again = await subscribe({ email: "AMINA@example.net", ...NEAR, radiusMetres: 2000 });
    expect(again.statusCode).toBe(202);
    expect(again.body).toBe(first.body);
    expect((await t.db.query("SELECT count(*)::int AS n FROM incident_subscriptions")).rows).toEqual([{ n: 1 }]);
    expect((await t.db.query("SELECT count(*)::int AS n FROM outbox")).rows).toEqual([{ n: 1 }]);

    // Confirmed: asking again sends nothing either.
    const [link] = linksIn((await deliver())[0]!, "/alerts/confirm/");
    await t.app.inject({ method: "POST", url: pathOf(link!) });
    expect((await subscribe({ email: "amina@example.net", ...NEAR, radiusMetres: 2000 })).body).toBe(first.body);
    expect((await t.db.query("SELECT count(*)::int AS n FROM outbox")).rows).toEqual([{ n: 1 }]);

    expect((await subscribe({ email: "amina@example.net", locality: "Kibera" })).body).toBe(first.body);
    expect((await t.db.query("SELECT count(*)::int AS n FROM incident_subscriptions")).rows).toEqual([{ n: 2 }]);
  });

  it("refuses bodies it cannot use, with a sentence that says what to fix", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ email: "not an address", locality: "Kibera" }, "Please enter a valid email address."],
      [{ email: "amina@example.net" }, SUBSCRIPTION_MESSAGES.areaMissing],
      [{ email: "amina@example.net", ...NEAR }, SUBSCRIPTION_MESSAGES.areaMissing],
      [
        { email: "amina@example.net", ...NEAR, radiusMetres: 2000, locality: "Kibera" },
        SUBSCRIPTION_MESSAGES.areaMissing,
      ],
      [{ email: "amina@example.net", ...NEAR, radiusMetres: 20 }, SUBSCRIPTION_MESSAGES.badDistance],
      [
        { email: "amina@example.net", latitude: 95, longitude: 36.8, radiusMetres: 2000 },
        SUBSCRIPTION_MESSAGES.badPlace,
      ],
      [{ email: "amina@example.net", locality: "x".repeat(201) }, SUBSCRIPTION_MESSAGES.badLocality],
      [{ email: "amina@example.net", locality: "   " }, SUBSCRIPTION_MESSAGES.badLocality],
    ];
    for (const [body, message] of cases) {
      const res = await subscribe(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expectHumanError(res.body, message);
    }
    expect((await t.db.query("SELECT count(*)::int AS n FROM incident_subscriptions")).rows).toEqual([{ n: 0 }]);

    const french = await subscribe({ email: "amina@example.net" }, { "accept-language": "fr" });
    expectHumanError(french.body, "Choisissez un lieu sur la carte avec une distance, ou nommez une localité.");
  });

  it("limits how many requests one connection makes", async () => {
    const answers = [];
    for (let i = 0; i < 12; i++)
      answers.push(
        (await subscribe({ email: `n${i}@example.net`, locality: "Kibera" }, { "x-test": "limit" })).statusCode,
      );
    expect(answers.slice(0, 10).every((s) => s === 202)).toBe(true);
    const refused = await subscribe({ email: "n99@example.net", locality: "Kibera" });
    expect(refused.statusCode).toBe(429);
    expectHumanError(refused.body, SUBSCRIPTION_MESSAGES.tooMany);
  });
});

describe("alerts: each declaration, update and closure once, to those whose area it concerns", () => {
  it("sends a declared incident once to a confirmed subscriber in the area, even when queued twice", async () => {
    await subscribeAndConfirm({ email: "amina@example.net", ...NEAR, radiusMetres: 1000 });
    await subscribe({ email: "pending@example.net", ...NEAR, radiusMetres: 5000 });
    await deliver();
    const id = await declare();
    expect(await alert(id)).toBe(1);
    expect(await alert(id)).toBe(0);
    const mails = await deliver();
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      [["amina@example.net"], "Boil water advisory: Burst main on Ngong Road"],
    ]);
    const mail = mails[0]!;
    expect(mail.decoded).toContain(
      "A water incident concerns your area: Burst main on Ngong Road (Boil water advisory, severity: Severe).",
    );
    expect(mail.decoded).toContain("A main burst on Ngong Road; the supply is cut.");
    expect(mail.decoded).toContain("What to do: Boil water for one minute before drinking.");
    expect(mail.decoded).toContain("Expected restoration: May 1, 2030, 3:00");
    expect(linksIn(mail, "/incidents/")).toEqual([`http://${HOST}/incidents/${id}`]);
    expect(mail.decoded).toContain(
      "You receive this because you subscribed to water incident alerts within 1 km of -1.2921, 36.8219.",
    );
    const [unsubscribe] = linksIn(mail, "/unsubscribe/");
    expect(mail.headers["list-unsubscribe"]).toBe(`<${unsubscribe}>`);
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    const rows = await t.db.query(
      "SELECT kind, event, incident_id, grievance_id FROM outbox WHERE kind = 'incident-alert'",
    );
    expect(rows.rows).toEqual([
      { kind: "incident-alert", event: "incident-declared", incident_id: id, grievance_id: null },
    ]);
  });

  it("reaches the drawn polygon's and the named localities' subscribers, none outside", async () => {
    await subscribeAndConfirm({ email: "near@example.net", ...NEAR, radiusMetres: 600 });
    await subscribeAndConfirm({ email: "short@example.net", ...NEAR, radiusMetres: 300 });
    await subscribeAndConfirm({ email: "far@example.net", ...FAR, radiusMetres: 5000 });
    await subscribeAndConfirm({ email: "kibera@example.net", locality: "kibera" });
    await subscribeAndConfirm({ email: "langata@example.net", locality: "Langata" });
    const id = await declare({ area: SQUARE, localities: ["Kibéra", "Olympic"] });
    expect(await alert(id)).toBe(2);
    expect((await deliver()).map((m) => m.to[0]).sort()).toEqual(["kibera@example.net", "near@example.net"]);

    // Named only by localities: no shape reaches a pin.
    const named = await declare({ area: null, localities: ["Langata"], title: "Low pressure in Langata" });
    expect(await alert(named)).toBe(1);
    expect((await deliver()).map((m) => m.to)).toEqual([["langata@example.net"]]);
  });

  it("sends one message per address and event even with two matching subscriptions", async () => {
    await subscribeAndConfirm({ email: "amina@example.net", ...NEAR, radiusMetres: 1000 });
    await subscribeAndConfirm({ email: "Amina@example.net", locality: "Kibera" });
    const id = await declare({ localities: ["Kibera"] });
    expect(await alert(id)).toBe(1);
    expect(await deliver()).toHaveLength(1);
  });

  it("sends each update and the closure once, and nothing after unsubscribing", async () => {
    await subscribeAndConfirm({ email: "amina@example.net", ...NEAR, radiusMetres: 1000 });
    const id = await declare();
    await alert(id);
    await deliver();

    const update = await postUpdate(id, "The crew has found the leak; tankers are at Olympic school.");
    expect(await alert(id, { kind: "updated", updateId: update })).toBe(1);
    expect(await alert(id, { kind: "updated", updateId: update })).toBe(0);
    let mails = await deliver();
    expect(mails.map((m) => m.subject)).toEqual(["Update: Burst main on Ngong Road"]);
    expect(mails[0]?.decoded).toContain("The crew has found the leak; tankers are at Olympic school.");

    const second = await postUpdate(id, "Repairs continue overnight.");
    expect(await alert(id, { kind: "updated", updateId: second })).toBe(1);
    await close(id, "The main is repaired and the water is safe to drink.");
    expect(await alert(id, { kind: "closed" })).toBe(1);
    expect(await alert(id, { kind: "closed" })).toBe(0);
    mails = await deliver();
    expect(mails.map((m) => m.subject)).toEqual(["Update: Burst main on Ngong Road", "Over: Burst main on Ngong Road"]);
    expect(mails[1]?.decoded).toContain("The main is repaired and the water is safe to drink.");

    // One click (RFC 8058) on the last alert's header; a pending alert is withdrawn with it.
    const next = await declare({ title: "Second burst" });
    expect(await alert(next)).toBe(1);
    const url = mails[1]!.headers["list-unsubscribe"]!.slice(1, -1);
    const page = await t.app.inject({ url: pathOf(url) });
    expect(page.body).toContain("You will get no more water incident alerts within 1 km of -1.2921, 36.8219.");
    const res = await t.app.inject({
      method: "POST",
      url: pathOf(url),
      payload: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      "You are unsubscribed: no more water incident alerts within 1 km of -1.2921, 36.8219 will be sent.",
    );
    expect(await deliver()).toEqual([]);
    const withdrawn = await t.db.query("SELECT last_error FROM outbox WHERE incident_id = $1", [next]);
    expect(withdrawn.rows).toEqual([{ last_error: "Not sent: the recipient unsubscribed." }]);
    expect(await alert(await declare({ title: "Third burst" }))).toBe(0);
  });

  it("writes each message in the subscriber's language", async () => {
    const res = await subscribe(
      { email: "claire@example.net", locality: "Kibera" },
      { "accept-language": "fr-FR,fr;q=0.9" },
    );
    expect(res.json()).toEqual({
      message:
        "Merci. Si cette adresse ne reçoit pas encore d’alertes pour ce secteur, nous lui avons envoyé un e-mail avec un lien de confirmation.",
    });
    const [confirmMail] = await deliver();
    expect(confirmMail?.subject).toBe("Confirmez les alertes d’incidents d’eau");
    expect(confirmMail?.decoded).toContain("alertes par e-mail sur les incidents d’eau à Kibera.");
    // The page is in the language of whoever opens it.
    const [link] = linksIn(confirmMail!, "/alerts/confirm/");
    const page = await t.app.inject({ method: "POST", url: pathOf(link!), headers: { "accept-language": "es" } });
    expect(page.body).toContain("Gracias: recibirá un correo electrónico");

    const id = await declare({ localities: ["Kibera"] });
    await alert(id);
    const update = await postUpdate(id, "Les réparations continuent.");
    await alert(id, { kind: "updated", updateId: update });
    const mails = await deliver();
    expect(mails[0]?.decoded).toContain("Que faire\u00a0: Boil water for one minute before drinking.");
    expect(mails[0]?.decoded).toContain('lang="fr"');
    expect(mails[1]?.subject).toBe("Mise à jour\u00a0: Burst main on Ngong Road");
  });
});
