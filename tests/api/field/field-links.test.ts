import { describe, expect, it } from "vitest";
import type { TechnicianLinkList } from "#shared/field/field.ts";
import { linksIn } from "../../support/smtp-test-server.ts";
import { HOST, SAME_ORIGIN } from "../staff/staff-helpers.ts";
import { postGrievance, validFields } from "../test-app.ts";
import {
  advanceHours,
  as,
  deliver,
  jobOf,
  openJob,
  postField,
  reportState,
  sendLink,
  submitReport,
  t,
  TECHNICIAN,
  useFieldPortal,
} from "./field-support.ts";

// Staff send a technician a one-time link (docs/decisions/031-technician-links.md): e-mailed through the outbox to a
// real SMTP server, listed on the report's page, revocable, 72 hours long by the portal's clock.
useFieldPortal();

describe("createTechnicianLink", () => {
  it("e-mails the technician a link from PUBLIC_URL that opens the job, and records it in the timeline and audit log", async () => {
    const report = await submitReport();
    const created = await sendLink(report.id);
    expect(created.url).toMatch(new RegExp(`^http://${HOST}/field/[A-Za-z0-9_-]{32}$`));
    expect(created.link).toMatchObject({ email: TECHNICIAN, state: "active", createdBy: "officer@water.example" });
    expect(Date.parse(created.link.expiresAt) - Date.parse(created.link.createdAt)).toBe(72 * 3_600_000);

    const mail = (await deliver()).find((m) => m.to.includes(TECHNICIAN));
    expect(mail?.subject).toContain(`Job ${report.reference}`);
    expect(linksIn(mail!, "/field/")).toEqual([created.url]);

    // Only the token's hash is stored.
    const { rows } = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM technician_links WHERE position(convert_to($1, 'UTF8') in token_hash) > 0",
      [created.token],
    );
    expect(rows[0]!.n).toBe(0);

    const detail = (await as({ url: `/api/staff/grievances/${report.id}` })).json<{
      timeline: { kind: string; details: Record<string, unknown> }[];
    }>();
    expect(detail.timeline.find((e) => e.kind === "technician-link")?.details).toMatchObject({
      action: "sent",
      email: TECHNICIAN,
    });
    const audit = await t.db.query<{ action: string; target: string; details: Record<string, unknown> }>(
      "SELECT action, target, details FROM audit_log WHERE action LIKE 'technician_link.%'",
    );
    expect(audit.rows).toEqual([
      {
        action: "technician_link.create",
        target: report.reference,
        details: expect.objectContaining({ email: TECHNICIAN }),
      },
    ]);
    expect(JSON.stringify(audit.rows)).not.toContain(created.token);

    const job = await jobOf(created.token);
    expect(job.report).toMatchObject({ id: report.id, reference: report.reference, status: "pending" });
    // The reporter's contact details are not handed to crews.
    expect(JSON.stringify(job)).not.toContain("jane.doe@example.org");
    expect(job).not.toHaveProperty("report.user_email");
  });

  it("keeps the resident's words inert in the e-mail, and one line in its subject", async () => {
    const res = await postGrievance(t.app, { ...validFields, title: '<img src=x onerror="alert(1)"> & \u202Eleak' });
    expect(res.statusCode, res.body).toBe(201);
    await sendLink(res.json<{ id: string }>().id);
    const { rows } = await t.db.query<{ subject: string; html_body: string }>(
      "SELECT subject, html_body FROM outbox WHERE kind = 'technician-link'",
    );
    expect(rows[0]!.html_body).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; leak");
    expect(rows[0]!.html_body).not.toContain("<img");
    expect(rows[0]!.subject).not.toContain("\u202E");
  });

  it("is for signed-in staff only, and refuses an address that is not one", async () => {
    const report = await submitReport();
    const anonymous = await t.app.inject({
      method: "POST",
      url: `/api/staff/grievances/${report.id}/technician-links`,
      headers: SAME_ORIGIN,
      payload: { email: TECHNICIAN },
    });
    expect(anonymous.statusCode).toBe(401);
    const bad = await as({
      method: "POST",
      url: `/api/staff/grievances/${report.id}/technician-links`,
      payload: { email: "not an address" },
    });
    expect(bad.statusCode).toBe(400);
    const unknown = await as({
      method: "POST",
      url: "/api/staff/grievances/00000000-0000-4000-8000-000000000000/technician-links",
      payload: { email: TECHNICIAN },
    });
    expect(unknown.statusCode).toBe(404);
    const { rows } = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM technician_links");
    expect(rows[0]!.n).toBe(0);
  });
});

describe("a link's life", () => {
  it("works until 72 hours have passed on the portal's clock, then says it expired and changes nothing", async () => {
    const report = await submitReport();
    const { token } = await sendLink(report.id);
    advanceHours(71.9);
    expect((await openJob(token)).statusCode).toBe(200);
    advanceHours(0.2);
    const expired = await openJob(token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json<{ message: string }>().message).toMatch(/expired/);
    const before = await reportState(report.id);
    const fixed = await postField(token, "fixed", "Replaced the valve.");
    expect(fixed.statusCode).toBe(410);
    expect((await postField(token, "notes", "Back tomorrow.")).statusCode).toBe(410);
    expect(await reportState(report.id)).toEqual(before);
    const list = (await as({ url: `/api/staff/grievances/${report.id}/technician-links` })).json<TechnicianLinkList>();
    expect(list.items.map((l) => l.state)).toEqual(["expired"]);
  });

  it("stops working at once when staff revoke it, and says it was withdrawn", async () => {
    const report = await submitReport();
    const { token, link } = await sendLink(report.id);
    const revoked = await as({
      method: "POST",
      url: `/api/staff/grievances/${report.id}/technician-links/${link.id}/revoke`,
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ state: "revoked", revokedAt: expect.any(String) });
    const refused = await openJob(token);
    expect(refused.statusCode).toBe(410);
    expect(refused.json<{ message: string }>().message).toMatch(/withdrawn/);
    const before = await reportState(report.id);
    expect((await postField(token, "fixed", "Done.")).statusCode).toBe(410);
    expect(await reportState(report.id)).toEqual(before);
    // A second revoke: nothing left to revoke.
    const again = await as({
      method: "POST",
      url: `/api/staff/grievances/${report.id}/technician-links/${link.id}/revoke`,
    });
    expect(again.statusCode).toBe(409);
    const audit = await t.db.query("SELECT 1 FROM audit_log WHERE action = 'technician_link.revoke'");
    expect(audit.rows).toHaveLength(1);
  });

  it("answers a token that opens nothing with 404, never the page", async () => {
    expect((await openJob("A".repeat(32))).statusCode).toBe(404);
    expect((await openJob("short")).statusCode).toBe(404);
    const res = await openJob("A".repeat(32));
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
    expect(res.headers["x-robots-tag"]).toBe("noindex");
  });
});
