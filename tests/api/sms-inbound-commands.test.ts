import { beforeEach, describe, expect, it } from "vitest";
import { enqueueSms } from "#server/sms/sms-outbox.ts";
import { addStaff, staffClient } from "./staff/staff-helpers.ts";
import {
  inbound,
  lastReply,
  numberRow,
  OTHER_PHONE,
  PHONE,
  replies,
  sendSms,
  t,
  useInboundPortal,
} from "./sms-inbound-support.ts";

// The commands residents send (docs/decisions/037-sms-conversations.md), each answered through the SMS outbox in the
// message's language.

useInboundPortal();

async function reportBySms(text = "Burst pipe near the clinic", from = PHONE) {
  await sendSms(text, { from });
  const { rows } = await t.db.query<{ id: string; reference: string }>(
    "SELECT id, reference FROM grievances ORDER BY created_at DESC LIMIT 1",
  );
  return rows[0]!;
}

let as: Awaited<ReturnType<typeof staffClient>> | undefined;
beforeEach(() => {
  as = undefined;
});

/** A staff member's status change with its public note, as the console makes it. */
async function changeStatus(id: string, status: string, note: string) {
  if (!as) {
    await addStaff(t.db);
    as = await staffClient(t.app);
  }
  const res = await as({ method: "POST", url: `/api/staff/grievances/${id}/status`, payload: { status, note } });
  expect(res.statusCode, res.body).toBe(200);
}

describe("STATUS", () => {
  it("with a reference: its status and latest public note, in the message's language", async () => {
    const report = await reportBySms();
    await changeStatus(report.id, "in-progress", "A crew is on the way.");
    await sendSms(`status ${report.reference.toLowerCase()}`, { from: OTHER_PHONE });
    expect(await lastReply()).toMatchObject({
      phone: OTHER_PHONE,
      body: `Report ${report.reference}: In progress.\nLatest note: A crew is on the way.`,
      // Another number's question is not part of the reporter's conversation.
      grievance_id: null,
    });
    await sendSms(`ESTADO ${report.reference}`);
    expect(await lastReply()).toMatchObject({
      body: `Reporte ${report.reference}: En curso.\nÚltima nota: A crew is on the way.`,
      grievance_id: report.id,
    });
    expect((await inbound()).map((m) => m.handled_as)).toEqual(["report", "status", "status"]);
  });

  it("alone: the number's latest report by SMS; none yet; an unknown reference", async () => {
    await sendSms("STATUS");
    expect((await lastReply()).body).toBe(
      "We have no report from this number yet. To report a problem, describe it in a message.",
    );
    await reportBySms("Leak at the school");
    const latest = await reportBySms("Dirty water at the kiosk");
    await sendSms("statut");
    expect((await lastReply()).body).toBe(
      `Signalement ${latest.reference} : Pending.`.replace("Pending", "En attente"),
    );
    await sendSms("STATUS WS-2222AA");
    expect((await lastReply()).body).toBe(
      "We found no report WS-2222AA. Please check the reference, which looks like WS-7K3M9P.",
    );
    // A reference alone asks its status.
    await sendSms(latest.reference);
    expect((await lastReply()).body).toBe(`Report ${latest.reference}: Pending.`);
  });
});

describe("STOP and START", () => {
  it("STOP ends every message but exactly one confirmation, and the alerts; START resumes", async () => {
    const report = await reportBySms();
    await sendSms("ALERTS Old Town");
    await sendSms("Stop!");
    const stop = (await inbound()).at(-1)!;
    expect(stop.handled_as).toBe("stop");
    expect(await lastReply()).toMatchObject({
      event: `stop:${stop.id}`,
      kind: "reply",
      body: "You will receive no more SMS from us, alerts included. Send START to receive them again.",
    });
    expect(await numberRow()).toMatchObject({ stopped: true });
    const { rows } = await t.db.query("SELECT 1 FROM sms_alert_subscriptions WHERE ended_at IS NULL");
    expect(rows).toEqual([]);

    // Stopped: a second STOP, HELP, a status change: nothing more is queued.
    const before = (await replies()).length;
    await sendSms("STOP");
    await sendSms("HELP");
    await changeStatus(report.id, "in-progress", "On it.");
    expect(await replies()).toHaveLength(before);
    expect((await inbound()).map((m) => m.handled_as).slice(-2)).toEqual(["stop", "help"]);

    await sendSms("start");
    expect(await numberRow()).toMatchObject({ stopped: false });
    expect((await lastReply()).body).toBe(
      "SMS are on again: you will receive the updates of your reports. Send STOP to end them.",
    );
    expect(
      await enqueueSms(t.db, { phone: PHONE, grievanceId: null, event: "test:after-start", kind: "update", body: "x" }),
    ).toBe(true);
  });

  it("STOP ALERTS ends the alerts only; a sentence starting with Stop is a report", async () => {
    await sendSms("ALERTES Centre-ville");
    expect((await lastReply()).body).toBe(
      "Vous recevrez par SMS les alertes d’incident pour Centre-ville. Envoyez STOP ALERTES pour les arrêter.",
    );
    await sendSms("STOP ALERTES");
    expect((await lastReply()).body).toBe(
      "Vos alertes par SMS sont arrêtées. Vous recevez toujours les nouvelles de vos signalements.",
    );
    expect(await numberRow()).toMatchObject({ stopped: false });
    await sendSms("Stop the leak near the school please");
    expect((await inbound()).at(-1)!.handled_as).toBe("report");
  });
});

describe("HELP and ALERTS", () => {
  it("HELP explains every command in the message's language", async () => {
    await sendSms("help");
    const help = (await lastReply()).body;
    for (const word of ["STATUS", "ALERTS", "YES", "NO", "STOP", "START"]) expect(help).toContain(word);
    await sendSms("मदद");
    expect((await lastReply()).body).toMatch(/^समस्या बताने के लिए/);
    expect(await numberRow()).toMatchObject({ locale: "hi" });
  });

  it("ALERTS <locality> subscribes once per locality; without one it says how", async () => {
    await sendSms("ALERTS   old town!");
    await sendSms("alerts Old Town");
    const { rows } = await t.db.query<{ locality: string }>(
      "SELECT locality FROM sms_alert_subscriptions WHERE phone = $1 AND ended_at IS NULL",
      [PHONE],
    );
    expect(rows).toEqual([{ locality: "old town" }]);
    expect((await lastReply()).body).toBe(
      "You will receive incident alerts for Old Town by SMS. Send STOP ALERTS to end them.",
    );
    await sendSms("تنبيهات");
    expect((await lastReply()).body).toBe("أرسل تنبيهات واسم منطقتك، مثلًا: تنبيهات المدينة القديمة");
  });
});

describe("YES and NO", () => {
  async function resolvedAndAsked() {
    const report = await reportBySms();
    await changeStatus(report.id, "resolved", "Pipe replaced.");
    expect((await lastReply()).kind).toBe("fixed-question");
    return report;
  }

  it("NO and words reopen the report with them as its public note", async () => {
    const report = await resolvedAndAsked();
    await sendSms("No, still leaking at the joint");
    expect((await inbound()).at(-1)).toMatchObject({ handled_as: "no", grievance_id: report.id });
    expect((await lastReply()).body).toBe(
      `Report ${report.reference} is reopened with your words and is In progress again. We will send you its updates.`,
    );
    const { rows } = await t.db.query<{ status: string; note: string }>(
      `SELECT g.status, e.note FROM grievances g JOIN grievance_events e ON e.grievance_id = g.id
        WHERE g.id = $1 ORDER BY e.at DESC, e.id DESC LIMIT 1`,
      [report.id],
    );
    expect(rows[0]).toEqual({ status: "in-progress", note: "still leaking at the joint" });
  });

  it("YES is recorded (here in French: OUI)", async () => {
    const report = await resolvedAndAsked();
    await sendSms("Oui.");
    expect((await inbound()).at(-1)).toMatchObject({ handled_as: "yes", grievance_id: report.id });
    const { rows } = await t.db.query("SELECT 1 FROM grievance_events WHERE kind = 'confirmed-fixed'");
    expect(rows).toHaveLength(1);
  });

  it("with nothing asked: NO and words are a report; YES alone gets the answer that nothing is asked", async () => {
    await sendSms("No water since Monday in Kibera");
    expect((await inbound()).at(-1)!.handled_as).toBe("report");
    const { rows } = await t.db.query<{ category: string; location: string }>(
      "SELECT category, location FROM grievances",
    );
    expect(rows).toEqual([{ category: "Water Supply Problems", location: "in Kibera" }]);
    await sendSms("yes");
    expect((await inbound()).at(-1)!.handled_as).toBe("yes");
    expect((await lastReply()).body).toMatch(/^We have no resolved report of yours waiting for an answer/);
  });
});
