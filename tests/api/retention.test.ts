import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RetentionPeriods } from "#server/privacy/privacy-config.ts";
import { RETENTION_MARKER } from "#server/privacy/retention-marker.ts";
import { runRetention, type RetentionOptions } from "#server/privacy/retention-run.ts";
import { LocalImageStore } from "#server/storage/local-image-store.ts";
import { createTestApp, postGrievance, storedFiles, validFields, type TestApp } from "./test-app.ts";
import { addStaff, staffClient } from "./staff/staff-helpers.ts";

// The retention run (docs/decisions/042-privacy-and-retention.md) on a real database, with its clock set by the test:
// what each period erases, what a dry run leaves, and what never changes (the public record and the statistics).

const DAY = 24 * 60 * 60 * 1000;
const KEEP_ALL: RetentionPeriods = {
  contactDays: 365,
  followersDays: 90,
  hiddenDays: 90,
  hiddenUpdatesDays: 90,
  auditDays: 2555,
  smsDays: 180,
  emailDays: 90,
};

let t: TestApp;
const photo = async () => ({
  filename: "tap.jpg",
  type: "image/jpeg",
  bytes: await sharp({ create: { width: 64, height: 48, channels: 3, background: "#8a6" } })
    .jpeg()
    .toBuffer(),
});

async function submit(fields: Record<string, string> = {}, withPhoto = false) {
  const res = await postGrievance(t.app, { ...validFields, ...fields }, withPhoto ? [await photo()] : []);
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json<{ id: string; trackingUrl: string }>();
  return { id: body.id, token: new URL(body.trackingUrl).pathname.replace(/^\/track\//, "") };
}

/** Resolved as a status change leaves it (resolved_at is what the statistics and the retention read). */
async function resolve(id: string) {
  await t.db.query("UPDATE grievances SET status = 'resolved', resolved_at = now() WHERE id = $1", [id]);
}

const run = (periods: Partial<RetentionPeriods>, at: Date, extra: Partial<RetentionOptions> = {}) =>
  runRetention({
    db: t.db,
    imageStore: new LocalImageStore(t.storageDir),
    periods: { ...KEEP_ALL, ...periods },
    now: at,
    dryRun: false,
    actor: "command line",
    ...extra,
  });

const contactOf = async (id: string) =>
  (
    await t.db.query<{ user_email: string | null; user_phone: string | null; sms_updates: boolean }>(
      "SELECT user_email, user_phone, sms_updates FROM grievances WHERE id = $1",
      [id],
    )
  ).rows[0];

const followersOf = async (id: string) =>
  (await t.db.query<{ email: string }>("SELECT email FROM followers WHERE grievance_id = $1 ORDER BY id", [id])).rows;

/** What anyone sees of a report and of the statistics, but the masked contact fields. */
async function publicView(id: string) {
  const report = (await t.app.inject({ method: "GET", url: `/api/grievances/${id}` })).json<Record<string, unknown>>();
  const { user_email: _e, user_phone: _p, ...rest } = report;
  const progress = (await t.app.inject({ method: "GET", url: `/api/grievances/${id}/progress` })).json<unknown>();
  return { rest, progress };
}
const stats = async () => {
  const { generatedAt: _at, ...figures } = (await t.app.inject({ method: "GET", url: "/api/stats" })).json<{
    generatedAt: string;
  }>();
  return figures;
};

beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: "https://water.example.org" } });
  await addStaff(t.db);
});
afterAll(() => t.close());

describe("contact details of resolved reports (RETENTION_CONTACT_DAYS)", () => {
  let resolvedA: { id: string; token: string };
  let resolvedB: { id: string; token: string };
  let open: { id: string; token: string };

  beforeAll(async () => {
    resolvedA = await submit({ user_email: "amina@example.org", user_phone: "0712 345 678" });
    resolvedB = await submit({ user_email: "brian@example.org", user_phone: "" });
    open = await submit({ user_email: "chen@example.org" });
    await resolve(resolvedA.id);
    await resolve(resolvedB.id);
    // Someone else follows A, confirmed.
    await t.db.query(
      "INSERT INTO followers (grievance_id, email, is_reporter, confirmed_at) VALUES ($1, 'neighbour@example.org', false, now())",
      [resolvedA.id],
    );
  });

  it("keeps them for a report resolved yesterday when they are kept 365 days", async () => {
    const report = await run({ contactDays: 365 }, new Date(Date.now() + DAY));
    expect(report.counts.contactDetails).toBe(0);
    expect(await contactOf(resolvedA.id)).toMatchObject({ user_email: "amina@example.org" });
  });

  it("a dry run counts what RETENTION_CONTACT_DAYS=0 would erase and changes nothing", async () => {
    const before = await t.db.query("SELECT count(*)::int AS n FROM audit_log");
    const report = await run({ contactDays: 0 }, new Date(), { dryRun: true });
    expect(report.dryRun).toBe(true);
    expect(report.counts.contactDetails).toBe(2);
    expect(report.counts.followers).toBe(2); // the two reporters' follows; the neighbour's is within 90 days
    expect(await contactOf(resolvedA.id)).toMatchObject({ user_email: "amina@example.org" });
    expect((await followersOf(resolvedA.id)).length).toBe(2);
    expect((await t.db.query("SELECT count(*)::int AS n FROM audit_log")).rows).toEqual(before.rows);
  });

  it("RETENTION_CONTACT_DAYS=0 erases every resolved report's contact details at the next run, in batches", async () => {
    const publicBefore = await publicView(resolvedA.id);
    const statsBefore = await stats();
    const report = await run({ contactDays: 0 }, new Date(), { batchSize: 1 });
    expect(report.counts.contactDetails).toBe(2);
    expect(await contactOf(resolvedA.id)).toEqual({ user_email: null, user_phone: null, sms_updates: false });
    expect(await contactOf(resolvedB.id)).toEqual({ user_email: null, user_phone: null, sms_updates: false });
    // The open report keeps its reporter's address; the reporter's follow went with the address, the neighbour's stays.
    expect(await contactOf(open.id)).toMatchObject({ user_email: "chen@example.org" });
    expect(await followersOf(resolvedA.id)).toEqual([{ email: "neighbour@example.org" }]);
    // The receipt e-mail sent to the reporter no longer says to whom (the outbox worker does not run here: it was
    // never sent, so it is still due and keeps its address until it is).
    // Nothing public changed: the report, its timeline, the statistics; and the private link still opens.
    expect(await publicView(resolvedA.id)).toEqual(publicBefore);
    expect(await stats()).toEqual(statsBefore);
    const tracked = await t.app.inject({ method: "GET", url: `/api/track/${resolvedA.token}` });
    expect(tracked.statusCode).toBe(200);
    expect(tracked.body).not.toContain("amina@example.org");
    // The run is in the audit log with its counts.
    const { rows } = await t.db.query<{ actor: string; details: { contactDetails: number } }>(
      "SELECT actor, details FROM audit_log WHERE action = 'retention.run' ORDER BY id DESC LIMIT 1",
    );
    expect(rows[0]).toMatchObject({ actor: "command line", details: { contactDetails: 2 } });
  });

  it("a report resolved again later is erased at that run, not before", async () => {
    expect((await run({ contactDays: 0 }, new Date())).counts.contactDetails).toBe(0);
    await resolve(open.id);
    expect((await run({ contactDays: 1 }, new Date())).counts.contactDetails).toBe(0);
    expect((await run({ contactDays: 1 }, new Date(Date.now() + 2 * DAY))).counts.contactDetails).toBe(1);
    expect(await contactOf(open.id)).toMatchObject({ user_email: null });
  });
});

describe("hidden reports and updates (RETENTION_HIDDEN_DAYS, RETENTION_HIDDEN_UPDATES_DAYS)", () => {
  it("replaces a hidden report's text by the marker and deletes its photos from storage, after the period", async () => {
    const hidden = await submit({ title: "Call 0712 000 111 now", user_email: "" }, true);
    const shown = await submit({ user_email: "" }, true);
    const files = async () => (await storedFiles(t.bucketDir)).length;
    const before = await files();
    await t.db.query(
      "UPDATE grievances SET hidden_at = now(), hidden_reason = 'A phone number in the title' WHERE id = $1",
      [hidden.id],
    );

    expect((await run({ hiddenDays: 90 }, new Date(Date.now() + 89 * DAY))).counts.hiddenReports).toBe(0);
    const dry = await run({ hiddenDays: 90 }, new Date(Date.now() + 91 * DAY), { dryRun: true });
    expect(dry.counts).toMatchObject({ hiddenReports: 1, photos: 1 });
    expect(await files()).toBe(before);

    const report = await run({ hiddenDays: 90 }, new Date(Date.now() + 91 * DAY));
    expect(report.counts).toMatchObject({ hiddenReports: 1, photos: 1 });
    const { rows } = await t.db.query<{ title: string; description: string; images: unknown[] }>(
      "SELECT title, description, images FROM grievances WHERE id = ANY($1::uuid[]) ORDER BY id = $2 DESC",
      [[hidden.id, shown.id], hidden.id],
    );
    expect(rows[0]).toEqual({ title: RETENTION_MARKER, description: RETENTION_MARKER, images: [] });
    expect(rows[1]?.images).toHaveLength(1);
    // The photo, its thumbnail and its medium version are gone; the shown report's are all there.
    expect(await files()).toBe(before - 3);
    expect((await run({ hiddenDays: 0 }, new Date())).counts.hiddenReports).toBe(0);
  });

  it("replaces a hidden reporter update's text by the marker after its period", async () => {
    const report = await submit({ user_email: "" });
    const { rows } = await t.db.query<{ id: string }>(
      `INSERT INTO reporter_updates (grievance_id, body, hidden_at, hidden_reason, hidden_by)
       SELECT $1, 'My number is 0712 999 888', now() - interval '10 days', 'Personal data', id FROM staff_accounts LIMIT 1
       RETURNING id`,
      [report.id],
    );
    expect((await run({ hiddenUpdatesDays: 30 }, new Date())).counts.hiddenUpdates).toBe(0);
    expect((await run({ hiddenUpdatesDays: 7 }, new Date())).counts.hiddenUpdates).toBe(1);
    const body = await t.db.query("SELECT body FROM reporter_updates WHERE id = $1", [rows[0]?.id]);
    expect(body.rows).toEqual([{ body: RETENTION_MARKER }]);
  });
});

describe("follows, subscriptions, audit log, SMS and e-mail addresses", () => {
  it("erases each after its own period and leaves what is within it", async () => {
    const report = await submit({ user_email: "" });
    await t.db.query(
      `INSERT INTO followers (grievance_id, email, created_at, unsubscribed_at, confirmed_at) VALUES
         ($1, 'left@example.org', now() - interval '200 days', now() - interval '100 days', now() - interval '200 days'),
         ($1, 'never-confirmed@example.org', now() - interval '100 days', NULL, NULL),
         ($1, 'still@example.org', now() - interval '100 days', NULL, now() - interval '100 days')`,
      [report.id],
    );
    await t.db.query(
      `INSERT INTO incident_subscriptions (email, locality, created_at, confirmed_at, unsubscribed_at) VALUES
         ('gone@example.org', 'Old Town', now() - interval '200 days', now() - interval '200 days', now() - interval '95 days'),
         ('active@example.org', 'Old Town', now() - interval '200 days', now() - interval '200 days', NULL)`,
    );
    await t.db.query(
      `INSERT INTO sms_alert_subscriptions (phone, locality, created_at, ended_at) VALUES
         ('+254712000001', 'Old Town', now() - interval '200 days', now() - interval '100 days'),
         ('+254712000002', 'Old Town', now() - interval '200 days', NULL)`,
    );
    await t.db.query(
      `INSERT INTO audit_log (at, actor, action, target) VALUES
         (now() - interval '3000 days', 'command line', 'category.create', 'old'),
         (now() - interval '10 days', 'command line', 'category.create', 'recent')`,
    );
    await t.db.query(
      `INSERT INTO sms_messages (direction, phone, body, gateway_id, handled_as, created_at) VALUES
         ('in', '+254712000003', 'HELP', 'g-old', 'help', now() - interval '200 days'),
         ('in', '+254712000004', 'HELP', 'g-new', 'help', now() - interval '10 days')`,
    );
    const mailed = await submit({ user_email: "old-mail@example.org" });
    // Its receipt, sent 100 days ago.
    await t.db.query(
      `UPDATE outbox SET sent_at = now(), created_at = now() - interval '100 days' WHERE grievance_id = $1`,
      [mailed.id],
    );

    const report1 = await run({}, new Date());
    expect(report1.counts).toMatchObject({
      followers: 2,
      alertSubscriptions: 2,
      auditEntries: 1,
      smsMessages: 1,
      emailRecipients: 1,
    });
    const follows = await followersOf(report.id);
    expect(follows).toEqual([{ email: "still@example.org" }]);
    const subs = await t.db.query("SELECT email FROM incident_subscriptions WHERE email LIKE '%@example.org'");
    expect(subs.rows).toEqual([{ email: "active@example.org" }]);
    const sms = await t.db.query("SELECT phone, body FROM sms_messages ORDER BY created_at");
    expect(sms.rows).toEqual([
      { phone: null, body: RETENTION_MARKER },
      { phone: "+254712000004", body: "HELP" },
    ]);
    const audit = await t.db.query("SELECT target FROM audit_log WHERE action = 'category.create' ORDER BY id");
    expect(audit.rows).toEqual([{ target: "recent" }]);
    const mail = await t.db.query("SELECT count(*)::int AS n FROM outbox WHERE recipient = 'old-mail@example.org'");
    expect(mail.rows).toEqual([{ n: 0 }]);
    // The staff's list of a report's messages shows that one went, without to whom.
    const staff = await staffClient(t.app);
    const seen = (await staff({ method: "GET", url: `/api/staff/grievances/${mailed.id}` })).json<{
      notifications: { recipient: string; status: string }[];
    }>();
    expect(seen.notifications).toEqual([expect.objectContaining({ recipient: RETENTION_MARKER, status: "sent" })]);
    // A second run finds nothing left.
    const again = await run({}, new Date());
    expect(Object.values(again.counts).every((n) => n === 0)).toBe(true);
  });
});
