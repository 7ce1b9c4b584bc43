import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import { createMailTransport } from "#server/notifications/mail-transport.ts";
import { startOutboxWorker, type OutboxWorker } from "#server/notifications/outbox-worker.ts";
import { notify } from "#server/delivery/index.ts";
import type { IncidentAlertEvent } from "#server/incidents/incident-alerts.ts";
import type { IncidentArea } from "#shared/incidents/incidents.ts";
import { linksIn, startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from "../support/smtp-test-server.ts";
import { HOST } from "./staff/staff-helpers.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

// What the incident-alerts-*.test.ts files share. Incident alerts people receive (decision 021): subscriptions for
// an area with double opt-in, and each declaration, update and closure of an incident in that area sent once,
// through the outbox (decision 014).

export const NEAR = { latitude: -1.2921, longitude: 36.8219 };
export const FAR = { latitude: -1.0, longitude: 37.5 };
// A circle 1 km around a point 1.5 km north of NEAR: a 1 km subscription around NEAR reaches it.
export const CIRCLE: IncidentArea = { type: "Circle", center: [36.8219, -1.2786], radiusMetres: 1000 };
// A square of about 2 km, its southern edge 500 m north of NEAR.
export const SQUARE: IncidentArea = {
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

// Set by useAlertApp()'s beforeAll (ES module bindings, so importers see them once set).
export let t: TestApp;
export let smtp: TestSmtpServer;
export let worker: OutboxWorker;
const silent = pino({ level: "silent" });

/** Starts the app, a test SMTP server and an outbox worker sending through it; empties both before each test. */
export function useAlertApp() {
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
    await t.db.query(
      "TRUNCATE outbox, incident_subscriptions, incidents, rate_limit_counters RESTART IDENTITY CASCADE",
    );
    smtp.received.length = 0;
  });
}

export const subscribe = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url: "/api/incident-subscriptions",
    headers: { host: HOST, ...headers },
    payload: body,
  });
export const pathOf = (url: string) => new URL(url).pathname;

export async function deliver(): Promise<ReceivedMail[]> {
  const before = smtp.received.length;
  await worker.runOnce();
  return smtp.received.slice(before);
}

/** Subscribes, opens the link of the confirmation message and presses its button. */
export async function subscribeAndConfirm(
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<void> {
  expect((await subscribe(body, headers)).statusCode).toBe(202);
  const mail = (await deliver()).find((m) => m.to.includes(body.email as string));
  const [link] = linksIn(mail!, "/alerts/confirm/");
  expect((await t.app.inject({ method: "POST", url: pathOf(link!), headers })).statusCode).toBe(200);
}

export interface IncidentFields {
  area?: IncidentArea | null;
  localities?: string[];
  title?: string;
  type?: string;
}
export async function declare(fields: IncidentFields = {}): Promise<string> {
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
export type AlertEvent = IncidentAlertEvent;
/** The incident's news told (delivery/notify.ts): resolves with how many e-mail alerts were queued now. */
export const alert = (incidentId: string, event: AlertEvent = { kind: "declared" }) =>
  t.db.transaction(
    async (tx) => (await notify(tx, { kind: "incident", incidentId, event, linkBase: `http://${HOST}` })).email,
  );

export async function postUpdate(incidentId: string, message: string): Promise<string> {
  const { rows } = await t.db.query<{ id: string }>(
    "INSERT INTO incident_updates (incident_id, message) VALUES ($1, $2) RETURNING id::text",
    [incidentId, message],
  );
  return rows[0]!.id;
}
export const close = (incidentId: string, finalMessage: string) =>
  t.db.query("UPDATE incidents SET closed_at = now(), final_message = $2, updated_at = now() WHERE id = $1", [
    incidentId,
    finalMessage,
  ]);
