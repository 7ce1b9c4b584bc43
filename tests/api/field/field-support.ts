import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import type { FieldJob, TechnicianLinkCreated } from "#shared/field/field.ts";
import { createMailTransport } from "#server/notifications/mail-transport.ts";
import { startOutboxWorker, type OutboxWorker } from "#server/notifications/outbox-worker.ts";
import { makeJpeg } from "../../fixtures/images.ts";
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from "../../support/smtp-test-server.ts";
import { addStaff, HOST, resetData, staffClient } from "../staff/staff-helpers.ts";
import { createTestApp, multipart, postGrievance, validFields, type FileField, type TestApp } from "../test-app.ts";

// The crew in the field (docs/decisions/031-technician-links.md): a portal with a clock the tests move, a real SMTP
// server on loopback and an outbox worker that sends when asked. Shared by the field-*.test.ts files.

export let t: TestApp;
export let smtp: TestSmtpServer;
export let worker: OutboxWorker;
export let as: Awaited<ReturnType<typeof staffClient>>;
export const TECHNICIAN = "crew.north@contractor.example";
const HOUR_MS = 3_600_000;

/** The portal's clock: every test starts at the real time; `advance` moves it on. */
let offsetMs = 0;
export const advanceHours = (hours: number) => {
  offsetMs += hours * HOUR_MS;
};

export function useFieldPortal(): void {
  beforeAll(async () => {
    t = await createTestApp({
      config: { submissionsPerHour: 10_000, publicUrl: `http://${HOST}` },
      now: () => new Date(Date.now() + offsetMs),
    });
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
  });
  afterAll(async () => {
    await worker.stop();
    await smtp.close();
    await t.close();
  });
  beforeEach(async () => {
    offsetMs = 0;
    await resetData(t.db);
    await t.db.query("TRUNCATE rate_limit_counters, outbox, technician_links CASCADE");
    await addStaff(t.db);
    as = await staffClient(t.app);
    smtp.received.length = 0;
  });
}

/** A report from the public form; its reporter (who gave an e-mail) follows it. */
export async function submitReport(): Promise<{ id: string; reference: string }> {
  const res = await postGrievance(t.app, validFields);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

export async function sendLink(id: string, email = TECHNICIAN): Promise<TechnicianLinkCreated & { token: string }> {
  const res = await as({ method: "POST", url: `/api/staff/grievances/${id}/technician-links`, payload: { email } });
  expect(res.statusCode, res.body).toBe(201);
  const created = res.json<TechnicianLinkCreated>();
  return { ...created, token: new URL(created.url).pathname.split("/").pop()! };
}

/** Sends everything due and returns what the SMTP server received in that round. */
export async function deliver(): Promise<ReceivedMail[]> {
  const before = smtp.received.length;
  await worker.runOnce();
  return smtp.received.slice(before);
}

export const jpeg = async (name = "repair.jpg"): Promise<FileField> => ({
  filename: name,
  bytes: await makeJpeg(),
  type: "image/jpeg",
});

export const openJob = (token: string) => t.app.inject({ url: `/api/field/${token}` });

export async function postField(token: string, what: "notes" | "fixed", text: string, files: FileField[] = []) {
  const body = await multipart({ text }, files);
  return t.app.inject({ method: "POST", url: `/api/field/${token}/${what}`, ...body });
}

export async function jobOf(token: string): Promise<FieldJob> {
  const res = await openJob(token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<FieldJob>();
}

/** What the database holds of a report: status, "after" photos, events, internal notes. */
export async function reportState(id: string) {
  const { rows } = await t.db.query<{ status: string; after: number; events: number; notes: number }>(
    `SELECT status, jsonb_array_length(after_images) AS after,
            (SELECT count(*)::int FROM grievance_events WHERE grievance_id = g.id) AS events,
            (SELECT count(*)::int FROM internal_notes WHERE grievance_id = g.id) AS notes
     FROM grievances g WHERE id = $1`,
    [id],
  );
  return rows[0]!;
}
