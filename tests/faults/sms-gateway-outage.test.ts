import type { AddressInfo } from "node:net";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSmsGateway } from "#server/sms/create-sms-gateway.ts";
import type { SmsConfig } from "#server/sms/sms-config.ts";
import { claimDueSms } from "#server/sms/sms-outbox-repository.ts";
import { startSmsOutboxWorker, type SmsOutboxWorker } from "#server/sms/sms-outbox-worker.ts";
import { createTestApp, type TestApp } from "../api/test-app.ts";
import { outRow, queueSms } from "../api/sms-gateway-support.ts";
import { Kannel, kannelAvailable } from "../support/kannel.ts";

/**
 * The SMS gateway goes down (docs/decisions/035-sms-through-a-gateway.md), with a real Kannel and fakesmsc playing the
 * phone: messages queued meanwhile wait, and go out once it is back, each exactly once. And the one edge of
 * at-least-once: a worker that dies between Kannel's acceptance and its mark has the message sent again when the
 * claim's lease runs out.
 */

const PHONE = "+254712345678";
const TOKEN = "kannel-fault-token-0123456789";

describe.skipIf(!kannelAvailable())("SMS through a real Kannel, the gateway down and back", () => {
  let t: TestApp;
  let kannel: Kannel;
  let sms: SmsConfig;
  let publicUrl: string;
  let worker: SmsOutboxWorker;

  const gatewayNow = () =>
    createSmsGateway({ ...sms, kannel: { ...sms.kannel, sendsmsUrl: kannel.sendsmsUrl } }, publicUrl);

  /** Waits until `check` holds, polling the database (no fixed sleep). */
  async function until(what: string, check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${kannel.printTranscript()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  beforeAll(async () => {
    sms = {
      gateway: "kannel",
      kannel: { sendsmsUrl: "http://127.0.0.1:9/", username: "portal", password: "kannel-sendsms-secret" },
      number: "12345",
      inboundToken: TOKEN,
      reportsPerNumberPerDay: 10,
      dailyLimit: 1000,
      defaultCountry: "KE",
    };
    // The portal listens on a real port: Kannel calls it back with delivery reports.
    t = await createTestApp({ config: { sms }, checkAnswers: false });
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    publicUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    kannel = await Kannel.start({ portalUrl: publicUrl, token: TOKEN, number: sms.number });
    worker = startSmsOutboxWorker({
      db: t.db,
      gateway: gatewayNow(),
      logger: pino({ level: "silent" }),
      dailyLimit: sms.dailyLimit,
      pollMs: 50,
      baseDelayMs: 100,
      maxDelayMs: 400,
    });
  });
  afterAll(async () => {
    await worker?.stop();
    await kannel?.stop();
    await t?.close();
  });

  it("sends through Kannel: GSM, Arabic as UCS-2, a long text in parts, each delivered and reported back", async () => {
    const long =
      `Your report WS-AAA111 is now In Progress. ${"The team is repairing the main pipe on Market Street. ".repeat(4)}`.trim();
    const ids = [
      await queueSms(t.db, PHONE, "Report WS-AAA111 received. Reply STATUS for news."),
      await queueSms(t.db, PHONE, "تم استلام بلاغك WS-AAA111. أرسل STATUS لمعرفة حالته."),
      await queueSms(t.db, PHONE, long),
    ];
    const received = await kannel.waitForMessages(PHONE, 3);
    expect(received.map((m) => [m.text, m.coding, m.parts])).toEqual([
      ["Report WS-AAA111 received. Reply STATUS for news.", "gsm", 1],
      ["تم استلام بلاغك WS-AAA111. أرسل STATUS لمعرفة حالته.", "ucs2", 1],
      [long, "gsm", 2],
    ]);
    // fakesmsc's SMS centre reports each delivered at once: Kannel calls the dlr-url with %d = 1.
    await until("the delivery reports", async () => {
      const rows = await Promise.all(ids.map((id) => outRow(t.db, id)));
      return rows.every((row) => row.delivery === "delivered");
    });
  });

  it("queued while the gateway is down, they wait (no attempt spent) and go once it is back, each exactly once", async () => {
    await kannel.stopGateway();
    const texts = [
      "Update 1: In Progress.",
      "Update 2: a technician is on the way.",
      "Update 3: Resolved.",
      "Is it fixed? Reply YES, or NO and what is still wrong.",
    ];
    const ids: string[] = [];
    for (const text of texts) ids.push(await queueSms(t.db, PHONE, text));
    // The worker meets the refused connection, more than once, and keeps them waiting.
    await until("the worker to meet the outage", async () => {
      const row = await outRow(t.db, ids[0]!);
      return /Kannel could not be reached: ECONNREFUSED/.test(row.last_error ?? "");
    });
    const before = kannel.receivedBy(PHONE).length;
    for (const id of ids) expect(await outRow(t.db, id)).toMatchObject({ sent_at: null, failed_at: null, attempts: 0 });

    await kannel.startGateway();
    await kannel.waitForMessages(PHONE, before + texts.length);
    await until("every message marked sent", async () =>
      (await Promise.all(ids.map((id) => outRow(t.db, id)))).every((row) => row.sent_at !== null),
    );
    // A round more of the worker's: nothing more reaches the phone.
    await worker.runOnce();
    const after = kannel
      .receivedBy(PHONE)
      .slice(before)
      .map((m) => m.text);
    expect(after).toEqual(texts);
    for (const id of ids)
      expect(await outRow(t.db, id)).toMatchObject({ attempts: 1, failed_at: null, last_error: null });
  });

  it("a worker killed between Kannel's acceptance and its mark: sent again only once the lease has run out", async () => {
    const id = await queueSms(t.db, PHONE, "Your report WS-BBB222 is now Resolved.");
    // The dying worker: claims the message, Kannel accepts it, and the process dies before marking it sent.
    await worker.stop();
    const [claimed] = await claimDueSms(t.db, 1, 300);
    expect(claimed?.id).toBe(id);
    const before = kannel.receivedBy(PHONE).length;
    await gatewayNow().send({ id, to: PHONE, text: claimed!.body });
    await kannel.waitForMessages(PHONE, before + 1);

    // Another instance meanwhile: the message is under the dead worker's lease, not sent again.
    worker = startSmsOutboxWorker({
      db: t.db,
      gateway: gatewayNow(),
      logger: pino({ level: "silent" }),
      dailyLimit: sms.dailyLimit,
      pollMs: 3_600_000,
    });
    expect(await worker.runOnce()).toBe(0);
    expect((await outRow(t.db, id)).sent_at).toBeNull();

    // The lease's five minutes pass (moved in the database rather than waited for): the message is due again, and
    // goes a second time. This is the documented edge of at-least-once.
    await t.db.query("UPDATE sms_messages SET next_attempt_at = now() - interval '1 second' WHERE id = $1", [id]);
    expect(await worker.runOnce()).toBe(1);
    await kannel.waitForMessages(PHONE, before + 2);
    expect(
      kannel
        .receivedBy(PHONE)
        .slice(before)
        .map((m) => m.text),
    ).toEqual(["Your report WS-BBB222 is now Resolved.", "Your report WS-BBB222 is now Resolved."]);
    expect(await outRow(t.db, id)).toMatchObject({ attempts: 2 });
    expect(await worker.runOnce()).toBe(0);
    console.log(`The phone's transcript:\n${kannel.printTranscript()}`);
  });
});
