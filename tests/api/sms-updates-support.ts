import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import type { SubmittedGrievance } from "#shared/tracking/tracking.ts";
import type { SmsConfig } from "#server/sms/sms-config.ts";
import { addStaff, HOST, resetData, staffClient } from "./staff/staff-helpers.ts";
import { createTestApp, postGrievance, validFields, type TestApp } from "./test-app.ts";

// What the portal tells residents by SMS on its own (docs/decisions/038-sms-updates.md): this module holds what the
// sms-updates-*.test.ts files share. Runs on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set.

export let t: TestApp;
export let as: Awaited<ReturnType<typeof staffClient>>;

export const PHONE = "+254712345678";
export const OTHER_PHONE = "+254733000111";

export const TEST_SMS: SmsConfig = {
  gateway: "kannel",
  kannel: { sendsmsUrl: "http://127.0.0.1:9/cgi-bin/sendsms", username: "portal", password: "secret" },
  number: "+254700000000",
  inboundToken: "t".repeat(32),
  reportsPerNumberPerDay: 10,
  dailyLimit: 1000,
  defaultCountry: "KE",
};

const HOUR_MS = 3_600_000;
/** The portal's clock: every test starts at the real time; `advanceHours` moves it on. */
let offsetMs = 0;
export const advanceHours = (hours: number) => {
  offsetMs += hours * HOUR_MS;
};

/** A portal with SMS on (TEST_SMS), or off with `null`. */
export function useSmsPortal(sms: SmsConfig | null = TEST_SMS): void {
  beforeAll(async () => {
    t = await createTestApp({
      config: { submissionsPerHour: 10_000, publicUrl: `http://${HOST}`, sms: sms ?? undefined },
      now: () => new Date(Date.now() + offsetMs),
    });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    offsetMs = 0;
    await resetData(t.db);
    await t.db.query(
      `TRUNCATE sms_messages, sms_numbers, sms_alert_subscriptions, incident_subscriptions, outbox, followers,
                technician_links, audit_log, rate_limit_counters RESTART IDENTITY CASCADE`,
    );
    await addStaff(t.db);
    as = await staffClient(t.app);
  });
}

export interface OutgoingRow {
  phone: string;
  grievance_id: string | null;
  kind: string;
  event: string;
  body: string;
}

export async function outgoing(): Promise<OutgoingRow[]> {
  const { rows } = await t.db.query<OutgoingRow>(
    `SELECT phone, grievance_id, kind, event, body FROM sms_messages WHERE direction = 'out'
      ORDER BY seq`,
  );
  return rows;
}

/**
 * A report from the public form whose reporter asked for updates by SMS at PHONE (set in the database, so these
 * tests do not depend on the form's consent, which has tests of its own), in `locale`.
 */
export async function smsReport(
  options: { locale?: string; phone?: string; smsUpdates?: boolean; email?: string | null } = {},
): Promise<{ id: string; reference: string; token: string }> {
  const fields = { ...validFields, ...(options.email === null ? { user_email: "" } : {}) };
  const res = await postGrievance(t.app, options.email ? { ...fields, user_email: options.email } : fields);
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json<SubmittedGrievance>();
  await t.db.query("UPDATE grievances SET user_phone = $2, sms_updates = $3, locale = $4 WHERE id = $1", [
    body.id,
    options.phone ?? PHONE,
    options.smsUpdates ?? true,
    options.locale ?? "en",
  ]);
  return {
    id: body.id,
    reference: body.reference,
    token: new URL(body.trackingUrl).pathname.replace(/^\/track\//, ""),
  };
}

/** The number said STOP (sms_numbers.stopped_at), or speaks `locale`. */
export async function numberIs(phone: string, state: { stopped?: boolean; locale?: string }): Promise<void> {
  await t.db.query(
    `INSERT INTO sms_numbers (phone, locale, stopped_at) VALUES ($1, $2, CASE WHEN $3::boolean THEN now() END)
     ON CONFLICT (phone) DO UPDATE SET locale = excluded.locale, stopped_at = excluded.stopped_at`,
    [phone, state.locale ?? "en", state.stopped ?? false],
  );
}

export async function setStatus(id: string, status: string, note?: string): Promise<void> {
  const res = await as({
    method: "POST",
    url: `/api/staff/grievances/${id}/status`,
    payload: note === undefined ? { status } : { status, note },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** The id of the report's latest status event: the SMS's event is "status:<it>". */
export async function lastStatusEvent(id: string): Promise<string> {
  const { rows } = await t.db.query<{ id: string }>(
    "SELECT max(id)::text AS id FROM grievance_events WHERE grievance_id = $1 AND kind = 'status'",
    [id],
  );
  return rows[0]!.id;
}
