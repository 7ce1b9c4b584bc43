import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach } from "vitest";
import type { SmsConfig } from "#server/sms/sms-config.ts";
import { HOST, resetData } from "./staff/staff-helpers.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

// What the sms-inbound-*.test.ts files share (docs/decisions/037-sms-conversations.md): the portal with SMS on and a
// clock the tests move, and messages sent to the inbound URL exactly as Kannel 1.4.5 sends them (each byte
// percent-encoded, a space as "+", UCS-2 as UTF-16BE). Runs on PGlite, and on PostgreSQL too with TEST_DATABASE_URL.

export let t: TestApp;

export const PHONE = "+254712345678";
export const OTHER_PHONE = "+254733000111";
export const TOKEN = "inbound-token-0123456789abcdef";
export const PUBLIC_URL = `http://${HOST}`;
export const METRICS_TOKEN = "metrics-token-0123456789abcdef";

export const INBOUND_SMS: SmsConfig = {
  gateway: "kannel",
  kannel: { sendsmsUrl: "http://127.0.0.1:9/cgi-bin/sendsms", username: "portal", password: "secret" },
  number: "+254700000000",
  inboundToken: TOKEN,
  reportsPerNumberPerDay: 3,
  dailyLimit: 1000,
  defaultCountry: "KE",
};

const DAY_MS = 86_400_000;
let offsetMs = 0;
/** The portal's clock: every test starts at the real time; this moves it on by whole days. */
export const advanceDays = (days: number) => {
  offsetMs += days * DAY_MS;
};

export function useInboundPortal(): void {
  beforeAll(async () => {
    t = await createTestApp({
      config: { submissionsPerHour: 10_000, publicUrl: PUBLIC_URL, sms: INBOUND_SMS, metricsToken: METRICS_TOKEN },
      now: () => new Date(Date.now() + offsetMs),
    });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    offsetMs = 0;
    await resetData(t.db);
    await t.db.query(
      `TRUNCATE sms_messages, sms_numbers, sms_alert_subscriptions, outbox, followers, audit_log,
                rate_limit_counters RESTART IDENTITY CASCADE`,
    );
  });
}

const utf16be = (text: string): Buffer => {
  const little = Buffer.from(text, "utf16le");
  return Buffer.from(little.map((_, i) => little[i ^ 1]!));
};

/** Bytes as Kannel's URL encoder writes them: letters and digits as they are, a space as "+", the rest as %XX. */
export const kannelEncoded = (bytes: Buffer): string =>
  [...bytes]
    .map((byte) => {
      const char = String.fromCharCode(byte);
      if (byte === 0x20) return "+";
      if (/[A-Za-z0-9_.~-]/.test(char)) return char;
      return `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
    })
    .join("");

/** Whether the text needs UCS-2 on the air (then Kannel hands it over as UTF-16BE, coding=2). */
const needsUcs2 = (text: string) => Array.from(text).some((char) => char.codePointAt(0)! > 0xff);

let serial = 0;

export interface SentSms {
  from?: string;
  id?: string;
  token?: string | null;
  /** Force the coding: "ucs2" sends UTF-16BE with coding=2. */
  coding?: "gsm" | "ucs2";
}

/** The URL Kannel's sms-service calls for one message. */
export function inboundUrl(text: string, options: SentSms = {}): string {
  const ucs2 = options.coding ? options.coding === "ucs2" : needsUcs2(text);
  const bytes = ucs2 ? utf16be(text) : Buffer.from(text, "utf8");
  const parameters = [
    ...(options.token === null ? [] : [`token=${encodeURIComponent(options.token ?? TOKEN)}`]),
    `from=${kannelEncoded(Buffer.from(options.from ?? PHONE))}`,
    `to=${kannelEncoded(Buffer.from(INBOUND_SMS.number))}`,
    `text=${kannelEncoded(bytes)}`,
    `id=${options.id ?? `kannel-${++serial}-${Date.now()}`}`,
    `coding=${ucs2 ? 2 : 0}`,
    `charset=${ucs2 ? "UTF-16BE" : "UTF-8"}`,
  ];
  return `/api/sms/kannel/inbound?${parameters.join("&")}`;
}

/** Sends one message as Kannel does. */
export function sendSms(text: string, options: SentSms = {}): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: "GET", url: inboundUrl(text, options), headers: { host: HOST } });
}

export interface InboundRow {
  id: string;
  phone: string;
  body: string;
  handled_as: string;
  grievance_id: string | null;
  gateway_id: string;
}

export async function inbound(): Promise<InboundRow[]> {
  const { rows } = await t.db.query<InboundRow>(
    `SELECT id, phone, body, handled_as, grievance_id, gateway_id FROM sms_messages WHERE direction = 'in'
      ORDER BY created_at, id`,
  );
  return rows;
}

export interface ReplyRow {
  phone: string;
  grievance_id: string | null;
  kind: string;
  event: string;
  body: string;
}

export async function replies(): Promise<ReplyRow[]> {
  const { rows } = await t.db.query<ReplyRow>(
    `SELECT phone, grievance_id, kind, event, body FROM sms_messages WHERE direction = 'out'
      ORDER BY created_at, event`,
  );
  return rows;
}

/** The one reply sent since `before` replies were counted. */
export async function lastReply(): Promise<ReplyRow> {
  const all = await replies();
  if (all.length === 0) throw new Error("no reply was queued");
  return all.at(-1)!;
}

export async function numberRow(phone = PHONE) {
  const { rows } = await t.db.query<{ locale: string; stopped: boolean; limit_replied_on: string | null }>(
    `SELECT locale, stopped_at IS NOT NULL AS stopped, to_char(limit_replied_on, 'YYYY-MM-DD') AS limit_replied_on
       FROM sms_numbers WHERE phone = $1`,
    [phone],
  );
  return rows[0];
}

/** A counter's value in /metrics (0 when absent). */
export async function metric(name: string): Promise<number> {
  const res = await t.app.inject({ url: "/metrics", headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const line = res.body.split("\n").find((l) => l.startsWith(`${name} `));
  return line ? Number(line.split(" ")[1]) : 0;
}
