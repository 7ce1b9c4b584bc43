import sharp, { type Region } from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErasureResult, PersonalData } from "#shared/api-schemas/personal-data.ts";
import { loadConfig } from "#server/config.ts";
import { createTestApp, expectHumanError, multipart, postGrievance, validFields, type TestApp } from "./test-app.ts";
import { addStaff, staffClient } from "./staff/staff-helpers.ts";

// Erasure and access on request (docs/decisions/043-erasure-and-access-on-request.md), through the API as staff and
// a reporter use it: what is found about a person, what an erasure removes, and what stays.

const EMAIL = "Amina.Wanjiru@example.org";
const PHONE = "0712 345 678";
const HOST = "water.example.org";

let t: TestApp;
let as: Awaited<ReturnType<typeof staffClient>>;
let id: string;
let reference: string;
let token: string;

const find = (query: string) => as({ method: "GET", url: `/api/staff/personal-data?${query}` });

beforeAll(async () => {
  const defaults = loadConfig({});
  const privacy = { ...defaults.privacy, contact: "dpo@water.example.org" };
  const operator = { ...defaults.operator, name: "Lakeside Water" };
  t = await createTestApp({ config: { publicUrl: `https://${HOST}`, privacy, operator } });
  await addStaff(t.db);
  as = await staffClient(t.app);
  const submitted = await postGrievance(t.app, {
    ...validFields,
    description:
      "No water at the kiosk. Call me on +254 712 345 678 or write to amina.w@example.org. Since 2025-03-12.",
    user_email: EMAIL,
    user_phone: PHONE,
  });
  expect(submitted.statusCode, submitted.body).toBe(201);
  ({ id, reference } = submitted.json<{ id: string; reference: string }>());
  token = new URL(submitted.json<{ trackingUrl: string }>().trackingUrl).pathname.replace(/^\/track\//, "");
  const update = await t.app.inject({
    method: "POST",
    url: `/api/track/${token}/updates`,
    ...(await multipart({ text: "Still dry. My neighbour's number is 0733 111 222." })),
  });
  expect(update.statusCode, update.body).toBe(201);
  // Someone else follows it; an SMS conversation about it; alert subscriptions by e-mail and by SMS.
  await t.db.query(
    "INSERT INTO followers (grievance_id, email, is_reporter, confirmed_at, locale) VALUES ($1, 'n@example.org', false, now(), 'en')",
    [id],
  );
  await t.db.query(
    `INSERT INTO sms_messages (direction, phone, grievance_id, body, gateway_id, handled_as)
     VALUES ('in', '+254712345678', $1, 'STATUS', 'k-1', 'status')`,
    [id],
  );
  await t.db.query("INSERT INTO sms_numbers (phone, locale) VALUES ('+254712345678', 'en')");
  await t.db.query("INSERT INTO sms_alert_subscriptions (phone, locality) VALUES ('+254712345678', 'Old Town')");
  await t.db.query(
    "INSERT INTO incident_subscriptions (email, locality, confirmed_at) VALUES ('amina.wanjiru@example.org', 'Old Town', now())",
  );
});

afterAll(() => t.close());

describe("access on request (findPersonalData)", () => {
  it("finds everything held about an e-mail address, whatever its case", async () => {
    const res = await find(`email=${encodeURIComponent("amina.wanjiru@EXAMPLE.org")}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<PersonalData>();
    expect(data.reports.map((r) => [r.reference, r.email, r.phone])).toEqual([[reference, EMAIL, PHONE]]);
    expect(data.controller).toEqual({ name: "Lakeside Water", contact: "dpo@water.example.org" });
    expect(data.follows).toMatchObject([{ reference, email: EMAIL, asReporter: true }]);
    expect(data.alertSubscriptions).toMatchObject([{ channel: "email", locality: "Old Town" }]);
    expect(data.emails.map((m) => m.kind)).toContain("receipt");
    expect(data.sms).toEqual([]);
  });

  it("finds a phone number however it was written: the form's local number and the SMS's international one", async () => {
    const data = (await find(`phone=${encodeURIComponent("+254712345678")}`)).json<PersonalData>();
    expect(data.reports.map((r) => r.reference)).toEqual([reference]);
    expect(data.sms).toMatchObject([{ direction: "in", text: "STATUS", reference }]);
    expect(data.smsNumbers).toMatchObject([{ phone: "+254712345678", language: "en", stoppedAt: null }]);
    expect(data.alertSubscriptions).toMatchObject([{ channel: "sms", address: "+254712345678", endedAt: null }]);
  });

  it("records each lookup in the audit log, and asks for exactly one of the two", async () => {
    const { rows } = await t.db.query<{ action: string; target: string }>(
      "SELECT action, target FROM audit_log WHERE action = 'personal_data.find' ORDER BY id",
    );
    expect(rows.map((r) => r.target)).toEqual(["amina.wanjiru@EXAMPLE.org", "+254712345678"]);
    expectHumanError((await find("")).body, "Please enter an e-mail address or a phone number.");
    expectHumanError(
      (await find("email=a@b.org&phone=0712345678")).body,
      "Please enter either an e-mail address or a phone number, not both.",
    );
    expectHumanError((await find("phone=12ab")).body, "Please enter a phone number of 7 to 15 digits.");
  });

  it("is for signed-in staff only", async () => {
    const res = await t.app.inject({ method: "GET", url: `/api/staff/personal-data?email=${EMAIL}` });
    expect(res.statusCode).toBe(401);
  });
});

describe("erasure on request (erasePersonalData)", () => {
  it("asks for a reason", async () => {
    const res = await as({ method: "POST", url: `/api/staff/grievances/${id}/personal-data/erase`, payload: {} });
    expect(res.statusCode).toBe(400);
    expectHumanError(res.body, /Please give the reason for the erasure/);
  });

  it("erases contact details, numbers and addresses in the text, the follow, the mail's address and the SMS", async () => {
    const res = await as({
      method: "POST",
      url: `/api/staff/grievances/${id}/personal-data/erase`,
      payload: { reason: "Asked by e-mail on 25 November 2026" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ErasureResult>()).toEqual({
      reference,
      contactDetails: true,
      inReport: 2,
      inUpdates: 1,
      follows: 1,
      emails: 1,
      sms: 1,
    });
    const { rows } = await t.db.query<{ user_email: string | null; user_phone: string | null; description: string }>(
      "SELECT user_email, user_phone, description FROM grievances WHERE id = $1",
      [id],
    );
    expect(rows[0]).toEqual({
      user_email: null,
      user_phone: null,
      description: "No water at the kiosk. Call me on [removed] or write to [removed]. Since 2025-03-12.",
    });
    const updates = await t.db.query<{ body: string }>("SELECT body FROM reporter_updates WHERE grievance_id = $1", [
      id,
    ]);
    expect(updates.rows.map((u) => u.body)).toEqual(["Still dry. My neighbour's number is [removed]."]);
    const outbox = await t.db.query<{ recipient: string; text_body: string | null }>(
      "SELECT recipient, text_body FROM outbox WHERE grievance_id = $1 AND kind = 'receipt'",
      [id],
    );
    expect(outbox.rows).toEqual([{ recipient: "[removed]", text_body: null }]);
    // The other follower keeps their follow; the public record stays.
    const followers = await t.db.query<{ email: string }>("SELECT email FROM followers WHERE grievance_id = $1", [id]);
    expect(followers.rows.map((f) => f.email)).toEqual(["n@example.org"]);
    const page = await t.app.inject({ method: "GET", url: `/api/grievances/${id}` });
    expect(page.json<{ title: string; user_email: string | null }>()).toMatchObject({
      title: validFields.title,
      user_email: null,
    });
    const audit = await t.db.query<{ target: string; details: Record<string, unknown> }>(
      "SELECT target, details FROM audit_log WHERE action = 'grievance.erase_personal_data'",
    );
    expect(audit.rows).toMatchObject([
      { target: reference, details: { reason: "Asked by e-mail on 25 November 2026" } },
    ]);
  });

  it("leaves nothing to find afterwards", async () => {
    const data = (await find(`email=${EMAIL}`)).json<PersonalData>();
    expect([data.reports, data.follows]).toEqual([[], []]);
    expect(data.emails).toEqual([]);
  });
});

describe("a reporter removes their own contact details (eraseMyContactDetails)", () => {
  it("erases them and keeps the private link working", async () => {
    const submitted = await postGrievance(t.app, { ...validFields, user_email: "k@example.org" });
    const mine = new URL(submitted.json<{ trackingUrl: string }>().trackingUrl).pathname.replace(/^\/track\//, "");
    const res = await t.app.inject({ method: "POST", url: `/api/track/${mine}/contact-details/erase` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ErasureResult>()).toMatchObject({ contactDetails: true, follows: 1 });
    const tracked = await t.app.inject({ method: "GET", url: `/api/track/${mine}` });
    expect(tracked.statusCode).toBe(200);
    expect(
      tracked.json<{ grievance: { user_email: string | null; user_phone: string | null } }>().grievance,
    ).toMatchObject({
      user_email: null,
      user_phone: null,
    });
    const audit = await t.db.query<{ actor: string; details: { reason: string } }>(
      "SELECT actor, details FROM audit_log WHERE action = 'grievance.erase_personal_data' ORDER BY id DESC LIMIT 1",
    );
    expect(audit.rows[0]).toMatchObject({
      actor: "reporter",
      details: { reason: "Removed by the reporter on their private page." },
    });
    const unknown = await t.app.inject({ method: "POST", url: `/api/track/${"x".repeat(43)}/contact-details/erase` });
    expect(unknown.statusCode).toBe(404);
  });
});

describe("blurring a region of a photo (blurGrievancePhoto)", () => {
  const noise = (width: number, height: number) => {
    const pixels = Buffer.alloc(width * height * 3);
    for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919) % 251;
    return sharp(pixels, { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer();
  };
  // The spread of the red channel's values in a region (sharp's stats() reads the whole image, not an extract).
  const spread = async (png: Buffer, region: Region) => {
    const raw = await sharp(png).extract(region).removeAlpha().raw().toBuffer();
    const reds = raw.filter((_, i) => i % 3 === 0);
    const mean = reds.reduce((sum, v) => sum + v, 0) / reds.length;
    return Math.sqrt(reds.reduce((sum, v) => sum + (v - mean) ** 2, 0) / reds.length);
  };

  it("pixelates the region, keeps the rest, replaces the original and deletes it", async () => {
    const submitted = await postGrievance(t.app, validFields, [
      { filename: "face.png", bytes: await noise(320, 240), type: "image/png" },
    ]);
    const photoId = submitted.json<{ id: string }>().id;
    const before = await t.db.query<{ images: { key: string; thumbnailKey: string; mediumKey: string }[] }>(
      "SELECT images FROM grievances WHERE id = $1",
      [photoId],
    );
    const old = before.rows[0]!.images[0]!;
    const original = await readKey(old.key);

    const bad = await as({
      method: "POST",
      url: `/api/staff/grievances/${photoId}/photos/0/blur`,
      payload: { x: 0.5, y: 0.5, width: 0.8, height: 0.2 },
    });
    expect(bad.statusCode).toBe(400);
    const missing = await as({
      method: "POST",
      url: `/api/staff/grievances/${photoId}/photos/3/blur`,
      payload: { x: 0.1, y: 0.1, width: 0.2, height: 0.2 },
    });
    expect(missing.statusCode).toBe(404);

    const res = await as({
      method: "POST",
      url: `/api/staff/grievances/${photoId}/photos/0/blur`,
      payload: { x: 0.25, y: 0.25, width: 0.5, height: 0.5 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await t.db.query<{ images: { key: string }[] }>("SELECT images FROM grievances WHERE id = $1", [
      photoId,
    ]);
    const replaced = after.rows[0]!.images[0]!.key;
    expect(replaced).not.toBe(old.key);
    for (const key of [old.key, old.thumbnailKey, old.mediumKey])
      expect(await t.app.inject(`/media/grievance-images/${key}`)).toMatchObject({ statusCode: 404 });
    const blurred = await readKey(replaced);
    const inside = { left: 100, top: 80, width: 120, height: 80 };
    const outside = { left: 0, top: 0, width: 60, height: 50 };
    expect(await spread(blurred, inside)).toBeLessThan((await spread(original, inside)) / 2);
    expect(await sharp(blurred).extract(outside).removeAlpha().raw().toBuffer()).toEqual(
      await sharp(original).extract(outside).removeAlpha().raw().toBuffer(),
    );
    const audit = await t.db.query("SELECT 1 FROM audit_log WHERE action = 'grievance.blur_photo'");
    expect(audit.rows).toHaveLength(1);
  });
});

async function readKey(key: string): Promise<Buffer> {
  const res = await t.app.inject(`/media/grievance-images/${key}`);
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}
