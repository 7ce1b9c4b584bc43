import fs from "node:fs/promises";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FOLLOW_MESSAGES } from "#shared/notifications/follow.ts";
import type { StaffGrievanceDetail } from "#shared/staff/staff-api.ts";
import type { SubmittedGrievance } from "#shared/tracking/tracking.ts";
import { loadConfig } from "#server/config.ts";
import { createMailTransport } from "#server/notifications/mail-transport.ts";
import { notifyFollowers } from "#server/notifications/notify.ts";
import { startOutboxWorker, type OutboxWorker } from "#server/notifications/outbox-worker.ts";
import {
  linksIn,
  parseMail,
  startTestSmtpServer,
  type ReceivedMail,
  type TestSmtpServer,
} from "../support/smtp-test-server.ts";
import { addStaff, HOST, resetData, staffClient } from "./staff/staff-helpers.ts";
import { createTestApp, expectHumanError, multipart, postGrievance, validFields, type TestApp } from "./test-app.ts";

// E-mail: the transactional outbox, its delivery, following with double opt-in, unsubscribing
// (docs/decisions/014-transactional-outbox-email.md).

const FOLLOWER = "neighbour@example.net";
const REPORTER = validFields.user_email;

let t: TestApp;
let smtp: TestSmtpServer;
let worker: OutboxWorker;
let as: Awaited<ReturnType<typeof staffClient>>;
const silent = pino({ level: "silent" });

beforeAll(async () => {
  // Links in e-mail come from PUBLIC_URL only (decision 022); here it is the address the requests are sent to.
  t = await createTestApp({ config: { submissionsPerHour: 10_000, publicUrl: `http://${HOST}` } });
  smtp = await startTestSmtpServer();
  worker = startOutboxWorker({
    db: t.db,
    transport: createMailTransport({
      smtpUrl: smtp.url,
      mailDir: path.join(t.storageDir, "..", "mail"),
      from: "Portal <portal@water.example>",
    }),
    logger: silent,
    // Rounds only when a test asks for one.
    pollMs: 3_600_000,
  });
});
afterAll(async () => {
  await worker.stop();
  await smtp.close();
  await t.close();
});
beforeEach(async () => {
  await resetData(t.db);
  await t.db.query("TRUNCATE rate_limit_counters");
  await addStaff(t.db);
  as = await staffClient(t.app);
  smtp.received.length = 0;
});

interface OutboxRow {
  kind: string;
  recipient: string;
  subject: string;
  event: string;
  sent_at: Date | null;
  failed_at: Date | null;
  attempts: number;
  last_error: string | null;
  text_body: string | null;
}
const outbox = async (): Promise<OutboxRow[]> =>
  (
    await t.db.query<OutboxRow>(
      "SELECT kind, recipient, subject, event, sent_at, failed_at, attempts, last_error, text_body FROM outbox ORDER BY created_at, recipient",
    )
  ).rows;

async function submit(fields: Record<string, string> = validFields): Promise<SubmittedGrievance> {
  const res = await postGrievance(t.app, fields);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<SubmittedGrievance>();
}
const follow = (id: string, email: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url: `/api/grievances/${id}/followers`,
    headers: { host: HOST, ...headers },
    payload: { email },
  });
const setStatus = (id: string, status: string, note?: string) =>
  as({ method: "POST", url: `/api/staff/grievances/${id}/status`, payload: { status, ...(note && { note }) } });
const pathOf = (url: string) => new URL(url).pathname;

/** Sends everything due and returns what the SMTP server received in that round. */
async function deliver(): Promise<ReceivedMail[]> {
  const before = smtp.received.length;
  await worker.runOnce();
  return smtp.received.slice(before);
}

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
      notifyFollowers(tx, {
        grievanceId: report.id,
        eventKey: event,
        headline: "again",
        note: null,
        linkBase: `http://${HOST}`,
      }),
    );
    expect(again).toBe(0);
    rows = (await outbox()).filter((m) => m.kind === "update");
    expect(rows).toHaveLength(1);
    const mails = await deliver();
    expect(mails.filter((m) => m.to.includes(REPORTER))).toHaveLength(2);
    // Nothing more in a later round: each message once.
    expect(await deliver()).toEqual([]);
  });
});

describe("unsubscribing", () => {
  async function confirmedFollower() {
    const report = await submit();
    await follow(report.id, FOLLOWER);
    const [confirmation] = (await deliver()).filter((m) => m.to.includes(FOLLOWER));
    await t.app.inject({ method: "POST", url: pathOf(linksIn(confirmation!, "/follow/confirm/")[0]!) });
    await setStatus(report.id, "in-progress", "On our way.");
    const update = (await deliver()).find((m) => m.to.includes(FOLLOWER))!;
    return { report, update };
  }

  it("carries an unsubscribe link and one-click headers in every message", async () => {
    const { update } = await confirmedFollower();
    for (const mail of smtp.received) {
      const [link] = linksIn(mail, "/unsubscribe/");
      // The origin of the request behind each message: the submit's (no Host given: localhost), the others'.
      expect(link).toMatch(new RegExp(`^http://(localhost|${HOST})/unsubscribe/[A-Za-z0-9_-]{43}$`));
      expect(mail.headers["list-unsubscribe"]).toBe(`<${link}>`);
      expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
      expect(mail.headers["message-id"]).toMatch(/^<[0-9a-f-]{36}@water\.example>$/);
      expect(mail.headers.from).toBe("Portal <portal@water.example>");
      expect(mail.headers["content-type"]).toMatch(/multipart\/alternative/);
      expect(mail.decoded).toMatch(/Content-Type: text\/plain/);
      expect(mail.decoded).toMatch(/Content-Type: text\/html/);
    }
    expect(update.subject).toMatch(/^Report WS-[2-9A-HJ-NP-Z]{6}: status changed from Pending to In progress$/);
  });

  it("by the page's button: GET only asks, POST unsubscribes, and no more updates are sent", async () => {
    const { report, update } = await confirmedFollower();
    const link = pathOf(linksIn(update, "/unsubscribe/")[0]!);
    const page = await t.app.inject({ url: link });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(">Unsubscribe</button>");
    await setStatus(report.id, "resolved", "Fixed.");
    expect((await deliver()).filter((m) => m.to.includes(FOLLOWER))).toHaveLength(1);

    const done = await t.app.inject({
      method: "POST",
      url: link,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "",
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain(`no more e-mails about report ${report.reference} will be sent`);
    await setStatus(report.id, "in-progress", "Reopened.");
    const mails = await deliver();
    expect(mails.filter((m) => m.to.includes(FOLLOWER))).toEqual([]);
    expect(mails.filter((m) => m.to.includes(REPORTER))).toHaveLength(1);
  });

  it("by the one-click POST of RFC 8058", async () => {
    const { report, update } = await confirmedFollower();
    const url = update.headers["list-unsubscribe"]!.slice(1, -1);
    const res = await t.app.inject({
      method: "POST",
      url: pathOf(url),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(res.statusCode).toBe(200);
    // Twice is fine too.
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: pathOf(url),
          headers: { "content-type": "application/x-www-form-urlencoded" },
          payload: "List-Unsubscribe=One-Click",
        })
      ).statusCode,
    ).toBe(200);
    await setStatus(report.id, "resolved", "Fixed.");
    expect((await deliver()).filter((m) => m.to.includes(FOLLOWER))).toEqual([]);
    const unknown = await t.app.inject({
      method: "POST",
      url: `/unsubscribe/${"x".repeat(43)}`,
      payload: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe("hidden reports", () => {
  it("queues nothing about a hidden report, and does not send what was queued before it was hidden", async () => {
    const report = await submit();
    expect((await outbox()).map((m) => m.kind)).toEqual(["receipt"]);
    await as({ method: "POST", url: `/api/staff/grievances/${report.id}/hide`, payload: { reason: "Personal data" } });
    await setStatus(report.id, "in-progress", "Still working on it.");
    expect(await deliver()).toEqual([]);
    const rows = await outbox();
    expect(rows.map((m) => [m.kind, m.sent_at, m.last_error])).toEqual([
      ["receipt", null, "Not sent: the report is hidden."],
    ]);
    expect(rows[0]!.failed_at).not.toBeNull();
    expect(rows[0]!.text_body).toBeNull();
  });
});

describe("delivery", () => {
  it("retries after the SMTP server refuses, with backoff, and sends once", async () => {
    await submit();
    smtp.refuseNext(1);
    expect(await deliver()).toEqual([]);
    let [row] = await outbox();
    expect(row).toMatchObject({ attempts: 1, sent_at: null, failed_at: null });
    expect(row!.last_error).toMatch(/451/);
    const due = await t.db.query<{ wait: number }>(
      "SELECT extract(epoch FROM next_attempt_at - now())::float8 AS wait FROM outbox",
    );
    expect(due.rows[0]!.wait).toBeGreaterThan(50);
    expect(due.rows[0]!.wait).toBeLessThanOrEqual(60);
    // Not due yet: nothing happens.
    expect(await deliver()).toEqual([]);

    await t.db.query("UPDATE outbox SET next_attempt_at = now()");
    const mails = await deliver();
    expect(mails).toHaveLength(1);
    [row] = await outbox();
    expect(row).toMatchObject({ attempts: 2, last_error: null, failed_at: null, text_body: null });
    expect(row!.sent_at).not.toBeNull();
  });

  it("gives up after the last attempt and shows it to staff", async () => {
    const report = await submit();
    await t.db.query("UPDATE outbox SET attempts = 7");
    smtp.refuseNext(1);
    await deliver();
    const [row] = await outbox();
    expect(row).toMatchObject({ attempts: 8, sent_at: null });
    expect(row!.failed_at).not.toBeNull();
    const detail = (await as({ url: `/api/staff/grievances/${report.id}` })).json<StaffGrievanceDetail>();
    expect(detail.notifications).toEqual([
      expect.objectContaining({
        kind: "receipt",
        recipient: REPORTER,
        status: "failed",
        attempts: 8,
        lastError: expect.stringMatching(/451/),
      }),
    ]);
  });

  it("shows staff each report's notifications: pending, then sent", async () => {
    const report = await submit();
    await follow(report.id, FOLLOWER);
    let detail = (await as({ url: `/api/staff/grievances/${report.id}` })).json<StaffGrievanceDetail>();
    expect(detail.notifications.map((n) => [n.kind, n.recipient, n.status])).toEqual([
      ["receipt", REPORTER, "pending"],
      ["confirm", FOLLOWER, "pending"],
    ]);
    await deliver();
    detail = (await as({ url: `/api/staff/grievances/${report.id}` })).json<StaffGrievanceDetail>();
    expect(detail.notifications.map((n) => n.status)).toEqual(["sent", "sent"]);
    expect(detail.notifications[0]!.sentAt).not.toBeNull();
  });

  it("writes .eml files to DATA_DIR/mail without SMTP_URL", async () => {
    const mailDir = path.join(t.config.dataDir, "mail-test");
    const folderWorker = startOutboxWorker({
      db: t.db,
      transport: createMailTransport({ smtpUrl: undefined, mailDir, from: "Portal <portal@water.example>" }),
      logger: silent,
      pollMs: 3_600_000,
    });
    try {
      const report = await submit();
      expect(await folderWorker.runOnce()).toBe(1);
      const files = (await fs.readdir(mailDir)).filter((f) => f.endsWith(".eml"));
      expect(files).toHaveLength(1);
      const mail = parseMail(await fs.readFile(path.join(mailDir, files[0]!), "utf8"));
      expect(mail.headers.to).toBe(REPORTER);
      expect(mail.subject).toBe(`Report ${report.reference} received: ${validFields.title}`);
      expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
      expect(linksIn(mail, "/track/")).toEqual([report.trackingUrl]);
      expect(mail.decoded).toContain(
        `Thank you for your report "${validFields.title}". Its reference is ${report.reference}.`,
      );
    } finally {
      await folderWorker.stop();
    }
  });
});

describe("configuration", () => {
  it("validates SMTP_URL and MAIL_FROM", () => {
    expect(() => loadConfig({ SMTP_URL: "http://mail.example", MAIL_FROM: "a@b.example" })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ SMTP_URL: "smtp://mail.example:587" })).toThrow(/MAIL_FROM/);
    expect(() => loadConfig({ MAIL_FROM: "not an address" })).toThrow(/MAIL_FROM/);
    expect(() => loadConfig({ SMTP_URL: "smtp://mail.example:587", MAIL_FROM: "a@b.example" })).toThrow(/PUBLIC_URL/);
    const config = loadConfig({
      SMTP_URL: "smtps://u:p@mail.example:465",
      MAIL_FROM: "Water <portal@water.example>",
      PUBLIC_URL: "https://water.example",
      DATA_DIR: "/tmp/x",
    });
    expect(config.mail).toEqual({
      smtpUrl: "smtps://u:p@mail.example:465",
      mailDir: "/tmp/x/mail",
      from: "Water <portal@water.example>",
    });
    expect(loadConfig({ DATA_DIR: "/tmp/x" }).mail.smtpUrl).toBeUndefined();
  });
});
