import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, expect } from "vitest";
import { createMailTransport } from "#server/notifications/mail-transport.ts";
import { startOutboxWorker, type OutboxWorker } from "#server/notifications/outbox-worker.ts";
import { runEscalationCheck } from "#server/targets/escalation-check.ts";
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from "../support/smtp-test-server.ts";
import { addStaff, HOST, staffClient } from "./staff/staff-helpers.ts";
import { createTestApp, multipart, type TestApp } from "./test-app.ts";

// A week of work (work-week.test.ts): one portal for the whole walk, with an administrator, a supervisor and a crew
// member signed in, a real SMTP server on loopback, an outbox worker that sends when asked, and one clock the test
// moves for the portal and for the escalation check alike (docs/decisions/030-service-targets-and-escalation.md).

export const ADMIN = "admin@water.example";
export const SUPERVISOR = "supervisor@water.example";
export const MEMBER = "crew.member@water.example";
export const LINKS = `http://${HOST}`;
type Client = Awaited<ReturnType<typeof staffClient>>;

export let t: TestApp;
export let admin: Client;
export let supervisor: Client;
export let member: Client;
export const ids = { supervisor: "", member: "" };
let smtp: TestSmtpServer;
let worker: OutboxWorker;

/** The portal's clock: the real time plus what the test moved it on by. */
let offsetMs = 0;
export const clock = () => new Date(Date.now() + offsetMs);
export const advanceMinutes = (minutes: number) => {
  offsetMs += minutes * 60_000;
};
/** One round of the escalation check at the portal's clock, as SLA_CHECK_SECONDS runs it; answers how many. */
export const escalationCheck = () => runEscalationCheck(t.db, clock(), LINKS);

export function useWorkWeekPortal(): void {
  beforeAll(async () => {
    t = await createTestApp({ config: { submissionsPerHour: 10_000, publicUrl: LINKS }, now: clock });
    smtp = await startTestSmtpServer();
    worker = startOutboxWorker({
      db: t.db,
      transport: createMailTransport({
        smtpUrl: smtp.url,
        mailDir: path.join(t.storageDir, "..", "mail"),
        from: "Portal <portal@water.example>",
      }),
      logger: pino({ level: "silent" }),
      pollMs: 3_600_000,
    });
    const made = await addStaff(t.db, ADMIN);
    await t.db.query("UPDATE staff_accounts SET role = 'admin' WHERE id = $1", [made.id]);
    ids.supervisor = (await addStaff(t.db, SUPERVISOR)).id;
    ids.member = (await addStaff(t.db, MEMBER)).id;
    admin = await staffClient(t.app, ADMIN);
    supervisor = await staffClient(t.app, SUPERVISOR);
    member = await staffClient(t.app, MEMBER);
  });
  afterAll(async () => {
    await worker.stop();
    await smtp.close();
    await t.close();
  });
}

/** Every message the walk has sent, in the order the SMTP server received them. */
export const sent: ReceivedMail[] = [];
/** Sends everything due; answers what the SMTP server received in that round. */
export async function deliver(): Promise<ReceivedMail[]> {
  const before = smtp.received.length;
  await worker.runOnce();
  const round = smtp.received.slice(before);
  sent.push(...round);
  return round;
}
/** Mail as [recipient, subject] pairs, for comparing. */
export const toAndSubject = (mails: ReceivedMail[]) => mails.map((m) => [m.to.join(), m.subject]);

/** What the outbox holds: every message, when queued and of which kind, oldest first. */
export async function outbox() {
  const { rows } = await t.db.query<{ kind: string; recipient: string; subject: string; sent: boolean }>(
    "SELECT kind, recipient, subject, sent_at IS NOT NULL AS sent FROM outbox ORDER BY created_at, recipient",
  );
  return rows;
}

/** Requests without signing in: a resident, a technician with a link. */
export const anyone: Client = (options) =>
  t.app.inject({ ...options, headers: { host: HOST, ...(options.headers ?? {}) } });

/** A multipart POST, as the public form, the console's form and the field page send them; answered `status`. */
export async function postForm(send: Client, url: string, fields: Record<string, string>, status: number) {
  const res = await send({ method: "POST", url, ...(await multipart(fields)) });
  expect(res.statusCode, res.body).toBe(status);
  return res;
}

/** A GET answered 200 (or `status`), parsed. */
export async function getJson<T>(send: Client, url: string, status = 200): Promise<T> {
  const res = await send({ method: "GET", url });
  expect(res.statusCode, res.body).toBe(status);
  return res.json<T>();
}
