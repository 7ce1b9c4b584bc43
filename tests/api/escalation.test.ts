import { describe, expect, it } from "vitest";
import type { StaffGrievanceDetail } from "#shared/staff/staff-api.ts";
import type { Database } from "#server/db/database.ts";
import { openPostgresDatabase } from "#server/db/postgres-database.ts";
import { runEscalationCheck } from "#server/targets/escalation-check.ts";
import { as, deliver, outbox, setStatus, submit, t, useEmailPortal } from "./email-notifications-support.ts";
import { addStaff, HOST } from "./staff/staff-helpers.ts";

// Escalation of missed service targets (docs/decisions/030-service-targets-and-escalation.md) with a clock the test
// holds: the check takes `now`. Messages go through the outbox to a real SMTP server on loopback.

useEmailPortal();
const LINKS = `http://${HOST}`;
const check = (now: Date, db: Database = t.db) => runEscalationCheck(db, now, LINKS);
const minutesAfter = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000);

/** A team with an inbox and a supervisor, and a report (from the form) routed to it. */
async function reportForTeam() {
  const supervisor = await addStaff(t.db, "supervisor@water.example");
  const { rows } = await t.db.query<{ id: string }>(
    "INSERT INTO teams (name, email, supervisor_id) VALUES ('North crew', 'north-crew@water.example', $1) RETURNING id",
    [supervisor.id],
  );
  const report = await submit();
  await t.db.query("UPDATE grievances SET team_id = $2 WHERE id = $1", [report.id, rows[0]!.id]);
  const view = (await as({ method: "GET", url: `/api/staff/grievances/${report.id}` })).json<StaffGrievanceDetail>();
  return { report, due: { acknowledge: view.dueAcknowledgeAt!, resolve: view.dueResolveAt! } };
}
const escalations = async () => (await outbox()).filter((m) => m.kind === "escalation");

describe("escalation", () => {
  it("escalates a missed target once: supervisor and inbox by e-mail, the timeline and the audit log", async () => {
    const { report, due } = await reportForTeam();
    expect(await check(minutesAfter(due.acknowledge, -1))).toBe(0);
    expect(await check(minutesAfter(due.acknowledge, 1))).toBe(1);
    expect(await check(minutesAfter(due.acknowledge, 2))).toBe(0);

    const mail = (await deliver()).filter((m) => m.subject.startsWith("Overdue"));
    expect(mail.map((m) => m.to.join()).sort()).toEqual(["north-crew@water.example", "supervisor@water.example"]);
    expect(mail[0]!.subject).toContain(`${report.reference} was not acknowledged in time`);
    expect(mail[0]!.decoded).toContain(`${LINKS}/staff/grievances/${report.id}`);

    const view = (await as({ method: "GET", url: `/api/staff/grievances/${report.id}` })).json<StaffGrievanceDetail>();
    expect(view.timeline.filter((e) => e.kind === "escalated")).toEqual([
      expect.objectContaining({
        actor: "system",
        staff_email: null,
        details: { target: "acknowledge", dueAt: due.acknowledge },
      }),
    ]);
    const { rows } = await t.db.query<{ actor: string; target: string; details: Record<string, unknown> }>(
      "SELECT actor, target, details FROM audit_log WHERE action = 'grievance.escalate'",
    );
    expect(rows).toEqual([
      expect.objectContaining({
        actor: "system",
        target: report.reference,
        details: expect.objectContaining({ target: "acknowledge" }),
      }),
    ]);

    // Staff's business: the public timeline shows only its report and status changes.
    const progress = await t.app.inject({ method: "GET", url: `/api/grievances/${report.id}/progress` });
    expect(progress.statusCode).toBe(200);
    expect(JSON.stringify(progress.json())).not.toMatch(/escalat|acknowledge/i);

    // The time to resolve is a target of its own, escalated once when it passes.
    expect(await check(minutesAfter(due.resolve, 1))).toBe(1);
    expect(await check(minutesAfter(due.resolve, 60))).toBe(0);
    expect((await escalations()).map((m) => m.event).sort()).toEqual([
      "escalation:acknowledge",
      "escalation:acknowledge",
      "escalation:resolve",
      "escalation:resolve",
    ]);
  });

  it("does not escalate an acknowledged report for acknowledgement, nor a resolved one at all", async () => {
    const { report, due } = await reportForTeam();
    expect((await setStatus(report.id, "in-progress")).statusCode).toBe(200);
    expect(await check(minutesAfter(due.acknowledge, 1))).toBe(0);
    expect((await setStatus(report.id, "resolved", "Fixed the valve.")).statusCode).toBe(200);
    expect(await check(minutesAfter(due.resolve, 1))).toBe(0);
    expect(await escalations()).toEqual([]);
  });

  it("tells the administrators about a report without a team", async () => {
    const made = await addStaff(t.db, "admin@water.example");
    await t.db.query("UPDATE staff_accounts SET role = 'admin' WHERE id = $1", [made.id]);
    const report = await submit();
    const view = (await as({ method: "GET", url: `/api/staff/grievances/${report.id}` })).json<StaffGrievanceDetail>();
    expect(await check(minutesAfter(view.dueAcknowledgeAt!, 1))).toBe(1);
    expect((await escalations()).map((m) => m.recipient)).toEqual(["admin@water.example"]);
  });

  it("sends one message when two checks run at once (two connections, or one embedded database)", async () => {
    const { due } = await reportForTeam();
    // On PostgreSQL a second instance: its own pool on the same database.
    const second: Database = t.databaseUrl ? await openPostgresDatabase(t.databaseUrl) : t.db;
    try {
      const at = minutesAfter(due.acknowledge, 1);
      const counts = await Promise.all([check(at), check(at, second), check(at), check(at, second)]);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    } finally {
      if (second !== t.db) await second.close();
    }
    expect((await escalations()).length).toBe(2);
    expect((await deliver()).filter((m) => m.subject.startsWith("Overdue")).length).toBe(2);
    expect(await deliver()).toEqual([]);
  });

  it("loses nothing when the check fails before it commits, and sends nothing twice", async () => {
    const { due } = await reportForTeam();
    // The audit entry is the check's last statement: failing there rolls back the claim and the messages.
    await t.db.exec(`CREATE FUNCTION fail_escalation() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'crash before commit'; END $$;
      CREATE TRIGGER fail_escalation BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION fail_escalation();`);
    const at = minutesAfter(due.acknowledge, 1);
    try {
      await expect(check(at)).rejects.toThrow(/crash before commit/);
    } finally {
      await t.db.exec("DROP TRIGGER fail_escalation ON audit_log; DROP FUNCTION fail_escalation();");
    }
    expect(await escalations()).toEqual([]);
    expect(await check(at)).toBe(1);
    // Committed but not yet sent (a crash now): the outbox sends each message once, later.
    expect((await escalations()).every((m) => m.sent_at === null)).toBe(true);
    expect((await deliver()).filter((m) => m.subject.startsWith("Overdue")).length).toBe(2);
    expect(await check(at)).toBe(0);
    expect(await deliver()).toEqual([]);
  });
});
