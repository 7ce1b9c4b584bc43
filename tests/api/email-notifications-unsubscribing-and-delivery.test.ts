import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { StaffGrievanceDetail } from "#shared/staff/staff-api.ts";
import { loadConfig } from "#server/config.ts";
import { createMailTransport } from "#server/notifications/mail-transport.ts";
import { startOutboxWorker } from "#server/notifications/outbox-worker.ts";
import { linksIn, parseMail } from "../support/smtp-test-server.ts";
import { HOST } from "./staff/staff-helpers.ts";
import { validFields } from "./test-app.ts";
import {
  FOLLOWER,
  REPORTER,
  t,
  smtp,
  as,
  silent,
  outbox,
  submit,
  follow,
  setStatus,
  pathOf,
  deliver,
  useEmailPortal,
} from "./email-notifications-support.ts";

// E-mail (email-notifications-support.ts): unsubscribing, hidden reports, delivery and its configuration.

useEmailPortal();

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
    // Handed to the SMTP server: staff read "Sent".
    expect(detail.notifications.map((n) => n.sentVia)).toEqual(["smtp", "smtp"]);
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
      // Staff are told it went to a file, not that it was sent to someone.
      const detail = (await as({ url: `/api/staff/grievances/${report.id}` })).json<StaffGrievanceDetail>();
      expect(detail.notifications).toEqual([expect.objectContaining({ status: "sent", sentVia: "file" })]);
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
