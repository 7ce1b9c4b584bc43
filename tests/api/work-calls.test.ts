import { describe, expect, it } from "vitest";
import type { StaffGrievanceDetail } from "#shared/staff/staff-api.ts";
import { makeJpeg } from "../fixtures/images.ts";
import { HOST, SAME_ORIGIN } from "./staff/staff-helpers.ts";
import { expectHumanError, multipart, validFields } from "./test-app.ts";
import { as, deliver, outbox, t, useEmailPortal } from "./email-notifications-support.ts";

// A report taken by staff for a caller (createGrievanceOnBehalf; docs/decisions/033-duplicates-calls-and-templates.md):
// the public form's fields and rules plus the channel, stored as every new report is, the caller's receipt e-mailed
// (a real SMTP server) when they gave an address.

useEmailPortal();

const CALLER = { ...validFields, user_email: "", user_phone: "+254 711 000 222", channel: "phone" };

async function takeCall(fields: Record<string, string>, withPhoto = false) {
  const body = await multipart(
    fields,
    withPhoto ? [{ filename: "leak.jpg", bytes: await makeJpeg(), type: "image/jpeg" }] : [],
  );
  return as({ method: "POST", url: "/api/staff/grievances", ...body });
}

describe("taking a report for a caller", () => {
  it("accepts a phone number alone, records the channel, and shows it to staff", async () => {
    const res = await takeCall(CALLER, true);
    expect(res.statusCode, res.body).toBe(201);
    const view = res.json<StaffGrievanceDetail>();
    expect(view).toMatchObject({
      channel: "phone",
      user_email: null,
      user_phone: CALLER.user_phone,
      status: "pending",
    });
    expect(view.reference).toMatch(/^[A-Z]+-/);
    expect(view.images).toHaveLength(1);
    const again = (await as({ url: `/api/staff/grievances/${view.id}` })).json<StaffGrievanceDetail>();
    expect(again.channel).toBe("phone");
    // No address, no message; the audit log says who took it and how.
    expect(await outbox()).toEqual([]);
    const audit = await t.db.query("SELECT action, target, details FROM audit_log");
    expect(audit.rows).toEqual([
      { action: "grievance.create_on_behalf", target: view.reference, details: { channel: "phone" } },
    ]);
  });

  it("e-mails the receipt with the private link to a caller who gave an address, in their language", async () => {
    const res = await takeCall({ ...CALLER, channel: "counter", user_email: "caller@example.org", locale: "es" });
    expect(res.statusCode, res.body).toBe(201);
    const { reference, channel } = res.json<StaffGrievanceDetail>();
    expect(channel).toBe("counter");
    const mails = await deliver();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual(["caller@example.org"]);
    expect(mails[0]!.subject).toBe(`Reporte ${reference} recibido: ${validFields.title}`);
    expect(mails[0]!.decoded).toContain(`http://${HOST}/track/`);
  });

  it("is read by Open311 clients and the public like any report", async () => {
    const { reference, id } = (await takeCall({ ...CALLER, channel: "letter" })).json<StaffGrievanceDetail>();
    const json = await t.app.inject({ url: `/open311/v2/requests/${reference}.json`, headers: { host: HOST } });
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json<{ service_request_id: string; status: string }[]>()[0]).toMatchObject({
      service_request_id: reference,
      status: "open",
    });
    const xml = await t.app.inject({ url: `/open311/v2/requests/${reference}.xml`, headers: { host: HOST } });
    expect(xml.statusCode).toBe(200);
    expect(xml.body).toContain(`<service_request_id>${reference}</service_request_id>`);
    // The public page masks the caller's phone as it masks any reporter's.
    const page = await t.app.inject({ url: `/api/grievances/${id}`, headers: { host: HOST } });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain("711 000 222");
  });

  it("refuses a missing or unknown channel and the public form's own mistakes, storing nothing", async () => {
    const { channel: _channel, ...noChannel } = CALLER;
    const missing = await takeCall(noChannel);
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ fieldErrors: Record<string, string> }>().fieldErrors.channel).toBe(
      "Please choose how the report reached you.",
    );
    // "web" is how the public form's reports come, not a call.
    expect((await takeCall({ ...CALLER, channel: "web" })).statusCode).toBe(400);
    const badPhone = await takeCall({ ...CALLER, user_phone: "call me" });
    expect(badPhone.statusCode).toBe(400);
    expectHumanError(badPhone.body);
    expect((await takeCall({ ...CALLER, title: "" })).statusCode).toBe(400);
    expect((await t.db.query("SELECT 1 FROM grievances")).rows).toEqual([]);
  });

  it("is for signed-in staff, from the portal's own pages", async () => {
    const body = await multipart(CALLER);
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/api/staff/grievances",
      ...body,
      headers: { ...body.headers, ...SAME_ORIGIN },
    });
    expect(anonymous.statusCode).toBe(401);
    const crossSite = await as({
      method: "POST",
      url: "/api/staff/grievances",
      ...body,
      headers: { ...body.headers, origin: "http://evil.example" },
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await t.db.query("SELECT 1 FROM grievances")).rows).toEqual([]);
  });
});
