import { describe, expect, it } from "vitest";
import { linksIn } from "../support/smtp-test-server.ts";
import {
  alert,
  close,
  declare,
  deliver,
  FAR,
  NEAR,
  pathOf,
  postUpdate,
  SQUARE,
  subscribe,
  subscribeAndConfirm,
  t,
  useAlertApp,
} from "./incident-alerts-setup.ts";
import { HOST } from "./staff/staff-helpers.ts";

useAlertApp();

describe("alerts: each declaration, update and closure once, to those whose area it concerns", () => {
  it("sends a declared incident once to a confirmed subscriber in the area, even when queued twice", async () => {
    await subscribeAndConfirm({ email: "amina@example.net", ...NEAR, radiusMetres: 1000 });
    await subscribe({ email: "pending@example.net", ...NEAR, radiusMetres: 5000 });
    await deliver();
    const id = await declare();
    expect(await alert(id)).toBe(1);
    expect(await alert(id)).toBe(0);
    const mails = await deliver();
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      [["amina@example.net"], "Boil water advisory: Burst main on Ngong Road"],
    ]);
    const mail = mails[0]!;
    expect(mail.decoded).toContain(
      "A water incident concerns your area: Burst main on Ngong Road (Boil water advisory, severity: Severe).",
    );
    expect(mail.decoded).toContain("A main burst on Ngong Road; the supply is cut.");
    expect(mail.decoded).toContain("What to do: Boil water for one minute before drinking.");
    expect(mail.decoded).toContain("Expected restoration: May 1, 2030, 3:00");
    expect(linksIn(mail, "/incidents/")).toEqual([`http://${HOST}/incidents/${id}`]);
    expect(mail.decoded).toContain(
      "You receive this because you subscribed to water incident alerts within 1 km of -1.2921, 36.8219.",
    );
    const [unsubscribe] = linksIn(mail, "/unsubscribe/");
    expect(mail.headers["list-unsubscribe"]).toBe(`<${unsubscribe}>`);
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    const rows = await t.db.query(
      "SELECT kind, event, incident_id, grievance_id FROM outbox WHERE kind = 'incident-alert'",
    );
    expect(rows.rows).toEqual([
      { kind: "incident-alert", event: "incident-declared", incident_id: id, grievance_id: null },
    ]);
  });

  it("reaches the drawn polygon's and the named localities' subscribers, none outside", async () => {
    await subscribeAndConfirm({ email: "near@example.net", ...NEAR, radiusMetres: 600 });
    await subscribeAndConfirm({ email: "short@example.net", ...NEAR, radiusMetres: 300 });
    await subscribeAndConfirm({ email: "far@example.net", ...FAR, radiusMetres: 5000 });
    await subscribeAndConfirm({ email: "kibera@example.net", locality: "kibera" });
    await subscribeAndConfirm({ email: "langata@example.net", locality: "Langata" });
    const id = await declare({ area: SQUARE, localities: ["Kibéra", "Olympic"] });
    expect(await alert(id)).toBe(2);
    expect((await deliver()).map((m) => m.to[0]).sort()).toEqual(["kibera@example.net", "near@example.net"]);

    // Named only by localities: no shape reaches a pin.
    const named = await declare({ area: null, localities: ["Langata"], title: "Low pressure in Langata" });
    expect(await alert(named)).toBe(1);
    expect((await deliver()).map((m) => m.to)).toEqual([["langata@example.net"]]);
  });

  it("sends one message per address and event even with two matching subscriptions", async () => {
    await subscribeAndConfirm({ email: "amina@example.net", ...NEAR, radiusMetres: 1000 });
    await subscribeAndConfirm({ email: "Amina@example.net", locality: "Kibera" });
    const id = await declare({ localities: ["Kibera"] });
    expect(await alert(id)).toBe(1);
    expect(await deliver()).toHaveLength(1);
  });

  it("sends each update and the closure once, and nothing after unsubscribing", async () => {
    await subscribeAndConfirm({ email: "amina@example.net", ...NEAR, radiusMetres: 1000 });
    const id = await declare();
    await alert(id);
    await deliver();

    const update = await postUpdate(id, "The crew has found the leak; tankers are at Olympic school.");
    expect(await alert(id, { kind: "updated", updateId: update })).toBe(1);
    expect(await alert(id, { kind: "updated", updateId: update })).toBe(0);
    let mails = await deliver();
    expect(mails.map((m) => m.subject)).toEqual(["Update: Burst main on Ngong Road"]);
    expect(mails[0]?.decoded).toContain("The crew has found the leak; tankers are at Olympic school.");

    const second = await postUpdate(id, "Repairs continue overnight.");
    expect(await alert(id, { kind: "updated", updateId: second })).toBe(1);
    await close(id, "The main is repaired and the water is safe to drink.");
    expect(await alert(id, { kind: "closed" })).toBe(1);
    expect(await alert(id, { kind: "closed" })).toBe(0);
    mails = await deliver();
    expect(mails.map((m) => m.subject)).toEqual(["Update: Burst main on Ngong Road", "Over: Burst main on Ngong Road"]);
    expect(mails[1]?.decoded).toContain("The main is repaired and the water is safe to drink.");

    // One click (RFC 8058) on the last alert's header; a pending alert is withdrawn with it.
    const next = await declare({ title: "Second burst" });
    expect(await alert(next)).toBe(1);
    const url = mails[1]!.headers["list-unsubscribe"]!.slice(1, -1);
    const page = await t.app.inject({ url: pathOf(url) });
    expect(page.body).toContain("You will get no more water incident alerts within 1 km of -1.2921, 36.8219.");
    const res = await t.app.inject({
      method: "POST",
      url: pathOf(url),
      payload: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      "You are unsubscribed: no more water incident alerts within 1 km of -1.2921, 36.8219 will be sent.",
    );
    expect(await deliver()).toEqual([]);
    const withdrawn = await t.db.query("SELECT last_error FROM outbox WHERE incident_id = $1", [next]);
    expect(withdrawn.rows).toEqual([{ last_error: "Not sent: the recipient unsubscribed." }]);
    expect(await alert(await declare({ title: "Third burst" }))).toBe(0);
  });

  it("writes each message in the subscriber's language", async () => {
    const res = await subscribe(
      { email: "claire@example.net", locality: "Kibera" },
      { "accept-language": "fr-FR,fr;q=0.9" },
    );
    expect(res.json()).toEqual({
      message:
        "Merci. Si cette adresse ne reçoit pas encore d’alertes pour ce secteur, nous lui avons envoyé un e-mail avec un lien de confirmation.",
    });
    const [confirmMail] = await deliver();
    expect(confirmMail?.subject).toBe("Confirmez les alertes d’incidents d’eau");
    expect(confirmMail?.decoded).toContain("alertes par e-mail sur les incidents d’eau à Kibera.");
    // The page is in the language of whoever opens it.
    const [link] = linksIn(confirmMail!, "/alerts/confirm/");
    const page = await t.app.inject({ method: "POST", url: pathOf(link!), headers: { "accept-language": "es" } });
    expect(page.body).toContain("Gracias: recibirá un correo electrónico");

    const id = await declare({ localities: ["Kibera"] });
    await alert(id);
    const update = await postUpdate(id, "Les réparations continuent.");
    await alert(id, { kind: "updated", updateId: update });
    const mails = await deliver();
    expect(mails[0]?.decoded).toContain("Que faire\u00a0: Boil water for one minute before drinking.");
    expect(mails[0]?.decoded).toContain('lang="fr"');
    expect(mails[1]?.subject).toBe("Mise à jour\u00a0: Burst main on Ngong Road");
  });

  it("uses staff's version of the incident's texts in the subscriber's language, the original where there is none", async () => {
    await subscribe({ email: "claire@example.net", locality: "Kibera" }, { "accept-language": "fr-FR,fr;q=0.9" });
    const [confirmMail] = await deliver();
    await t.app.inject({ method: "POST", url: pathOf(linksIn(confirmMail!, "/alerts/confirm/")[0]!) });

    const id = await declare({ localities: ["Kibera"] });
    // Staff wrote the title and an update in French (migration 026), not the instructions.
    await t.db.query(
      `UPDATE incidents SET translations = '{"fr": {"title": "Rupture de conduite rue Ngong"}}' WHERE id = $1`,
      [id],
    );
    await alert(id);
    const update = await postUpdate(id, "Repairs continue.");
    await t.db.query(
      `UPDATE incident_updates SET translations = '{"fr": "Les réparations continuent."}' WHERE id = $1`,
      [update],
    );
    await alert(id, { kind: "updated", updateId: update });
    const mails = await deliver();
    expect(mails[0]?.subject).toContain("Rupture de conduite rue Ngong");
    expect(mails[0]?.decoded).toContain("Boil water for one minute before drinking.");
    expect(mails[1]?.subject).toBe("Mise à jour\u00a0: Rupture de conduite rue Ngong");
    expect(mails[1]?.decoded).toContain("Les réparations continuent.");
    expect(mails[1]?.decoded).not.toContain("Repairs continue.");
  });
});
