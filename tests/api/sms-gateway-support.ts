import type { Queryable } from "#server/db/database.ts";
import type { SmsConfig } from "#server/sms/sms-config.ts";
import { enqueueSms } from "#server/sms/sms-outbox.ts";

// What the sms-gateway-*.test.ts files share (docs/decisions/035-sms-through-a-gateway.md).

export const GATEWAY_TOKEN = "kannel-token-0123456789abcdef";

export const gatewaySms = (sendsmsUrl = "http://127.0.0.1:9/cgi-bin/sendsms"): SmsConfig => ({
  gateway: "kannel",
  kannel: { sendsmsUrl, username: "portal", password: "kannel-password-never-logged" },
  number: "12345",
  inboundToken: GATEWAY_TOKEN,
  reportsPerNumberPerDay: 10,
  dailyLimit: 1000,
  defaultCountry: "KE",
});

let serial = 0;

/** Queues one outgoing SMS as the portal's workflows do (enqueueSms), and returns its id. */
export async function queueSms(
  db: Queryable,
  phone: string,
  body: string,
  extra: { kind?: "reply" | "update"; event?: string; evenIfStopped?: boolean } = {},
): Promise<string> {
  const event = extra.event ?? `test:${++serial}`;
  const queued = await enqueueSms(db, {
    phone,
    grievanceId: null,
    event,
    kind: extra.kind ?? "update",
    body,
    evenIfStopped: extra.evenIfStopped,
  });
  if (!queued) throw new Error(`not queued: ${phone} ${event}`);
  const { rows } = await db.query<{ id: string }>(
    "SELECT id FROM sms_messages WHERE direction = 'out' AND phone = $1 AND event = $2",
    [phone, event],
  );
  return rows[0]!.id;
}

export interface OutRow {
  id: string;
  body: string;
  attempts: number;
  sent_at: Date | null;
  failed_at: Date | null;
  last_error: string | null;
  delivery: string | null;
  delivery_at: Date | null;
}

export async function outRow(db: Queryable, id: string): Promise<OutRow> {
  const { rows } = await db.query<OutRow>(
    `SELECT id, body, attempts, sent_at, failed_at, last_error, delivery, delivery_at
     FROM sms_messages WHERE id = $1`,
    [id],
  );
  return rows[0]!;
}
