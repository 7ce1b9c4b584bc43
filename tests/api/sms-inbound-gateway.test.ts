import { describe, expect, it } from "vitest";
import { HOST } from "./staff/staff-helpers.ts";
import {
  inbound,
  inboundUrl,
  metric,
  PHONE,
  replies,
  sendSms,
  t,
  TOKEN,
  useInboundPortal,
} from "./sms-inbound-support.ts";

// The inbound URL as Kannel's sms-service calls it (docs/decisions/037-sms-conversations.md): the token, the same
// message twice, UCS-2 text, senders that cannot be answered.

useInboundPortal();

const reportCount = async () =>
  (await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM grievances")).rows[0]!.n;

describe("the inbound token", () => {
  it("missing: 401; wrong: 403; and nothing is stored", async () => {
    const missing = await sendSms("Leak at the school", { token: null });
    expect(missing.statusCode).toBe(401);
    const wrong = await sendSms("Leak at the school", { token: `${TOKEN}x` });
    expect(wrong.statusCode).toBe(403);
    const empty = await sendSms("Leak at the school", { token: "" });
    expect(empty.statusCode).toBe(401);
    expect(await inbound()).toEqual([]);
    expect(await replies()).toEqual([]);
    expect(await reportCount()).toBe(0);
    expect((await t.db.query("SELECT 1 FROM sms_numbers")).rows).toEqual([]);
  });

  it("right: an empty 200 (all Kannel counts as taken), never a reply in the answer (Kannel's omit-empty sends nothing back)", async () => {
    const res = await sendSms("HELP");
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe("");
    expect(await replies()).toHaveLength(1);
  });
});

describe("the same message twice", () => {
  it("has effect once, one after the other", async () => {
    const first = await sendSms("Burst pipe near the clinic", { id: "kannel-same-1" });
    const again = await sendSms("Burst pipe near the clinic", { id: "kannel-same-1" });
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(await reportCount()).toBe(1);
    expect(await inbound()).toHaveLength(1);
    expect(await replies()).toHaveLength(1);
  });

  it("has effect once when both arrive at once, for a report and for a command", async () => {
    const [a, b] = await Promise.all([
      sendSms("Burst pipe near the clinic", { id: "kannel-same-2" }),
      sendSms("Burst pipe near the clinic", { id: "kannel-same-2" }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const [c, d] = await Promise.all([
      sendSms("HELP", { id: "kannel-same-3" }),
      sendSms("HELP", { id: "kannel-same-3" }),
    ]);
    expect([c.statusCode, d.statusCode]).toEqual([200, 200]);
    expect(await reportCount()).toBe(1);
    expect((await inbound()).map((m) => m.gateway_id).sort()).toEqual(["kannel-same-2", "kannel-same-3"]);
    expect(await replies()).toHaveLength(2);
  });
});

describe("UCS-2 text", () => {
  it("Arabic and Hindi arrive as UTF-16BE bytes (coding=2) and are stored and answered as written", async () => {
    const arabic = "تسرب كبير في الأنبوب قرب المسجد";
    const hindi = "स्कूल के पास पाइप से रिसाव हो रहा है";
    await sendSms(arabic);
    await sendSms(hindi);
    expect((await inbound()).map((m) => m.body)).toEqual([arabic, hindi]);
    const { rows } = await t.db.query<{ description: string; category: string; location: string | null }>(
      "SELECT description, category, location FROM grievances ORDER BY created_at",
    );
    expect(rows).toEqual([
      { description: arabic, category: "Leakage Issues", location: "قرب المسجد" },
      { description: hindi, category: "Leakage Issues", location: "स्कूल के पास" },
    ]);
    const bodies = (await replies()).map((reply) => reply.body);
    expect(bodies[0]).toMatch(/^شكرًا/);
    expect(bodies[1]).toMatch(/^धन्यवाद/);
  });

  it("a UCS-2 command is understood", async () => {
    await sendSms("مساعدة");
    expect((await inbound())[0]!.handled_as).toBe("help");
    expect((await replies())[0]!.body).toMatch(/^للإبلاغ عن مشكلة/);
  });

  it("a Latin message sent as UCS-2 by the phone is read all the same", async () => {
    await sendSms("STATUS", { coding: "ucs2" });
    expect((await inbound())[0]).toMatchObject({ body: "STATUS", handled_as: "status" });
  });
});

describe("senders", () => {
  it("a local number is read with SMS_DEFAULT_COUNTRY and kept in E.164", async () => {
    await sendSms("HELP", { from: "0712345678" });
    await sendSms("HELP", { from: "254712345678" });
    expect((await inbound()).map((m) => m.phone)).toEqual([PHONE, PHONE]);
  });

  it("a sender that is no phone number (an operator's name) is answered with an empty 200 and nothing is stored", async () => {
    const res = await sendSms("Your bundle expires today", { from: "SAFARICOM" });
    expect(res.statusCode).toBe(200);
    expect(await inbound()).toEqual([]);
    expect(await replies()).toEqual([]);
  });

  it("a request without the sender or the id is refused by the schema", async () => {
    const url = inboundUrl("HELP").replace(/&id=[^&]*/, "");
    const res = await t.app.inject({ url, headers: { host: HOST } });
    expect(res.statusCode).toBe(400);
    expect(await inbound()).toEqual([]);
  });
});

describe("metrics", () => {
  it("count what was received, once per message, and what was refused, by reason", async () => {
    const received = await metric("sms_received_total");
    const refused = async (reason: string) => metric(`sms_refused_total{reason="${reason}"}`);
    const before = { token: await refused("token"), sender: await refused("sender") };
    await sendSms("HELP", { id: "kannel-metrics-1" });
    await sendSms("HELP", { id: "kannel-metrics-1" });
    await sendSms("Leak at the school");
    await sendSms("HELP", { token: "wrong-token-0123456789abcdef" });
    await sendSms("HELP", { from: "OPERATOR" });
    expect(await metric("sms_received_total")).toBe(received + 2);
    expect(await refused("token")).toBe(before.token + 1);
    expect(await refused("sender")).toBe(before.sender + 1);
  });
});

describe("the rate limit", () => {
  it("holds off a flood: past 600 requests a minute from one address, 429 and nothing more is read", async () => {
    let answered429 = 0;
    for (let i = 0; i < 650 && answered429 === 0; i++) {
      const res = await sendSms("HELP", { id: "kannel-flood" });
      if (res.statusCode === 429) answered429 = i + 1;
      else expect(res.statusCode).toBe(200);
    }
    // Earlier tests of this file count in the same minute: the flood is cut at or before its 601st request.
    expect(answered429).toBeGreaterThan(0);
    expect(answered429).toBeLessThanOrEqual(601);
    expect(await inbound()).toHaveLength(1);
  });
});
