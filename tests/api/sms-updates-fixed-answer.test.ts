import { describe, expect, it } from "vitest";
import type { GrievanceProgress } from "#shared/staff/staff-api.ts";
import type { TrackedGrievance } from "#shared/tracking/tracking.ts";
import type { Locale } from "#shared/i18n/locales.ts";
import { answerFixedQuestion } from "#server/sms/sms-fixed-answer.ts";
import { HOST } from "./staff/staff-helpers.ts";
import { as, lastStatusEvent, outgoing, PHONE, setStatus, smsReport, t, useSmsPortal } from "./sms-updates-support.ts";

// "Is it fixed?" answered by SMS (docs/decisions/038-sms-updates.md): the inbound dispatcher parses YES or NO and
// calls answerFixedQuestion in its transaction; these tests call it as it does.

useSmsPortal();

const answerBySms = (answer: "yes" | "no", words = "", extra: { reference?: string; locale?: Locale } = {}) =>
  t.db.transaction((tx) =>
    answerFixedQuestion(tx, {
      phone: PHONE,
      answer,
      words,
      locale: extra.locale ?? "en",
      mailLinkBase: `http://${HOST}`,
      ...(extra.reference ? { reference: extra.reference } : {}),
    }),
  );

const progressOf = async (id: string) =>
  (await t.app.inject({ url: `/api/grievances/${id}/progress`, headers: { host: HOST } })).json<GrievanceProgress>();

async function resolvedAndAsked() {
  const report = await smsReport({ email: "reporter@example.org" });
  await setStatus(report.id, "resolved", "Valve replaced.");
  expect((await outgoing()).map((sms) => sms.kind)).toEqual(["fixed-question"]);
  return report;
}

describe("NO by SMS", () => {
  it("reopens the report with the sender's words as its public note, as the private page's No does", async () => {
    const report = await resolvedAndAsked();
    await t.db.query(
      "INSERT INTO followers (grievance_id, email, is_reporter, confirmed_at, locale) VALUES ($1, $2, false, now(), 'en')",
      [report.id, "neighbour@example.net"],
    );
    const result = await answerBySms("no", "Still leaking at the joint.");
    expect(result).toEqual({
      grievanceId: report.id,
      outcome: "reopened",
      reply: `Report ${report.reference} is reopened with your words and is In progress again. We will send you its updates.`,
    });
    // On the public page: back in progress, the words as the reporter's public note.
    const progress = await progressOf(report.id);
    expect(progress.status).toBe("in-progress");
    expect(progress.timeline.at(-1)).toEqual({
      type: "status",
      at: expect.any(String),
      from: "resolved",
      to: "in-progress",
      note: "Still leaking at the joint.",
      byReporter: true,
    });
    // Flagged for staff as the page's reopen is, and the other followers told by e-mail (the reporter is not).
    const { rows } = await t.db.query<{ flagged: boolean }>(
      "SELECT reopened_by_reporter_at IS NOT NULL AS flagged FROM grievances WHERE id = $1",
      [report.id],
    );
    expect(rows[0]!.flagged).toBe(true);
    const { rows: mail } = await t.db.query<{ recipient: string; event: string }>(
      "SELECT recipient, event FROM outbox WHERE event LIKE 'status:%' ORDER BY id",
    );
    const reopenEvent = `status:${await lastStatusEvent(report.id)}`;
    expect(mail.filter((m) => m.event === reopenEvent)).toEqual([
      { recipient: "neighbour@example.net", event: reopenEvent },
    ]);
    // The reply is the reporter's news: no second SMS of the status change.
    expect((await outgoing()).map((sms) => sms.kind)).toEqual(["fixed-question"]);
  });

  it("without words asks for them and changes nothing; in the reply's language", async () => {
    const report = await resolvedAndAsked();
    expect(await answerBySms("no", "  ")).toEqual({
      grievanceId: report.id,
      outcome: "nothing",
      reply: "Please reply NO and what is still wrong, for example: NO still no water at the tap",
    });
    expect((await answerBySms("no", "", { locale: "fr" })).reply).toBe(
      "Répondez NO et ce qui ne va toujours pas, par exemple : NO toujours pas d'eau au robinet",
    );
    expect((await answerBySms("no", "n".repeat(1001))).reply).toBe("The note must be at most 1000 characters.");
    expect((await progressOf(report.id)).status).toBe("resolved");
  });
});

describe("YES by SMS", () => {
  it("is recorded as the private page's Yes is, once per resolution", async () => {
    const report = await resolvedAndAsked();
    expect(await answerBySms("yes", "", { locale: "es" })).toEqual({
      grievanceId: report.id,
      outcome: "confirmed",
      reply: `Gracias: anotamos que el reporte ${report.reference} esta resuelto.`,
    });
    const tracked = (await t.app.inject({ url: `/api/track/${report.token}` })).json<TrackedGrievance>();
    expect(tracked.fixedQuestion).toEqual({ open: false, confirmedAt: expect.any(String) });
    expect(await answerBySms("yes")).toEqual({
      grievanceId: report.id,
      outcome: "nothing",
      reply: `You already told us report ${report.reference} is fixed. Thank you.`,
    });
    const { rows } = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM grievance_events WHERE kind = 'confirmed-fixed'",
    );
    expect(rows[0]!.n).toBe(1);
  });
});

describe("which report an answer is about", () => {
  it("nothing asked: a helpful reply and no change", async () => {
    const report = await smsReport();
    await setStatus(report.id, "in-progress", "On it.");
    expect(await answerBySms("yes")).toEqual({
      grievanceId: null,
      outcome: "nothing",
      reply:
        "We have no resolved report of yours waiting for an answer. To report a problem, describe it in a message. Send HELP for help.",
    });
    expect((await progressOf(report.id)).status).toBe("in-progress");
  });

  it("the latest report asked, or the one named; never one reopened since, nor another number's", async () => {
    const older = await resolvedAndAsked();
    const newer = await smsReport();
    await setStatus(newer.id, "resolved", "Pipe relaid.");
    const elsewhere = await smsReport({ phone: "+254733000111" });
    await setStatus(elsewhere.id, "resolved", "Done.");

    expect((await answerBySms("yes", "", { reference: older.reference.toLowerCase() })).grievanceId).toBe(older.id);
    expect(await answerBySms("no", "Pressure is still low.")).toMatchObject({
      grievanceId: newer.id,
      outcome: "reopened",
    });
    // The newer is in progress again: a NO now is about the older, still resolved (a No after a Yes reopens, as on
    // the private page).
    expect(await answerBySms("no", "It broke again.")).toMatchObject({ grievanceId: older.id, outcome: "reopened" });
    expect(await answerBySms("no", "Still low.")).toMatchObject({ grievanceId: null, outcome: "nothing" });
    expect((await progressOf(elsewhere.id)).status).toBe("resolved");
  });

  it("a resolution that did not ask (a duplicate) is not answered", async () => {
    const original = await smsReport({ phone: "+254733000111", smsUpdates: false });
    const duplicate = await smsReport();
    const res = await as({
      method: "POST",
      url: `/api/staff/grievances/${duplicate.id}/duplicate`,
      payload: { duplicateOfId: original.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await progressOf(duplicate.id)).status).toBe("resolved");
    expect((await answerBySms("no", "Still broken.")).grievanceId).toBeNull();
  });
});
