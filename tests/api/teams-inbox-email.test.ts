import { describe, expect, it } from "vitest";
import { HOST } from "./staff/staff-helpers.ts";
import { makeRule, makeTeam, smtp, square, submitForm, t, useTeamsPortal, worker } from "./teams-support.ts";
import { postGrievance, validFields } from "./test-app.ts";

// The team's inbox is told of each report routed to it, through the outbox (docs/decisions/014, 029), and the
// message reaches a real SMTP server with the reference, title, category, place and the console's link.

useTeamsPortal();

describe("the team's inbox", () => {
  it("gets one message per routed report, delivered over SMTP, with what a dispatcher needs", async () => {
    const crew = await makeTeam("Supply crew", "supply-inbox@water.example");
    await makeRule(crew.id, "water-supply", square(36.8, -1.3));
    const id = await submitForm("Water Supply Problems", [36.8, -1.3]);
    const { rows } = await t.db.query<{ reference: string }>("SELECT reference FROM grievances WHERE id = $1", [id]);
    const reference = rows[0]!.reference;

    await worker.runOnce();
    const mails = smtp.received.filter((mail) => mail.to.includes("supply-inbox@water.example"));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe(`New report ${reference} for Supply crew: ${validFields.title}`);
    expect(mail!.decoded).toContain(`Reference: ${reference}`);
    expect(mail!.decoded).toContain("Category: Water Supply Problems");
    expect(mail!.decoded).toContain("Location: Elm Street 12; pin at -1.3, 36.8");
    expect(mail!.decoded).toContain(`https://${HOST}/staff/grievances/${id}`);
    // Nothing of the reporter's contact goes to the team's inbox.
    expect(mail!.decoded).not.toContain(validFields.user_email);
    expect(mail!.decoded).not.toContain(validFields.user_phone);
    const outbox = await t.db.query("SELECT kind, event FROM outbox WHERE recipient = $1", [crew.email]);
    expect(outbox.rows).toEqual([{ kind: "team-new-report", event: `team-new-report:${crew.id}` }]);
  });

  it("keeps what the resident typed as text: markup escaped, one line in the subject", async () => {
    const crew = await makeTeam("Any crew", "any@water.example");
    await makeRule(crew.id, "other", null);
    const title = 'Leak <img src=x onerror="alert(1)">\nBcc: someone@example.net';
    const response = await postGrievance(t.app, { ...validFields, category: "Other", title });
    expect(response.statusCode, response.body).toBe(201);
    await worker.runOnce();
    const [mail] = smtp.received.filter((received) => received.to.includes("any@water.example"));
    expect(mail!.headers.bcc).toBeUndefined();
    expect(mail!.subject).toContain('Leak <img src=x onerror="alert(1)"> Bcc: someone@example.net');
    // The plain-text part keeps the words as typed; the HTML part escapes them.
    const html = mail!.decoded.slice(mail!.decoded.indexOf("<!doctype html>"));
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("Title: Leak &lt;img src=x onerror=&quot;alert(1)&quot;&gt; Bcc: someone@example.net");
  });

  it("nothing is queued when the report is not stored (the message is part of its transaction)", async () => {
    const crew = await makeTeam("Supply crew", "supply-inbox@water.example");
    await makeRule(crew.id, "water-supply", null);
    const refused = await postGrievance(t.app, { ...validFields, category: "Water Supply Problems", title: "" });
    expect(refused.statusCode).toBe(400);
    expect((await t.db.query("SELECT 1 FROM outbox")).rows).toEqual([]);
  });
});
