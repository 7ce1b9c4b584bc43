import { describe, expect, it } from "vitest";
import type { StaffGrievanceDetail } from "#shared/staff/staff-api.ts";
import { HOST } from "./staff/staff-helpers.ts";
import { expectHumanError, validFields } from "./test-app.ts";
import { FOLLOWER, REPORTER, as, deliver, outbox, submit, t, useEmailPortal } from "./email-notifications-support.ts";

// Marking a report as a duplicate of another (markDuplicate; docs/decisions/033-duplicates-calls-and-templates.md):
// one transaction that resolves the duplicate with a public note, moves its followers to the original (each told
// once, by a real SMTP server) and counts one more person affected on the original.

useEmailPortal();

const DUPLICATE_REPORTER = "second.reporter@example.org";
const BOTH = "already.following@example.net";

const mark = (id: string, duplicateOfId: string) =>
  as({ method: "POST", url: `/api/staff/grievances/${id}/duplicate`, payload: { duplicateOfId } });

/** A confirmed follower, as the double opt-in leaves one. */
const addFollower = (grievanceId: string, email: string, confirmed = true) =>
  t.db.query("INSERT INTO followers (grievance_id, email, confirmed_at) VALUES ($1, $2, CASE WHEN $3 THEN now() END)", [
    grievanceId,
    email,
    confirmed,
  ]);

const followersOf = async (id: string) =>
  (
    await t.db.query<{ email: string; confirmed: boolean }>(
      "SELECT email, confirmed_at IS NOT NULL AS confirmed FROM followers WHERE grievance_id = $1 ORDER BY email",
      [id],
    )
  ).rows;

const publicAffected = async (id: string) =>
  (await t.app.inject({ url: `/api/grievances/${id}`, headers: { host: HOST } })).json<{ affected: number }>().affected;

/** The original (reported by REPORTER, followed by BOTH) and its duplicate (in French; FOLLOWER, BOTH, a pending one). */
async function pair() {
  const original = await submit();
  const duplicate = await submit({ ...validFields, title: "Eau brune", user_email: DUPLICATE_REPORTER });
  await t.db.query("UPDATE grievances SET locale = 'fr' WHERE id = $1", [duplicate.id]);
  await t.db.query("UPDATE followers SET locale = 'fr' WHERE grievance_id = $1", [duplicate.id]);
  await addFollower(original.id, BOTH);
  await addFollower(duplicate.id, BOTH);
  await addFollower(duplicate.id, FOLLOWER);
  await addFollower(duplicate.id, "never.confirmed@example.net", false);
  await deliver(); // the receipts
  return { original, duplicate };
}

describe("marking a duplicate", () => {
  it("resolves it with a public note in its reporter's language, naming the original's reference", async () => {
    const { original, duplicate } = await pair();
    const res = await mark(duplicate.id, original.id);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json<StaffGrievanceDetail>();
    expect(view.status).toBe("resolved");
    const note = `Ce signalement répète le signalement ${original.reference}\u00a0: son avancement y est suivi.`;
    const progress = await t.app.inject({ url: `/api/grievances/${duplicate.id}/progress`, headers: { host: HOST } });
    expect(JSON.stringify(progress.json())).toContain(original.reference);
    expect(view.timeline.find((e) => e.kind === "status")?.note).toBe(note);
    expect(view.timeline.find((e) => e.kind === "duplicate")?.details).toMatchObject({
      role: "duplicate",
      originalId: original.id,
      originalReference: original.reference,
    });
    const originalView = (await as({ url: `/api/staff/grievances/${original.id}` })).json<StaffGrievanceDetail>();
    expect(originalView.timeline.find((e) => e.kind === "duplicate")?.details).toMatchObject({
      role: "original",
      duplicateReference: duplicate.reference,
    });
    const audit = await t.db.query(
      "SELECT action, target, details FROM audit_log WHERE action = 'grievance.duplicate'",
    );
    expect(audit.rows).toEqual([
      { action: "grievance.duplicate", target: duplicate.reference, details: { original: original.reference } },
    ]);
  });

  it("moves the reporter and followers to the original once, tells each once, and counts one more affected", async () => {
    const { original, duplicate } = await pair();
    const affectedBefore = await publicAffected(original.id);
    expect((await mark(duplicate.id, original.id)).statusCode).toBe(200);
    expect(await publicAffected(original.id)).toBe(affectedBefore + 1);
    // One subscription each, confirmed; the pending follower of the duplicate never confirmed and is not moved.
    expect(await followersOf(original.id)).toEqual(
      [
        { email: BOTH, confirmed: true },
        { email: REPORTER, confirmed: true },
        { email: FOLLOWER, confirmed: true },
        { email: DUPLICATE_REPORTER, confirmed: true },
      ].sort((a, b) => a.email.localeCompare(b.email)),
    );

    const mails = await deliver();
    expect(mails.map((m) => m.to.join()).sort()).toEqual([BOTH, DUPLICATE_REPORTER, FOLLOWER].sort());
    const toReporter = mails.find((m) => m.to.includes(DUPLICATE_REPORTER))!;
    expect(toReporter.subject).toBe(`Le signalement ${duplicate.reference} est un doublon de ${original.reference}`);
    expect(toReporter.decoded).toContain(`http://${HOST}/grievance/${original.id}`);
    const toFollower = mails.find((m) => m.to.includes(FOLLOWER))!;
    expect(toFollower.decoded).toContain(`You now follow ${original.reference}`);
    // Nothing more later: the merge is told once, and the duplicate's own "resolved" is that message.
    expect(await deliver()).toEqual([]);
    expect((await outbox()).filter((row) => row.event.startsWith("status:"))).toEqual([]);
  });

  it("follows an original that is itself a duplicate to the report it repeats", async () => {
    const { original, duplicate } = await pair();
    await mark(duplicate.id, original.id);
    const third = await submit({ ...validFields, title: "Brown water again", user_email: "third@example.org" });
    const res = await mark(third.id, duplicate.id);
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.db.query("SELECT duplicate_of_id::text AS of FROM grievances WHERE id = $1", [third.id]);
    expect(rows.rows).toEqual([{ of: original.id }]);
  });

  it("refuses the same report, an unknown one, a hidden original, a resolved or already-merged duplicate", async () => {
    const { original, duplicate } = await pair();
    const same = await mark(original.id, original.id);
    expect(same.statusCode).toBe(400);
    expectHumanError(same.body, "A report cannot be a duplicate of itself.");
    const unknown = await mark(duplicate.id, "00000000-0000-4000-8000-000000000000");
    expect(unknown.statusCode).toBe(400);
    expectHumanError(unknown.body, "The report it repeats was not found.");
    expect((await mark(duplicate.id, "not-a-report")).statusCode).toBe(400);
    expect((await mark("00000000-0000-4000-8000-000000000000", original.id)).statusCode).toBe(404);

    await t.db.query("UPDATE grievances SET hidden_at = now(), hidden_reason = 'spam' WHERE id = $1", [original.id]);
    const hidden = await mark(duplicate.id, original.id);
    expect(hidden.statusCode).toBe(400);
    await t.db.query("UPDATE grievances SET hidden_at = NULL, hidden_reason = NULL WHERE id = $1", [original.id]);

    expect((await mark(duplicate.id, original.id)).statusCode).toBe(200);
    const again = await mark(duplicate.id, original.id);
    expect(again.statusCode).toBe(400);
    expectHumanError(again.body, "This report is already marked as a duplicate.");
    // The other way round: the original would be its own duplicate's duplicate.
    expect((await mark(original.id, duplicate.id)).statusCode).toBe(400);

    const resolved = await submit({ ...validFields, title: "Fixed already" });
    await t.db.query("UPDATE grievances SET status = 'resolved' WHERE id = $1", [resolved.id]);
    const refused = await mark(resolved.id, original.id);
    expect(refused.statusCode).toBe(400);
    expectHumanError(refused.body, "This report is already resolved: reopen it first to mark it as a duplicate.");
    // Nothing of the refusals was recorded: one merge, one +1.
    const counted = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'grievance.duplicate'",
    );
    expect(counted.rows[0]!.n).toBe(1);
  });

  it("lets only one of two staff merging the same reports at once through, in either direction", async () => {
    const { original, duplicate } = await pair();
    const answers = await Promise.all([
      mark(duplicate.id, original.id),
      mark(duplicate.id, original.id),
      mark(original.id, duplicate.id),
    ]);
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((res) => res.statusCode === 400 || res.statusCode === 409)).toHaveLength(2);
    const merged = await t.db.query("SELECT id::text FROM grievances WHERE duplicate_of_id IS NOT NULL");
    expect(merged.rows).toHaveLength(1);
    const counted = await t.db.query<{ n: number }>(
      "SELECT sum(affected_count)::int AS n FROM grievances WHERE id = ANY($1::uuid[])",
      [[original.id, duplicate.id]],
    );
    expect(counted.rows[0]!.n).toBe(1);
    // Whichever way round, each follower of the one that became the duplicate is told once.
    const mails = await deliver();
    expect(new Set(mails.map((m) => m.to.join())).size).toBe(mails.length);
  });

  it("is for signed-in staff only", async () => {
    const { original, duplicate } = await pair();
    const res = await t.app.inject({
      method: "POST",
      url: `/api/staff/grievances/${duplicate.id}/duplicate`,
      headers: { host: HOST, origin: `http://${HOST}` },
      payload: { duplicateOfId: original.id },
    });
    expect(res.statusCode).toBe(401);
  });
});
