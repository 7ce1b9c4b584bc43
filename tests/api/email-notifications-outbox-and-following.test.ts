import { describe, expect, it } from "vitest";
import { FOLLOW_MESSAGES } from "#shared/notifications/follow.ts";
import { notify } from "#server/delivery/index.ts";
import { linksIn } from "../support/smtp-test-server.ts";
import { HOST } from "./staff/staff-helpers.ts";
import { expectHumanError, multipart, postGrievance, validFields } from "./test-app.ts";
import {
  FOLLOWER,
  REPORTER,
  t,
  as,
  outbox,
  submit,
  follow,
  setStatus,
  pathOf,
  deliver,
  useEmailPortal,
} from "./email-notifications-support.ts";

// E-mail (email-notifications-support.ts): the outbox written with the change, following with double opt-in, the
// reporter's own actions, one message per event and recipient.

useEmailPortal();

describe("the outbox is written in the change's own transaction", () => {
  it("queues a receipt to the reporter on submit, with the reference and the private link; the reporter follows", async () => {
    const report = await submit();
    const rows = await outbox();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "receipt", recipient: REPORTER, event: "submitted" });
    expect(rows[0]!.subject).toBe(`Report ${report.reference} received: ${validFields.title}`);
    expect(rows[0]!.text_body).toContain(report.trackingUrl);
    const followers = await t.db.query<{ email: string; confirmed: boolean; is_reporter: boolean }>(
      "SELECT email, confirmed_at IS NOT NULL AS confirmed, is_reporter FROM followers",
    );
    expect(followers.rows).toEqual([{ email: REPORTER, confirmed: true, is_reporter: true }]);
  });

  it("queues nothing for a report without an e-mail", async () => {
    await submit({ ...validFields, user_email: "" });
    expect(await outbox()).toEqual([]);
  });

  it("leaves no message behind when the submit fails after the message was written", async () => {
    // Fails at COMMIT, after the report, the follower and the message were all written in the transaction.
    await t.db.exec(`
      CREATE FUNCTION fail_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.title = 'Fail at commit' THEN RAISE EXCEPTION 'refused at commit'; END IF; RETURN NULL; END $$;
      CREATE CONSTRAINT TRIGGER fail_at_commit AFTER INSERT ON grievances DEFERRABLE INITIALLY DEFERRED
        FOR EACH ROW EXECUTE FUNCTION fail_at_commit();`);
    try {
      const res = await postGrievance(t.app, { ...validFields, title: "Fail at commit" });
      expect(res.statusCode).toBe(500);
      expect(await outbox()).toEqual([]);
      expect((await t.db.query("SELECT 1 FROM followers")).rows).toEqual([]);
      expect((await t.db.query("SELECT 1 FROM grievances")).rows).toEqual([]);
    } finally {
      await t.db.exec("DROP TRIGGER fail_at_commit ON grievances; DROP FUNCTION fail_at_commit();");
    }
  });

  it("leaves no message when a status change is refused", async () => {
    const report = await submit();
    expect((await setStatus(report.id, "resolved")).statusCode).toBe(400); // resolving needs a note
    expect((await outbox()).filter((m) => m.kind === "update")).toEqual([]);
  });
});

describe("following with double opt-in", () => {
  it("sends nothing but the confirmation before it is confirmed, and updates after", async () => {
    const report = await submit();
    const res = await follow(report.id, FOLLOWER);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: FOLLOW_MESSAGES.accepted });

    // A status change before confirming: the reporter hears of it, the pending follower does not.
    expect((await setStatus(report.id, "in-progress", "A crew is on its way.")).statusCode).toBe(200);
    let mails = await deliver();
    const toFollower = mails.filter((m) => m.to.includes(FOLLOWER));
    expect(toFollower.map((m) => m.subject)).toEqual([`Confirm updates on report ${report.reference}`]);
    expect(mails.filter((m) => m.to.includes(REPORTER)).map((m) => m.subject)).toEqual([
      `Report ${report.reference} received: ${validFields.title}`,
      `Report ${report.reference}: status changed from Pending to In progress`,
    ]);

    // Opening the link shows a button; only the POST confirms (a mail scanner's GET must not).
    const [confirmUrl] = linksIn(toFollower[0]!, "/follow/confirm/");
    expect(confirmUrl).toMatch(new RegExp(`^http://${HOST}/follow/confirm/[A-Za-z0-9_-]{43}$`));
    const page = await t.app.inject({ url: pathOf(confirmUrl!) });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expect(page.body).toContain('<form method="post">');
    expect(page.headers["x-robots-tag"]).toBe("noindex");
    expect(
      (await t.db.query("SELECT 1 FROM followers WHERE email = $1 AND confirmed_at IS NOT NULL", [FOLLOWER])).rows,
    ).toEqual([]);

    const confirmed = await t.app.inject({ method: "POST", url: pathOf(confirmUrl!) });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain(`you will get an e-mail whenever report ${report.reference} changes`);

    expect((await setStatus(report.id, "resolved", "Pipe replaced.")).statusCode).toBe(200);
    mails = await deliver();
    const update = mails.find((m) => m.to.includes(FOLLOWER));
    expect(update?.subject).toBe(`Report ${report.reference}: status changed from In progress to Resolved`);
    expect(update?.decoded).toContain("Note: Pipe replaced.");
    // The public page for followers; the reporter's copy tells where the private link is.
    expect(linksIn(update!, "/grievance/")).toEqual([`http://${HOST}/grievance/${report.id}`]);
    expect(update?.decoded).not.toContain("/track/");
    const reporterUpdate = mails.find((m) => m.to.includes(REPORTER));
    expect(reporterUpdate?.decoded).toContain(
      `Your private link to the report is in the message "Report ${report.reference} received"`,
    );
  });

  it("answers the same whether or not the address already follows, and queues one confirmation", async () => {
    const report = await submit();
    const first = await follow(report.id, FOLLOWER);
    const again = await follow(report.id, FOLLOWER.toUpperCase());
    const reporter = await follow(report.id, REPORTER);
    for (const res of [first, again, reporter]) {
      expect(res.statusCode).toBe(202);
      expect(res.body).toBe(first.body);
    }
    expect((await outbox()).map((m) => [m.kind, m.recipient])).toEqual([
      ["receipt", REPORTER],
      ["confirm", FOLLOWER],
    ]);
  });

  it("refuses a bad address, an unknown or hidden report, and too many requests", async () => {
    const report = await submit();
    const bad = await follow(report.id, "not an address");
    expect(bad.statusCode).toBe(400);
    expectHumanError(bad.body, "Please enter a valid email address.");
    expect((await follow("00000000-0000-4000-8000-000000000000", FOLLOWER)).statusCode).toBe(404);
    expect((await follow("nope", FOLLOWER)).statusCode).toBe(404);
    await as({ method: "POST", url: `/api/staff/grievances/${report.id}/hide`, payload: { reason: "Spam" } });
    expect((await follow(report.id, FOLLOWER)).statusCode).toBe(404);

    const other = await submit();
    const answers = [];
    for (let i = 0; i < 12; i++)
      answers.push((await follow(other.id, `n${i}@example.net`, { "x-test": "limit" })).statusCode);
    expect(answers.filter((s) => s === 429).length).toBeGreaterThan(0);
  });

  it("never shows a follower's address in a public answer", async () => {
    const report = await submit();
    await follow(report.id, FOLLOWER);
    for (const url of [
      `/api/grievances/${report.id}`,
      "/api/grievances",
      `/api/grievances/${report.id}/progress`,
      "/api/stats",
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(FOLLOWER);
      expect(res.body).not.toContain("neighbour");
    }
  });
});

describe("what the reporter does from the tracking page", () => {
  it("tells the other followers of the reporter's update and of their reopen", async () => {
    const report = await submit();
    const token = new URL(report.trackingUrl).pathname.replace(/^\/track\//, "");
    expect((await follow(report.id, FOLLOWER)).statusCode).toBe(202);
    const [confirmUrl] = linksIn(
      (await deliver()).find((m) => m.to.includes(FOLLOWER))!,
      "/follow/confirm/",
    );
    expect((await t.app.inject({ method: "POST", url: pathOf(confirmUrl!) })).statusCode).toBe(200);

    const body = await multipart({ text: "The water is now reaching the houses." });
    const update = await t.app.inject({
      method: "POST",
      url: `/api/track/${token}/updates`,
      headers: { ...body.headers, host: HOST },
      payload: body.payload,
    });
    expect(update.statusCode, update.body).toBe(201);
    let mails = await deliver();
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      [[FOLLOWER], `Report ${report.reference}: the reporter added an update`],
    ]);
    expect(mails[0]?.decoded).toContain("Note: The water is now reaching the houses.");
    expect(linksIn(mails[0]!, "/grievance/")).toEqual([`http://${HOST}/grievance/${report.id}`]);

    expect((await setStatus(report.id, "resolved", "Pipe replaced.")).statusCode).toBe(200);
    await deliver();
    const answer = await t.app.inject({
      method: "POST",
      url: `/api/track/${token}/answer`,
      headers: { host: HOST },
      payload: { fixed: false, note: "Still leaking at the corner." },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    mails = await deliver();
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      [
        [FOLLOWER],
        `Report ${report.reference}: the reporter says it is still a problem: status changed from Resolved to In progress`,
      ],
    ]);
    expect(mails[0]?.decoded).toContain("Note: Still leaking at the corner.");
  });
});

describe("one message per event and recipient", () => {
  it("queues one update per confirmed follower per event, even when told twice", async () => {
    const report = await submit();
    await setStatus(report.id, "in-progress", "On our way.");
    let rows = (await outbox()).filter((m) => m.kind === "update");
    expect(rows.map((m) => m.recipient)).toEqual([REPORTER]);
    const event = rows[0]!.event;
    const again = await t.db.transaction((tx) =>
      notify(tx, {
        kind: "status-changed",
        grievanceId: report.id,
        change: { eventId: event.replace(/^status:/, ""), from: "pending", to: "in-progress", note: null },
        linkBase: `http://${HOST}`,
      }),
    );
    expect(again).toEqual({ email: 0, sms: 0 });
    rows = (await outbox()).filter((m) => m.kind === "update");
    expect(rows).toHaveLength(1);
    const mails = await deliver();
    expect(mails.filter((m) => m.to.includes(REPORTER))).toHaveLength(2);
    // Nothing more in a later round: each message once.
    expect(await deliver()).toEqual([]);
  });
});
