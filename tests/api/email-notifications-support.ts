import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import type { SubmittedGrievance } from "#shared/tracking/tracking.ts";
import { createMailTransport } from "#server/notifications/mail-transport.ts";
import { startOutboxWorker, type OutboxWorker } from "#server/notifications/outbox-worker.ts";
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from "../support/smtp-test-server.ts";
import { addStaff, HOST, resetData, staffClient } from "./staff/staff-helpers.ts";
import { createTestApp, postGrievance, validFields, type TestApp } from "./test-app.ts";

// E-mail: the transactional outbox, its delivery, following with double opt-in, unsubscribing
// (docs/decisions/014-transactional-outbox-email.md). This module holds what the email-notifications-*.test.ts
// files share: a portal with a test SMTP server and an outbox worker that sends when asked.

export const FOLLOWER = "neighbour@example.net";
export const REPORTER = validFields.user_email;

export let t: TestApp;
export let smtp: TestSmtpServer;
export let worker: OutboxWorker;
export let as: Awaited<ReturnType<typeof staffClient>>;
export const silent = pino({ level: "silent" });

export interface OutboxRow {
  kind: string;
  recipient: string;
  subject: string;
  event: string;
  sent_at: Date | null;
  failed_at: Date | null;
  attempts: number;
  last_error: string | null;
  text_body: string | null;
}
export const outbox = async (): Promise<OutboxRow[]> =>
  (
    await t.db.query<OutboxRow>(
      "SELECT kind, recipient, subject, event, sent_at, failed_at, attempts, last_error, text_body FROM outbox ORDER BY created_at, recipient",
    )
  ).rows;

export async function submit(fields: Record<string, string> = validFields): Promise<SubmittedGrievance> {
  const res = await postGrievance(t.app, fields);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<SubmittedGrievance>();
}
export const follow = (id: string, email: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url: `/api/grievances/${id}/followers`,
    headers: { host: HOST, ...headers },
    payload: { email },
  });
export const setStatus = (id: string, status: string, note?: string) =>
  as({ method: "POST", url: `/api/staff/grievances/${id}/status`, payload: { status, ...(note && { note }) } });
export const pathOf = (url: string) => new URL(url).pathname;

/** Sends everything due and returns what the SMTP server received in that round. */
export async function deliver(): Promise<ReceivedMail[]> {
  const before = smtp.received.length;
  await worker.runOnce();
  return smtp.received.slice(before);
}

/** The portal, SMTP server and outbox worker for the calling file, emptied before each test. */
export function useEmailPortal(): void {
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
      logger: silent,
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
}
