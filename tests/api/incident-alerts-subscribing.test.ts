import { describe, expect, it } from "vitest";
import { SUBSCRIPTION_MESSAGES } from "#server/incidents/incident-subscription-routes.ts";
import { linksIn } from "../support/smtp-test-server.ts";
import { deliver, NEAR, pathOf, subscribe, t, useAlertApp } from "./incident-alerts-setup.ts";
import { HOST } from "./staff/staff-helpers.ts";
import { expectHumanError } from "./test-app.ts";

useAlertApp();

describe("subscribing with double opt-in", () => {
  it("confirms a pin-and-radius subscription through the link in the e-mail, which says what area it covers", async () => {
    const res = await subscribe({ email: "amina@example.net", ...NEAR, radiusMetres: 2000 });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: SUBSCRIPTION_MESSAGES.accepted });
    const rows = (
      await t.db.query("SELECT kind, recipient, grievance_id, incident_id, subscription_id::text FROM outbox")
    ).rows;
    expect(rows).toEqual([
      {
        kind: "incident-confirm",
        recipient: "amina@example.net",
        grievance_id: null,
        incident_id: null,
        subscription_id: "1",
      },
    ]);

    // Sent though it is about no report.
    const [mail] = await deliver();
    expect(mail?.subject).toBe("Confirm water incident alerts");
    expect(mail?.decoded).toContain("asked for e-mail alerts about water incidents within 2 km of -1.2921, 36.8219.");
    const [link] = linksIn(mail!, "/alerts/confirm/");
    expect(link).toMatch(new RegExp(`^http://${HOST}/alerts/confirm/[A-Za-z0-9_-]{43}$`));

    // A plain visit (a mail scanner's) only shows the button.
    const page = await t.app.inject({ url: pathOf(link!) });
    expect(page.statusCode).toBe(200);
    expect(page.headers["x-robots-tag"]).toBe("noindex");
    expect(page.body).toContain('<form method="post">');
    expect(page.body).toContain("declared, updated or closed within 2 km of -1.2921, 36.8219.");
    const pending = await t.db.query("SELECT 1 FROM incident_subscriptions WHERE confirmed_at IS NOT NULL");
    expect(pending.rows).toEqual([]);

    const confirmed = await t.app.inject({ method: "POST", url: pathOf(link!) });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain(
      "Thank you: you will get an e-mail whenever a water incident is declared, updated or closed within 2 km of -1.2921, 36.8219.",
    );
    const stored = await t.db.query(
      "SELECT email, latitude, longitude, radius_metres, locality, confirmed_at IS NOT NULL AS confirmed FROM incident_subscriptions",
    );
    expect(stored.rows).toEqual([
      { email: "amina@example.net", ...NEAR, radius_metres: 2000, locality: null, confirmed: true },
    ]);
    expect((await t.app.inject({ url: "/alerts/confirm/" + "x".repeat(43) })).statusCode).toBe(404);
  });

  it("subscribes to a locality", async () => {
    expect((await subscribe({ email: "juma@example.net", locality: "  Kibera " })).statusCode).toBe(202);
    const [mail] = await deliver();
    expect(mail?.decoded).toContain("alerts about water incidents in Kibera.");
    const stored = await t.db.query("SELECT locality, latitude FROM incident_subscriptions");
    expect(stored.rows).toEqual([{ locality: "Kibera", latitude: null }]);
  });

  it("answers the same twice and sends no second confirmation; another area is a subscription of its own", async () => {
    const first = await subscribe({ email: "amina@example.net", ...NEAR, radiusMetres: 2000 });
    const again = await subscribe({ email: "AMINA@example.net", ...NEAR, radiusMetres: 2000 });
    expect(again.statusCode).toBe(202);
    expect(again.body).toBe(first.body);
    expect((await t.db.query("SELECT count(*)::int AS n FROM incident_subscriptions")).rows).toEqual([{ n: 1 }]);
    expect((await t.db.query("SELECT count(*)::int AS n FROM outbox")).rows).toEqual([{ n: 1 }]);

    // Confirmed: asking again sends nothing either.
    const [link] = linksIn((await deliver())[0]!, "/alerts/confirm/");
    await t.app.inject({ method: "POST", url: pathOf(link!) });
    expect((await subscribe({ email: "amina@example.net", ...NEAR, radiusMetres: 2000 })).body).toBe(first.body);
    expect((await t.db.query("SELECT count(*)::int AS n FROM outbox")).rows).toEqual([{ n: 1 }]);

    expect((await subscribe({ email: "amina@example.net", locality: "Kibera" })).body).toBe(first.body);
    expect((await t.db.query("SELECT count(*)::int AS n FROM incident_subscriptions")).rows).toEqual([{ n: 2 }]);
  });

  it("refuses bodies it cannot use, with a sentence that says what to fix", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ email: "not an address", locality: "Kibera" }, "Please enter a valid email address."],
      [{ email: "amina@example.net" }, SUBSCRIPTION_MESSAGES.areaMissing],
      [{ email: "amina@example.net", ...NEAR }, SUBSCRIPTION_MESSAGES.areaMissing],
      [
        { email: "amina@example.net", ...NEAR, radiusMetres: 2000, locality: "Kibera" },
        SUBSCRIPTION_MESSAGES.areaMissing,
      ],
      [{ email: "amina@example.net", ...NEAR, radiusMetres: 20 }, SUBSCRIPTION_MESSAGES.badDistance],
      [
        { email: "amina@example.net", latitude: 95, longitude: 36.8, radiusMetres: 2000 },
        SUBSCRIPTION_MESSAGES.badPlace,
      ],
      [{ email: "amina@example.net", locality: "x".repeat(201) }, SUBSCRIPTION_MESSAGES.badLocality],
      [{ email: "amina@example.net", locality: "   " }, SUBSCRIPTION_MESSAGES.badLocality],
    ];
    for (const [body, message] of cases) {
      const res = await subscribe(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expectHumanError(res.body, message);
    }
    expect((await t.db.query("SELECT count(*)::int AS n FROM incident_subscriptions")).rows).toEqual([{ n: 0 }]);

    const french = await subscribe({ email: "amina@example.net" }, { "accept-language": "fr" });
    expectHumanError(french.body, "Choisissez un lieu sur la carte avec une distance, ou nommez une localité.");
  });

  it("limits how many requests one connection makes", async () => {
    const answers = [];
    for (let i = 0; i < 12; i++)
      answers.push(
        (await subscribe({ email: `n${i}@example.net`, locality: "Kibera" }, { "x-test": "limit" })).statusCode,
      );
    expect(answers.slice(0, 10).every((s) => s === 202)).toBe(true);
    const refused = await subscribe({ email: "n99@example.net", locality: "Kibera" });
    expect(refused.statusCode).toBe(429);
    expectHumanError(refused.body, SUBSCRIPTION_MESSAGES.tooMany);
  });
});
