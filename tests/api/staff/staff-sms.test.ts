import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { StaffGrievanceDetail } from "#shared/staff/staff-api.ts";
import { createTestApp, postGrievance, validFields, type TestApp } from "../test-app.ts";
import { addStaff, staffClient, STAFF_EMAIL } from "./staff-helpers.ts";
import { TEST_SMS } from "./sms-support.ts";

// The staff's side of SMS (docs/decisions/041-sms-for-staff.md): a report's conversation in the console, with each
// outgoing message's state, and sendSmsToReporter with its refusals.

const PHONE = "+254712345678";
let t: TestApp;
let off: TestApp;
let as: Awaited<ReturnType<typeof staffClient>>;
let asOff: Awaited<ReturnType<typeof staffClient>>;

beforeAll(async () => {
  [t, off] = await Promise.all([createTestApp({ config: { sms: TEST_SMS } }), createTestApp()]);
  await Promise.all([addStaff(t.db), addStaff(off.db)]);
  [as, asOff] = await Promise.all([staffClient(t.app), staffClient(off.app)]);
});
afterAll(async () => {
  await Promise.all([t.close(), off.close()]);
});

async function report(app: TestApp, fields: Record<string, string> = {}): Promise<string> {
  const res = await postGrievance(app.app, { ...validFields, user_phone: "0712 345 678", ...fields });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

const send = (id: string, text: string, client = as) =>
  client({ method: "POST", url: `/api/staff/grievances/${id}/sms`, payload: { text } });

const detailOf = async (id: string, client = as) =>
  (await client({ method: "GET", url: `/api/staff/grievances/${id}` })).json<StaffGrievanceDetail>();

const staffMessages = (detail: StaffGrievanceDetail) => detail.sms.messages.filter((m) => m.kind === "staff");

describe("whether SMS is on", () => {
  it("the console's session and the form's settings say so", async () => {
    expect((await as({ method: "GET", url: "/api/staff/session" })).json<{ sms: boolean }>().sms).toBe(true);
    expect((await asOff({ method: "GET", url: "/api/staff/session" })).json<{ sms: boolean }>().sms).toBe(false);
    expect((await t.app.inject({ url: "/api/map-settings" })).json<{ sms: boolean }>().sms).toBe(true);
    expect((await off.app.inject({ url: "/api/map-settings" })).json<{ sms: boolean }>().sms).toBe(false);
  });

  it("without SMS a message is refused (409) and nothing is queued", async () => {
    const id = await report(off);
    const res = await send(id, "Hello", asOff);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(
      "SMS is not set up on this portal, so no message can be sent.",
    );
    const { rows } = await off.db.query("SELECT 1 FROM sms_messages");
    expect(rows).toEqual([]);
    expect((await detailOf(id, asOff)).sms).toEqual({ messages: [], stopped: false, updatesBySms: false });
  });
});

describe("sendSmsToReporter", () => {
  let id: string;
  beforeEach(async () => {
    id = await report(t);
  });

  it("queues the message to the number in E.164, shows it queued with its author, and audits it", async () => {
    const res = await send(id, "A crew comes tomorrow at 9.");
    expect(res.statusCode, res.body).toBe(201);
    const [sent] = staffMessages(res.json<StaffGrievanceDetail>());
    expect(sent).toMatchObject({
      direction: "out",
      phone: PHONE,
      text: "A crew comes tomorrow at 9.",
      kind: "staff",
      state: "queued",
      stateAt: null,
      error: null,
      staffEmail: STAFF_EMAIL,
    });
    const { rows } = await t.db.query<{ phone: string; event: string; grievance_id: string; staff: string }>(
      `SELECT m.phone, m.event, m.grievance_id, a.email AS staff FROM sms_messages m
       JOIN staff_accounts a ON a.id = m.staff_account_id WHERE m.kind = 'staff' AND m.grievance_id = $1`,
      [id],
    );
    expect(rows).toEqual([
      { phone: PHONE, event: expect.stringMatching(/^staff:[0-9a-f-]{36}$/), grievance_id: id, staff: STAFF_EMAIL },
    ]);
    const audit = await t.db.query<{ action: string; actor: string; details: unknown }>(
      "SELECT action, actor, details FROM audit_log WHERE action = 'grievance.sms_send'",
    );
    expect(audit.rows.at(-1)).toEqual({ action: "grievance.sms_send", actor: STAFF_EMAIL, details: { parts: 1 } });
  });

  it("two messages with the same words are two messages", async () => {
    expect((await send(id, "Thank you.")).statusCode).toBe(201);
    expect((await send(id, "Thank you.")).statusCode).toBe(201);
    expect(staffMessages(await detailOf(id)).map((m) => m.text)).toEqual(["Thank you.", "Thank you."]);
  });

  it("keeps within three SMS parts: 459 plain characters pass, 460 or 202 Arabic ones are refused", async () => {
    expect((await send(id, "a".repeat(459))).statusCode).toBe(201);
    for (const text of ["a".repeat(460), "م".repeat(202)]) {
      const res = await send(id, text);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/longer than three SMS/);
    }
    expect((await send(id, "م".repeat(201))).statusCode).toBe(201);
    expect(staffMessages(await detailOf(id)).map((m) => m.text.length)).toEqual([459, 201]);
  });

  it("refuses an empty message (400)", async () => {
    const res = await send(id, "   ");
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ message: string }>().message).toBe("Please write the message to send.");
  });

  it("refuses a report without a phone number, or with one that is no phone number (409)", async () => {
    const none = await report(t, { user_phone: "" });
    const res = await send(none, "Hello");
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json<{ message: string }>().message).toBe("This report has no phone number to send an SMS to.");
    const odd = await report(t, { user_phone: "123 456" });
    const unreadable = await send(odd, "Hello");
    expect(unreadable.statusCode, unreadable.body).toBe(409);
    expect(unreadable.json<{ message: string }>().message).toMatch(/cannot be read as a phone number/);
    const { rows } = await t.db.query(
      "SELECT 1 FROM sms_messages WHERE grievance_id = ANY($1::uuid[]) AND kind = 'staff'",
      [[none, odd]],
    );
    expect(rows).toEqual([]);
  });

  it("refuses a number that said STOP, saying so, and the report shows it stopped", async () => {
    await t.db.query(
      "INSERT INTO sms_numbers (phone, stopped_at) VALUES ($1, now()) ON CONFLICT (phone) DO UPDATE SET stopped_at = now()",
      [PHONE],
    );
    try {
      const res = await send(id, "Hello");
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json<{ message: string }>().message).toBe(
        "The reporter sent STOP: no SMS can be sent to this number until they send START.",
      );
      // The page says so before anyone tries: its number written internationally, or once an SMS went to it.
      const international = await report(t, { user_phone: "+254 712 345 678" });
      expect((await detailOf(international)).sms.stopped).toBe(true);
      expect((await send(international, "Hello")).statusCode).toBe(409);
    } finally {
      await t.db.query("UPDATE sms_numbers SET stopped_at = NULL WHERE phone = $1", [PHONE]);
    }
    expect((await detailOf(id)).sms.stopped).toBe(false);
    expect((await send(id, "Hello")).statusCode).toBe(201);
  });

  it("answers 404 for no such report and 401 when not signed in", async () => {
    expect((await send("00000000-0000-4000-8000-000000000000", "Hello")).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: "POST",
      url: `/api/staff/grievances/${id}/sms`,
      headers: { host: "portal.test", origin: "http://portal.test" },
      payload: { text: "Hello" },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("the conversation", () => {
  it("in and out, oldest first, each outgoing one with its state; due past the day's ceiling is waiting", async () => {
    // Three sent today reach this portal's ceiling: what is due now waits for tomorrow.
    const capped = await createTestApp({ config: { sms: { ...TEST_SMS, dailyLimit: 3 } } });
    await addStaff(capped.db);
    const asCapped = await staffClient(capped.app);
    const t = capped;
    const id = await report(t);
    const at = (minutes: number) => `now() - interval '${minutes} minutes'`;
    await t.db.query(
      `INSERT INTO sms_messages (direction, phone, grievance_id, body, created_at, gateway_id, handled_as)
       VALUES ('in', $1, $2, 'No water in Kibera', ${at(60)}, 'k-1', 'report')`,
      [PHONE, id],
    );
    const out = async (event: string, minutes: number, set: string) => {
      await t.db.query(
        `INSERT INTO sms_messages (direction, phone, grievance_id, body, kind, event, created_at, next_attempt_at)
         VALUES ('out', $1, $2, $3, 'update', $3, ${at(minutes)}, now())`,
        [PHONE, id, event],
      );
      if (set) await t.db.query(`UPDATE sms_messages SET ${set} WHERE event = $1`, [event]);
    };
    await out("delivered", 50, "sent_at = now(), delivery = 'delivered', delivery_at = now()");
    await out("sent", 40, "sent_at = now()");
    await out("failed", 30, "attempts = 5, failed_at = now(), last_error = 'gateway answered 403'");
    await out("undelivered", 25, "sent_at = now(), delivery = 'failed', delivery_at = now()");
    await out(
      "retrying",
      20,
      "attempts = 1, last_error = 'connection refused', next_attempt_at = now() + interval '1 minute'",
    );
    await out("waiting", 10, "");
    // Not ticked on the form: nothing else is sent to this report's number.
    const { sms } = await detailOf(id, asCapped);
    expect(sms.messages.map((m) => [m.direction, m.text, m.state, m.error])).toEqual([
      ["in", "No water in Kibera", null, null],
      ["out", "delivered", "delivered", null],
      ["out", "sent", "sent", null],
      ["out", "failed", "failed", "gateway answered 403"],
      ["out", "undelivered", "failed", null],
      ["out", "retrying", "queued", "connection refused"],
      ["out", "waiting", "waiting", null],
    ]);
    const shown = sms.messages;
    expect(shown[1]!.stateAt).not.toBeNull();
    await capped.close();
  });

  it("a message due under the ceiling is queued", async () => {
    const id = await report(t);
    expect((await send(id, "On our way.")).statusCode).toBe(201);
    await t.db.query("UPDATE sms_messages SET sent_at = now() WHERE grievance_id = $1", [await report(t)]);
    expect(staffMessages(await detailOf(id)).map((m) => m.state)).toEqual(["queued"]);
  });
});
