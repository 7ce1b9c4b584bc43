import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OfferedTemplates, ResponseTemplate } from "#shared/admin/response-template-schemas.ts";
import { createTestApp, expectHumanError, type TestApp } from "../test-app.ts";
import { adminAndStaffClients, seedGrievance, staffClient } from "./staff-helpers.ts";

// Response templates (docs/decisions/033-duplicates-calls-and-templates.md): kept by administrators per status and
// language, each change audited; offered to staff for a status, the reporter's language first.

const ADMIN = "admin@water.example";
const STAFF = "staff@water.example";
let t: TestApp;
let admin: Awaited<ReturnType<typeof staffClient>>;
let staff: Awaited<ReturnType<typeof staffClient>>;
const URL_ADMIN = "/api/staff/admin/response-templates";

const create = (payload: Record<string, unknown>) => admin({ method: "POST", url: URL_ADMIN, payload });
const offered = async (query: string) =>
  (await staff({ url: `/api/staff/response-templates?${query}` })).json<OfferedTemplates>();
const FIXED = { title: "Fixed", status: "resolved", language: "en", text: "The crew repaired the pipe." };

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, staff } = await adminAndStaffClients(t.app, t.db, ADMIN, STAFF));
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.query("TRUNCATE response_templates, audit_log");
});

describe("administrators keep the templates", () => {
  it("creates, edits, retires and restores one, each in the audit log", async () => {
    const created = await create(FIXED);
    expect(created.statusCode, created.body).toBe(201);
    const template = created.json<ResponseTemplate>();
    expect(template).toMatchObject({ ...FIXED, active: true });
    const url = `${URL_ADMIN}/${template.id}`;
    const edited = await admin({ method: "PATCH", url, payload: { text: "The crew replaced the valve." } });
    expect(edited.json<ResponseTemplate>()).toMatchObject({ title: "Fixed", text: "The crew replaced the valve." });
    const retired = await admin({ method: "PATCH", url, payload: { active: false } });
    expect(retired.json<ResponseTemplate>().active).toBe(false);
    expect((await offered("status=resolved")).templates).toEqual([]);
    // Still listed for administrators, who may bring it back.
    const all = (await admin({ url: URL_ADMIN })).json<{ templates: ResponseTemplate[] }>().templates;
    expect(all.map((x) => [x.title, x.active])).toEqual([["Fixed", false]]);
    await admin({ method: "PATCH", url, payload: { active: true } });
    expect((await offered("status=resolved")).templates.map((x) => x.id)).toEqual([template.id]);
    const audit = await t.db.query("SELECT actor, action, target, details FROM audit_log ORDER BY id");
    expect(audit.rows).toEqual([
      {
        actor: ADMIN,
        action: "response_template.create",
        target: "Fixed",
        details: { status: "resolved", language: "en" },
      },
      { actor: ADMIN, action: "response_template.change", target: "Fixed", details: { changed: ["text"] } },
      { actor: ADMIN, action: "response_template.retire", target: "Fixed", details: { changed: ["active"] } },
      { actor: ADMIN, action: "response_template.restore", target: "Fixed", details: { changed: ["active"] } },
    ]);
  });

  it("refuses what cannot be a public note, a second title for the same status and language, and staff", async () => {
    for (const [payload, message] of [
      [{ ...FIXED, title: "  " }, "Please give the template a title."],
      [{ ...FIXED, text: "x".repeat(1001) }, "The text must be at most 1000 characters."],
      [{ ...FIXED, text: "bell\u0007" }, undefined],
      [{ ...FIXED, status: "closed" }, undefined],
      [{ ...FIXED, language: "de" }, undefined],
    ] as const) {
      const res = await create(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expectHumanError(res.body, message);
    }
    expect((await create(FIXED)).statusCode).toBe(201);
    const twice = await create({ ...FIXED, title: "FIXED" });
    expect(twice.statusCode).toBe(409);
    expectHumanError(twice.body, "A template with this title already exists for this status and language.");
    // The same title in another language is another template.
    expect((await create({ ...FIXED, language: "fr", text: "Réparé." })).statusCode).toBe(201);
    expect((await staff({ method: "POST", url: URL_ADMIN, payload: FIXED })).statusCode).toBe(403);
    expect((await staff({ url: URL_ADMIN })).statusCode).toBe(403);
    const unknown = await admin({
      method: "PATCH",
      url: `${URL_ADMIN}/00000000-0000-4000-8000-000000000000`,
      payload: { active: false },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("holds its limits in the database too", async () => {
    const insert = (title: string, body: string) =>
      t.db.query("INSERT INTO response_templates (title, status, locale, body) VALUES ($1, 'resolved', 'en', $2)", [
        title,
        body,
      ]);
    await expect(insert("Bell", "ring \u0007")).rejects.toThrow(/response_templates_storable_chk/);
    await expect(insert("Long", "x".repeat(1001))).rejects.toThrow(/check/);
    await expect(insert(" ", "x")).rejects.toThrow(/check/);
    await insert("Tab and lines", "one\ttwo\nthree");
  });
});

describe("staff are offered the templates of a status", () => {
  it("the reporter's language first, then the others; none of other statuses or retired", async () => {
    for (const [title, language, status] of [
      ["Merci", "fr", "resolved"],
      ["Thanks", "en", "resolved"],
      ["Gracias", "es", "resolved"],
      ["Looking", "en", "in-progress"],
    ])
      await create({ title, language, status, text: `${title}.` });
    const retired = (await create({ ...FIXED, title: "Old", language: "fr" })).json<ResponseTemplate>();
    await admin({ method: "PATCH", url: `${URL_ADMIN}/${retired.id}`, payload: { active: false } });

    const french = await seedGrievance(t.db);
    await t.db.query("UPDATE grievances SET locale = 'fr' WHERE id = $1", [french]);
    const forReport = await offered(`status=resolved&grievanceId=${french}`);
    expect(forReport.language).toBe("fr");
    expect(forReport.templates.map((x) => x.title)).toEqual(["Merci", "Thanks", "Gracias"]);
    expect((await offered("status=resolved&language=es")).templates.map((x) => x.title)).toEqual([
      "Gracias",
      "Thanks",
      "Merci",
    ]);
    expect((await offered("status=in-progress")).templates.map((x) => x.title)).toEqual(["Looking"]);
    expect((await staff({ url: "/api/staff/response-templates?status=closed" })).statusCode).toBe(400);
  });
});
