import fs from "node:fs";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SmsConfig } from "#server/sms/sms-config.ts";
import { createSmsGateway } from "#server/sms/create-sms-gateway.ts";
import { startSmsOutboxWorker, type SmsOutboxWorker } from "#server/sms/sms-outbox-worker.ts";
import { declaration } from "../api/incidents-support.ts";
import { addStaff, resetData, staffClient } from "../api/staff/staff-helpers.ts";
import { createTestApp, type TestApp } from "../api/test-app.ts";
import { freePort, Kannel, kannelAvailable, type PhoneMessage } from "../support/kannel.ts";

/**
 * A whole conversation by SMS, end to end (docs/decisions/035-sms-through-a-gateway.md): residents' phones are
 * Kannel's fakesmsc, talking to a real bearerbox and smsbox, which call the portal's inbound URL and take its
 * messages by sendsms; the portal's SMS worker runs as in production (but polls more often); staff act through the
 * console's API. A report by SMS, STATUS, a status change, "Is it fixed?" and NO, STOP and START, an Arabic report
 * answered in Arabic, and the gateway down in the middle. The phones' transcript is printed and written to
 * test-results/sms-conversation.txt.
 */

const PHONE = "+254712345678";
const ARABIC_PHONE = "+254733000111";
const NEIGHBOUR = "+254722000333";
const TOKEN = "kannel-conversation-token-0123456789";
const TRANSCRIPT_FILE = path.resolve(import.meta.dirname, "../../test-results/sms-conversation.txt");

describe.skipIf(!kannelAvailable())("a conversation by SMS through a real Kannel", () => {
  let t: TestApp;
  let kannel: Kannel;
  let worker: SmsOutboxWorker;
  let as: Awaited<ReturnType<typeof staffClient>>;
  let publicUrl: string;

  /** The phone's next `count` messages (after those it had), as fakesmsc printed them. */
  async function next(phone: string, count = 1): Promise<PhoneMessage[]> {
    const had = kannel.receivedBy(phone).length;
    return (await kannel.waitForMessages(phone, had + count)).slice(had);
  }
  /** The phone sends a message and waits for the portal's `count` replies. */
  async function say(phone: string, text: string, count = 1): Promise<PhoneMessage[]> {
    const had = kannel.receivedBy(phone).length;
    kannel.phoneSends(phone, text);
    return (await kannel.waitForMessages(phone, had + count)).slice(had);
  }
  async function reportOf(phone: string) {
    const { rows } = await t.db.query<{ id: string; reference: string; status: string; channel: string }>(
      `SELECT id, reference, status, channel FROM grievances WHERE user_phone = $1 ORDER BY created_at DESC LIMIT 1`,
      [phone],
    );
    return rows[0];
  }
  async function setStatus(id: string, status: string, note: string): Promise<void> {
    kannel.note(`staff set the report to ${status}: "${note}"`);
    const res = await as({ method: "POST", url: `/api/staff/grievances/${id}/status`, payload: { status, note } });
    expect(res.statusCode, res.body).toBe(200);
  }
  async function until(what: string, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${kannel.printTranscript()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  beforeAll(async () => {
    const port = await freePort();
    publicUrl = `http://127.0.0.1:${port}`;
    const sms: SmsConfig = {
      gateway: "kannel",
      kannel: { sendsmsUrl: "http://127.0.0.1:9/", username: "portal", password: "kannel-sendsms-secret" },
      number: "12345",
      inboundToken: TOKEN,
      reportsPerNumberPerDay: 10,
      dailyLimit: 1000,
      defaultCountry: "KE",
    };
    t = await createTestApp({ config: { sms, publicUrl, submissionsPerHour: 10_000 }, checkAnswers: false });
    await t.app.listen({ host: "127.0.0.1", port });
    await resetData(t.db);
    await addStaff(t.db);
    as = await staffClient(t.app);
    kannel = await Kannel.start({ portalUrl: publicUrl, token: TOKEN, number: sms.number });
    worker = startSmsOutboxWorker({
      db: t.db,
      gateway: createSmsGateway({ ...sms, kannel: { ...sms.kannel, sendsmsUrl: kannel.sendsmsUrl } }, publicUrl),
      logger: pino({ level: "silent" }),
      dailyLimit: sms.dailyLimit,
      pollMs: 100,
      baseDelayMs: 300,
      maxDelayMs: 1_000,
    });
  });
  afterAll(async () => {
    if (kannel) {
      const transcript = kannel.printTranscript();
      fs.mkdirSync(path.dirname(TRANSCRIPT_FILE), { recursive: true });
      fs.writeFileSync(TRANSCRIPT_FILE, `${transcript}\n`);
      console.log(`The phones' transcript (also in ${TRANSCRIPT_FILE}):\n${transcript}`);
    }
    await worker?.stop();
    await kannel?.stop();
    await t?.close();
  });

  it("report, STATUS, updates, an outage, Is it fixed? NO, STOP, START, Arabic, HELP and an incident alert", async () => {
    // A report by SMS: the reply has its reference, its private link, and how to ask for its status.
    const [receipt] = await say(PHONE, "No water at the Kibera school tap since Monday morning");
    const report = await reportOf(PHONE);
    expect(report).toMatchObject({ channel: "sms", status: "pending" });
    expect(receipt!.text).toContain(report!.reference);
    expect(receipt!.text).toMatch(/^.*WS-[A-Z0-9]+/);
    expect(receipt!.text).toContain(`${publicUrl}/`);
    expect(receipt!.text).toMatch(/STATUS/);

    // STATUS: the report's status.
    const [status] = await say(PHONE, "STATUS");
    expect(status!.text).toContain(report!.reference);
    expect(status!.text).toMatch(/Pending/i);

    // Staff take it up: the reporter hears of it, with the public note.
    await setStatus(report!.id, "in-progress", "A crew is on the way.");
    const [update] = await next(PHONE);
    expect(update!.text).toMatch(/In progress/i);
    expect(update!.text).toContain("A crew is on the way.");

    // The gateway goes down; staff resolve the report meanwhile. Nothing is lost: once Kannel is back the phone
    // gets the update and "Is it fixed?", in order, each once.
    await kannel.stopGateway();
    await setStatus(report!.id, "resolved", "The pipe was replaced.");
    await until("the worker to meet the outage", async () => {
      const { rows } = await t.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM sms_messages WHERE direction = 'out' AND last_error LIKE 'Kannel could not be reached%'",
      );
      return rows[0]!.n > 0;
    });
    const before = kannel.receivedBy(PHONE).length;
    await kannel.startGateway();
    await until("the messages queued during the outage", async () => {
      const { rows } = await t.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM sms_messages WHERE direction = 'out' AND sent_at IS NULL AND failed_at IS NULL",
      );
      return rows[0]!.n === 0;
    });
    // The resolution and "Is it fixed?" are one SMS: it arrives once.
    const [resolved] = (await kannel.waitForMessages(PHONE, before + 1)).slice(before);
    expect(resolved!.text).toMatch(/Resolved/i);
    expect(resolved!.text).toContain("The pipe was replaced.");
    expect(resolved!.text).toMatch(/Is it fixed\?/);

    // NO and what is still wrong: the report reopens, with their words as the public note.
    await say(PHONE, "NO the tap still gives no water");
    await until("the report to reopen", async () => (await reportOf(PHONE))!.status !== "resolved");
    const { rows: notes } = await t.db.query<{ note: string }>(
      "SELECT note FROM grievance_events WHERE grievance_id = $1 AND note IS NOT NULL ORDER BY at DESC, id DESC LIMIT 1",
      [report!.id],
    );
    expect(notes[0]!.note).toContain("the tap still gives no water");

    // STOP: one confirmation, then silence, even when staff change the report again.
    const [stopped] = await say(PHONE, "STOP");
    expect(stopped!.text).toMatch(/START/);
    const silentFrom = kannel.receivedBy(PHONE).length;
    await setStatus(report!.id, "resolved", "The valve was replaced.");
    await worker.runOnce();
    const { rows: waiting } = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM sms_messages WHERE direction = 'out' AND phone = $1 AND sent_at IS NULL AND failed_at IS NULL",
      [PHONE],
    );
    expect(waiting[0]!.n).toBe(0);

    // START: messages resume (a confirmation first), and the next change reaches the phone again.
    const [started] = await say(PHONE, "START");
    expect(kannel.receivedBy(PHONE).slice(silentFrom)).toEqual([started]);
    await setStatus(report!.id, "in-progress", "We are checking the valve again.");
    const [resumed] = await next(PHONE);
    expect(resumed!.text).toContain("We are checking the valve again.");

    // A resident writing in Arabic is answered in Arabic, as UCS-2.
    // (fakesmsc reads lines of under 200 bytes: a short message.)
    const [arabic] = await say(ARABIC_PHONE, "لا يوجد ماء في حي السوق منذ يومين");
    const arabicReport = await reportOf(ARABIC_PHONE);
    expect(arabic!.coding).toBe("ucs2");
    expect(arabic!.text).toMatch(/[\u0600-\u06ff]/);
    expect(arabic!.text).toContain(arabicReport!.reference);

    // A neighbour asks for HELP, then for water alerts in their locality, and gets the incident staff declare.
    const [help] = await say(NEIGHBOUR, "HELP");
    expect(help!.text).toMatch(/STATUS/);
    expect(help!.text).toMatch(/ALERTS/);
    const [subscribed] = await say(NEIGHBOUR, "ALERTS Kilimani");
    expect(subscribed!.text).toMatch(/Kilimani/);
    kannel.note('staff declare an incident: "Boil water in Kilimani"');
    const declared = await as({ method: "POST", url: "/api/staff/incidents", payload: declaration() });
    expect(declared.statusCode, declared.body).toBe(201);
    const [alert] = await next(NEIGHBOUR);
    expect(alert!.text).toContain("Boil water in Kilimani");
    expect(alert!.text).toMatch(/STOP/);

    // Every message reached its phone once: the outbox's rows and the phones' transcript agree (once the worker
    // has marked the last, which the phone may print first).
    await until("the last message marked sent", async () => {
      const { rows } = await t.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM sms_messages WHERE direction = 'out' AND sent_at IS NULL AND failed_at IS NULL",
      );
      return rows[0]!.n === 0;
    });
    const { rows: sent } = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM sms_messages WHERE direction = 'out' AND sent_at IS NOT NULL",
    );
    expect(kannel.transcript.filter((m) => m.direction === "out")).toHaveLength(sent[0]!.n);
  });
});
