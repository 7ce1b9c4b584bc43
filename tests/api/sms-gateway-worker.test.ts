import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SmsGatewayError, type SmsGateway, type SmsToSend } from "#server/sms/sms-gateway.ts";
import { startSmsOutboxWorker, type SmsOutboxWorker } from "#server/sms/sms-outbox-worker.ts";
import { metricsOf } from "#server/observability/metrics.ts";
import { createTestApp, type TestApp } from "./test-app.ts";
import { gatewaySms, outRow, queueSms } from "./sms-gateway-support.ts";

// The SMS outbox worker (src/server/sms/sms-outbox-worker.ts, docs/decisions/035-sms-through-a-gateway.md) with a
// gateway that records what it is handed. The real Kannel: tests/faults/sms-gateway-outage.test.ts. On PostgreSQL
// too with TEST_DATABASE_URL, where two workers really claim at the same time.

const PHONE = "+254712345678";
const OTHER = "+254733000111";
const METRICS_TOKEN = "metrics-token-0123456789";
const DAY_MS = 86_400_000;
const silent = pino({ level: "silent" });

/** A gateway that takes everything, or fails as told. */
class RecordingGateway implements SmsGateway {
  readonly kind = "kannel" as const;
  readonly description = "a test gateway";
  sent: SmsToSend[] = [];
  failWith: SmsGatewayError | undefined;
  delayMs = 0;
  async send(sms: SmsToSend): Promise<void> {
    if (this.delayMs) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    if (this.failWith) throw this.failWith;
    this.sent.push(sms);
  }
}

let t: TestApp;
let gateway: RecordingGateway;
let dayOffset = 0;
const now = () => new Date(Date.now() + dayOffset * DAY_MS);
const workers: SmsOutboxWorker[] = [];
const worker = (options: { dailyLimit?: number; maxAttempts?: number; gateway?: SmsGateway } = {}) => {
  const started = startSmsOutboxWorker({
    db: t.db,
    gateway: options.gateway ?? gateway,
    logger: silent,
    dailyLimit: options.dailyLimit ?? 1000,
    metrics: metricsOf(t.app)?.sms,
    now,
    // Rounds only when a test asks (runOnce); retries due at once, so no test waits.
    pollMs: 3_600_000,
    baseDelayMs: 0,
    maxDelayMs: 0,
    maxAttempts: options.maxAttempts,
  });
  workers.push(started);
  return started;
};
const scrape = async () =>
  (await t.app.inject({ url: "/metrics", headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body;
const sample = (text: string, series: string) =>
  Number(new RegExp(`^${series.replace(/[{}"]/g, "\\$&")} (\\S+)$`, "m").exec(text)?.[1]);

beforeAll(async () => {
  t = await createTestApp({
    config: {
      sms: { ...gatewaySms(), dailyLimit: 2 },
      publicUrl: "https://portal.example.org",
      metricsToken: METRICS_TOKEN,
    },
    now,
  });
});
afterAll(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  await t.close();
});
beforeEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  await t.db.query("TRUNCATE sms_messages, sms_numbers");
  gateway = new RecordingGateway();
  dayOffset = 0;
});

describe("sending", () => {
  it("hands each due message to the gateway once, in the order queued, and marks it sent", async () => {
    const ids = [
      await queueSms(t.db, PHONE, "first"),
      await queueSms(t.db, OTHER, "second"),
      await queueSms(t.db, PHONE, "third"),
    ];
    const w = worker();
    const sentBefore = sample(await scrape(), "sms_sent_total");
    expect(await w.runOnce()).toBe(3);
    expect(gateway.sent).toEqual([
      { id: ids[0], to: PHONE, text: "first" },
      { id: ids[1], to: OTHER, text: "second" },
      { id: ids[2], to: PHONE, text: "third" },
    ]);
    for (const id of ids) {
      const row = await outRow(t.db, id);
      expect(row.sent_at).toBeInstanceOf(Date);
      expect(row.attempts).toBe(1);
      expect(row.failed_at).toBeNull();
    }
    expect(await w.runOnce()).toBe(0);
    expect(gateway.sent).toHaveLength(3);
    expect(sample(await scrape(), "sms_sent_total")).toBe(sentBefore + 3);
  });

  it("two workers at once never take the same message", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 60; i++) ids.push(await queueSms(t.db, i % 2 ? PHONE : OTHER, `message ${i}`));
    gateway.delayMs = 2;
    const [a, b] = [worker(), worker()];
    let rounds = 0;
    while ((await Promise.all([a.runOnce(), b.runOnce()])).some((n) => n > 0)) rounds++;
    expect(rounds).toBeGreaterThanOrEqual(2);
    expect(gateway.sent.map((sms) => sms.id).sort()).toEqual([...ids].sort());
  });
});

describe("STOP", () => {
  it("a message queued before its number said STOP is not sent; the STOP's confirmation is", async () => {
    const update = await queueSms(t.db, PHONE, "Your report is In Progress.");
    await t.db.query("INSERT INTO sms_numbers (phone, stopped_at) VALUES ($1, now())", [PHONE]);
    const confirmation = await queueSms(t.db, PHONE, "You will get no more messages. Reply START to resume.", {
      kind: "reply",
      event: "stop:inbound-1",
      evenIfStopped: true,
    });
    const failedBefore = sample(await scrape(), 'sms_failed_total{reason="stopped"}');
    await worker().runOnce();
    expect(gateway.sent.map((sms) => sms.id)).toEqual([confirmation]);
    const withheld = await outRow(t.db, update);
    expect(withheld.sent_at).toBeNull();
    expect(withheld.failed_at).toBeInstanceOf(Date);
    expect(withheld.last_error).toBe("Not sent: the number said STOP");
    expect(sample(await scrape(), 'sms_failed_total{reason="stopped"}')).toBe(failedBefore + 1);
  });

  it("a reply that is not the STOP's confirmation is withheld too; START lets the next ones go", async () => {
    await t.db.query("INSERT INTO sms_numbers (phone, stopped_at) VALUES ($1, now())", [PHONE]);
    const reply = await queueSms(t.db, PHONE, "Status: Open", { kind: "reply", event: "reply:1", evenIfStopped: true });
    await worker().runOnce();
    expect((await outRow(t.db, reply)).last_error).toBe("Not sent: the number said STOP");
    await t.db.query("UPDATE sms_numbers SET stopped_at = NULL WHERE phone = $1", [PHONE]);
    await queueSms(t.db, PHONE, "Welcome back");
    await worker().runOnce();
    expect(gateway.sent.map((sms) => sms.text)).toEqual(["Welcome back"]);
  });
});

describe("SMS_DAILY_LIMIT", () => {
  it("sends no more than the day's ceiling; the rest wait, not failed, shown by sms_daily_limit_waiting, and go the next day", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await queueSms(t.db, PHONE, `message ${i}`));
    const w = worker({ dailyLimit: 2 });
    expect(await w.runOnce()).toBe(2);
    expect(await w.runOnce()).toBe(0);
    expect(gateway.sent.map((sms) => sms.text)).toEqual(["message 0", "message 1"]);
    const waiting = await outRow(t.db, ids[4]!);
    expect(waiting).toMatchObject({ sent_at: null, failed_at: null, attempts: 0 });
    expect(sample(await scrape(), "sms_daily_limit_waiting")).toBe(3);
    expect(sample(await scrape(), "sms_outbox_pending")).toBe(3);

    dayOffset = 1;
    expect(sample(await scrape(), "sms_daily_limit_waiting")).toBe(1);
    expect(await w.runOnce()).toBe(2);
    expect(await w.runOnce()).toBe(0);
    expect(sample(await scrape(), "sms_daily_limit_waiting")).toBe(1);
    dayOffset = 2;
    expect(await w.runOnce()).toBe(1);
    expect(gateway.sent.map((sms) => sms.text)).toEqual([
      "message 0",
      "message 1",
      "message 2",
      "message 3",
      "message 4",
    ]);
    expect(sample(await scrape(), "sms_daily_limit_waiting")).toBe(0);
  });
});

describe("failures", () => {
  it("the gateway down: messages wait, no attempt counted, never given up, and go once when it is back", async () => {
    const ids = [await queueSms(t.db, PHONE, "one"), await queueSms(t.db, PHONE, "two")];
    gateway.failWith = new SmsGatewayError("Kannel could not be reached: ECONNREFUSED", "gateway");
    const w = worker({ maxAttempts: 3 });
    for (let round = 0; round < 10; round++) expect(await w.runOnce()).toBe(0);
    for (const id of ids) {
      expect(await outRow(t.db, id)).toMatchObject({
        sent_at: null,
        failed_at: null,
        attempts: 0,
        last_error: "Kannel could not be reached: ECONNREFUSED",
      });
    }
    gateway.failWith = undefined;
    expect(await w.runOnce()).toBe(2);
    expect(await w.runOnce()).toBe(0);
    expect(gateway.sent.map((sms) => sms.text)).toEqual(["one", "two"]);
    expect((await outRow(t.db, ids[0]!)).last_error).toBeNull();
  });

  it("a round stops at the first sign of an outage: one request, not one per message", async () => {
    for (let i = 0; i < 5; i++) await queueSms(t.db, PHONE, `m${i}`);
    let calls = 0;
    const down: SmsGateway = {
      kind: "kannel",
      description: "down",
      send: async () => {
        calls++;
        throw new SmsGatewayError("Kannel answered 503", "gateway");
      },
    };
    await worker({ gateway: down }).runOnce();
    expect(calls).toBe(1);
  });

  it("a message the gateway refuses is retried, then given up after maxAttempts, and counted", async () => {
    const id = await queueSms(t.db, PHONE, "to a number Kannel refuses");
    const other = await queueSms(t.db, OTHER, "fine");
    const refusing: SmsGateway = {
      kind: "kannel",
      description: "refuses one number",
      send: async (sms) => {
        if (sms.to === PHONE) throw new SmsGatewayError("Kannel answered 400: Receiver number not valid", "message");
        gateway.sent.push(sms);
      },
    };
    const failedBefore = sample(await scrape(), 'sms_failed_total{reason="refused"}');
    const w = worker({ gateway: refusing, maxAttempts: 3 });
    await w.runOnce();
    expect(gateway.sent.map((sms) => sms.id)).toEqual([other]);
    expect(await outRow(t.db, id)).toMatchObject({ attempts: 1, failed_at: null });
    await w.runOnce();
    await w.runOnce();
    await w.runOnce();
    expect(await outRow(t.db, id)).toMatchObject({
      attempts: 3,
      sent_at: null,
      last_error: "Kannel answered 400: Receiver number not valid",
    });
    expect((await outRow(t.db, id)).failed_at).toBeInstanceOf(Date);
    expect(sample(await scrape(), 'sms_failed_total{reason="refused"}')).toBe(failedBefore + 1);
  });
});
