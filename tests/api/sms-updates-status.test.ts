import { describe, expect, it } from "vitest";
import { changeStatus } from "#server/staff/workflow.ts";
import { notify } from "#server/delivery/index.ts";
import { partsOf } from "#server/sms/sms-text.ts";
import { HOST } from "./staff/staff-helpers.ts";
import { declaration } from "./incidents-support.ts";
import { multipart } from "./test-app.ts";
import {
  as,
  lastStatusEvent,
  numberIs,
  outgoing,
  PHONE,
  setStatus,
  smsReport,
  t,
  useSmsPortal,
} from "./sms-updates-support.ts";

// Every status change of a report reaches its reporter by SMS when they asked for updates there, whichever path
// changed it (docs/decisions/038-sms-updates.md).

useSmsPortal();

const QUESTION = "Is it fixed? Reply YES, or NO and what is still wrong";

describe("a status change by SMS", () => {
  it("a staff member's change: one SMS with the new status and its public note, keyed by the status event", async () => {
    const report = await smsReport();
    await setStatus(report.id, "in-progress", "Crew on the way.");
    expect(await outgoing()).toEqual([
      {
        phone: PHONE,
        grievance_id: report.id,
        kind: "update",
        event: `status:${await lastStatusEvent(report.id)}`,
        body: `Report ${report.reference} is now In progress.\nCrew on the way.`,
      },
    ]);
  });

  it("once resolved, asks 'Is it fixed?' at its end (kind fixed-question)", async () => {
    const report = await smsReport();
    await setStatus(report.id, "resolved", "Valve replaced.");
    const [sms] = await outgoing();
    expect(sms).toMatchObject({ kind: "fixed-question" });
    expect(sms!.body).toBe(`Report ${report.reference} is now Resolved.\nValve replaced.\n${QUESTION}`);
  });

  it("in the number's language when it is known, else the report's", async () => {
    const spanish = await smsReport({ locale: "es" });
    await setStatus(spanish.id, "resolved", "Valvula cambiada.");
    expect((await outgoing())[0]!.body).toBe(
      `Reporte ${spanish.reference}, nuevo estado: Resuelto.\nValvula cambiada.\n¿Ya funciona? Responda YES, o NO y lo que sigue mal`,
    );
    await t.db.query("TRUNCATE sms_messages");
    await numberIs(PHONE, { locale: "fr" });
    await setStatus(spanish.id, "in-progress");
    expect((await outgoing())[0]!.body).toBe(`Signalement ${spanish.reference}, nouveau statut : En cours.`);
  });

  it("nothing without consent, to a number that said STOP, or about a hidden report", async () => {
    const noConsent = await smsReport({ smsUpdates: false });
    await setStatus(noConsent.id, "in-progress", "On it.");
    const stopped = await smsReport({ phone: "+254733000111" });
    await numberIs("+254733000111", { stopped: true });
    await setStatus(stopped.id, "in-progress", "On it.");
    const hidden = await smsReport({ phone: "+254744000222" });
    const hide = await as({
      method: "POST",
      url: `/api/staff/grievances/${hidden.id}/hide`,
      payload: { reason: "Spam" },
    });
    expect(hide.statusCode).toBe(200);
    await setStatus(hidden.id, "in-progress", "On it.");
    expect(await outgoing()).toEqual([]);
  });

  it("a change rolled back queues nothing", async () => {
    const report = await smsReport();
    const { rows } = await t.db.query<{ id: string }>("SELECT id FROM staff_accounts LIMIT 1");
    await expect(
      changeStatus(t.db, report.id, "in-progress", "On it.", rows[0]!.id, async (tx, change) => {
        await notify(tx, { kind: "status-changed", grievanceId: report.id, change, linkBase: `http://${HOST}` });
        expect((await tx.query("SELECT 1 FROM sms_messages WHERE direction = 'out'")).rows).toHaveLength(1);
        throw new Error("a later step of the change failed");
      }),
    ).rejects.toThrow("a later step");
    expect(await outgoing()).toEqual([]);
  });

  it("a long note is cut so that the question arrives whole, within three parts, Arabic (UCS-2) too", async () => {
    const english = await smsReport();
    await setStatus(english.id, "resolved", "The crew replaced the valve and flushed the line. ".repeat(18));
    const arabic = await smsReport({ phone: "+254755000333", locale: "ar" });
    await setStatus(arabic.id, "resolved", "استبدل الفريق الصمام وغسل الخط. ".repeat(18));
    const [first, second] = await outgoing();
    expect(first!.body.endsWith(`...\n${QUESTION}`)).toBe(true);
    expect(second!.body.endsWith("...\nهل تم الإصلاح؟ أجب بـ YES، أو NO مع ما لا يزال لا يعمل")).toBe(true);
    for (const sms of [first!, second!]) expect(partsOf(sms.body)).toBeLessThanOrEqual(3);
  });
});

describe("every path that changes a status", () => {
  it("a bulk change: one SMS per report changed", async () => {
    const a = await smsReport();
    const b = await smsReport({ phone: "+254733000111" });
    const res = await as({
      method: "POST",
      url: "/api/staff/grievances/bulk/status",
      payload: { ids: [a.id, b.id], status: "in-progress", note: "North crew assigned." },
    });
    expect(res.statusCode, res.body).toBe(200);
    const sent = await outgoing();
    expect(sent.map((sms) => [sms.grievance_id, sms.kind, sms.body])).toEqual(
      expect.arrayContaining([
        [a.id, "update", `Report ${a.reference} is now In progress.\nNorth crew assigned.`],
        [b.id, "update", `Report ${b.reference} is now In progress.\nNorth crew assigned.`],
      ]),
    );
    expect(sent).toHaveLength(2);
  });

  it("a technician's 'fixed': the question, with their note", async () => {
    const report = await smsReport();
    const link = await as({
      method: "POST",
      url: `/api/staff/grievances/${report.id}/technician-links`,
      payload: { email: "crew@contractor.example" },
    });
    expect(link.statusCode, link.body).toBe(201);
    const token = new URL(link.json<{ url: string }>().url).pathname.split("/").pop()!;
    const body = await multipart({ text: "Joint resealed, pressure normal." });
    const fixed = await t.app.inject({ method: "POST", url: `/api/field/${token}/fixed`, ...body });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(await outgoing()).toEqual([
      expect.objectContaining({
        kind: "fixed-question",
        event: `status:${await lastStatusEvent(report.id)}`,
        body: `Report ${report.reference} is now Resolved.\nJoint resealed, pressure normal.\n${QUESTION}`,
      }),
    ]);
  });

  it("an incident's closure resolving its reports: its final message", async () => {
    const declared = await as({ method: "POST", url: "/api/staff/incidents", payload: declaration() });
    expect(declared.statusCode, declared.body).toBe(201);
    const incidentId = declared.json<{ id: string }>().id;
    const report = await smsReport();
    await as({
      method: "POST",
      url: `/api/staff/incidents/${incidentId}/reports`,
      payload: { grievanceIds: [report.id] },
    });
    await t.db.query("TRUNCATE sms_messages");
    const res = await as({
      method: "POST",
      url: `/api/staff/incidents/${incidentId}/close`,
      payload: { finalMessage: "The water is safe to drink again.", resolveLinkedReports: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await outgoing()).map((sms) => [sms.grievance_id, sms.body])).toEqual([
      [report.id, `Report ${report.reference} is now Resolved.\nThe water is safe to drink again.\n${QUESTION}`],
    ]);
  });

  it("a duplicate: resolved with the note naming the original, without the question", async () => {
    const original = await smsReport({ phone: "+254733000111", smsUpdates: false });
    const duplicate = await smsReport();
    const res = await as({
      method: "POST",
      url: `/api/staff/grievances/${duplicate.id}/duplicate`,
      payload: { duplicateOfId: original.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await outgoing()).map((sms) => [sms.grievance_id, sms.kind, sms.body])).toEqual([
      [
        duplicate.id,
        "update",
        `Report ${duplicate.reference} is now Resolved.\nThis report repeats report ${original.reference}: its progress is followed there.`,
      ],
    ]);
  });

  it("the reporter's own reopen from the private page: their words back", async () => {
    const report = await smsReport();
    await setStatus(report.id, "resolved", "Valve replaced.");
    await t.db.query("TRUNCATE sms_messages");
    const res = await t.app.inject({
      method: "POST",
      url: `/api/track/${report.token}/answer`,
      payload: { fixed: false, note: "Still leaking at the joint." },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await outgoing()).toEqual([
      expect.objectContaining({
        kind: "update",
        event: `status:${await lastStatusEvent(report.id)}`,
        body: `Report ${report.reference} is now In progress.\nStill leaking at the joint.`,
      }),
    ]);
  });
});
