import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "#server/config.ts";
import { mailLinkBaseOf, uuidUrnOf } from "#server/http/public-links.ts";
import type { SubmittedGrievance } from "#shared/tracking/tracking.ts";
import { atomSchemaProblems, capSchemaProblems } from "../support/xml-schemas.ts";
import { createTestApp, multipart, validFields, type TestApp } from "./test-app.ts";

/**
 * No link sent to anyone but the requester comes from the request (decision 022): e-mail (the receipt
 * to an address typed in, follow and alert confirmations, followers' updates, "still a problem") and the publicly
 * cached Atom feeds and CAP documents are built from PUBLIC_URL only. Every request below carries a forged Host.
 */

const FORGED = "evil.example";
const FORGED_HEADERS = { host: FORGED, "x-forwarded-host": FORGED, origin: `http://${FORGED}` };

async function declareIncident(t: TestApp): Promise<string> {
  const { rows } = await t.db.query<{ id: string }>(
    `INSERT INTO incidents (type, severity, title, message, instructions, area, localities, starts_at, expected_restoration_at)
     VALUES ('boil-water', 'severe', 'Burst main', 'The supply is cut.', 'Boil water.', $1, '{}', now(), '2030-05-01T15:00:00Z')
     RETURNING id::text`,
    [JSON.stringify({ type: "Circle", center: [36.8219, -1.2786], radiusMetres: 1000 })],
  );
  return rows[0]!.id;
}

/** Every e-mail and public document the portal makes, each produced by a request with a forged Host. */
async function everythingSentOut(t: TestApp): Promise<string[]> {
  const body = await multipart(validFields);
  const submitted = await t.app.inject({
    method: "POST",
    url: "/api/grievances",
    headers: { ...body.headers, ...FORGED_HEADERS },
    payload: body.payload,
  });
  expect(submitted.statusCode, submitted.body).toBe(201);
  const report = submitted.json<SubmittedGrievance>();
  const token = new URL(report.trackingUrl).pathname.replace(/^\/track\//, "");

  const follow = await t.app.inject({
    method: "POST",
    url: `/api/grievances/${report.id}/followers`,
    headers: FORGED_HEADERS,
    payload: { email: "neighbour@example.net" },
  });
  expect(follow.statusCode).toBe(202);
  // Confirm the follower (the link's path; the base is checked below), so updates are queued for them.
  const { rows: confirmations } = await t.db.query<{ text_body: string }>(
    "SELECT text_body FROM outbox WHERE kind = 'confirm'",
  );
  const confirmPath = /\/follow\/confirm\/[A-Za-z0-9_-]{43}/.exec(confirmations[0]!.text_body)![0];
  expect((await t.app.inject({ method: "POST", url: confirmPath, headers: FORGED_HEADERS })).statusCode).toBe(200);

  const update = await multipart({ text: "The water is now reaching the houses." });
  const updated = await t.app.inject({
    method: "POST",
    url: `/api/track/${token}/updates`,
    headers: { ...update.headers, ...FORGED_HEADERS },
    payload: update.payload,
  });
  expect(updated.statusCode, updated.body).toBe(201);
  await t.db.query("UPDATE grievances SET status = 'resolved' WHERE id = $1", [report.id]);
  const stillAProblem = await t.app.inject({
    method: "POST",
    url: `/api/track/${token}/answer`,
    headers: FORGED_HEADERS,
    payload: { fixed: false, note: "Still leaking at the corner." },
  });
  expect(stillAProblem.statusCode, stillAProblem.body).toBe(200);

  const incidentId = await declareIncident(t);
  const subscribed = await t.app.inject({
    method: "POST",
    url: "/api/incident-subscriptions",
    headers: FORGED_HEADERS,
    payload: { email: "amina@example.net", latitude: -1.2921, longitude: 36.8219, radiusMetres: 2000 },
  });
  expect(subscribed.statusCode, subscribed.body).toBe(202);

  const { rows: mails } = await t.db.query<{ kind: string; message: string }>(
    "SELECT kind, concat_ws(E'\\n', subject, text_body, html_body, headers::text) AS message FROM outbox ORDER BY created_at",
  );
  // The receipt, two confirmations (follow, alerts) and the followers' two updates.
  expect(mails.map((m) => m.kind).sort()).toEqual(["confirm", "incident-confirm", "receipt", "update", "update"]);

  const documents = [];
  for (const url of [
    "/feeds/grievances.atom",
    "/feeds/grievances.atom?status=resolved",
    "/feeds/incidents.atom",
    `/incidents/${incidentId}.cap.xml`,
  ]) {
    const answer = await t.app.inject({ url, headers: FORGED_HEADERS });
    expect(answer.statusCode, url).toBe(200);
    documents.push(answer.body);
  }
  expect(documents[0]).toContain("<entry>");
  return [...mails.map((m) => m.message), ...documents];
}

describe("with PUBLIC_URL", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { publicUrl: "https://water.example.org", submissionsPerHour: 1000 } });
  });
  afterAll(() => t?.close());

  it("a forged Host never appears in an e-mail, a feed or a CAP document: every link starts with PUBLIC_URL", async () => {
    const sent = await everythingSentOut(t);
    for (const text of sent) {
      expect(text).not.toContain(FORGED);
      expect(text).toContain("https://water.example.org/");
    }
  });
});

describe("without PUBLIC_URL (no SMTP_URL: messages only written to DATA_DIR/mail)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { submissionsPerHour: 1000 } });
  });
  afterAll(() => t?.close());

  it("e-mail links use the configured local address, and feeds relative links with stable URN ids; never the Host", async () => {
    const sent = await everythingSentOut(t);
    for (const text of sent) expect(text).not.toContain(FORGED);
    const mails = sent.slice(0, 5);
    // The address from HOST and PORT (localhost:3000 here): configuration, not the request.
    expect(mailLinkBaseOf(t.config)).toBe(`http://localhost:${t.config.port}`);
    for (const mail of mails) expect(mail).toContain(`${mailLinkBaseOf(t.config)}/`);
    const feed = sent[5]!;
    expect(feed).toContain(`<id>${uuidUrnOf("/feeds/grievances.atom")}</id>`);
    expect(feed).toContain('<link rel="self" type="application/atom+xml" href="/feeds/grievances.atom"/>');
    expect(feed).not.toMatch(/<id>(?!urn:uuid:)/);
    expect(sent[7]).toContain('<link rel="self" type="application/atom+xml" href="/feeds/incidents.atom"/>');
    // Still valid Atom (RFC 4287's schema) and CAP 1.2 (OASIS's schema).
    expect(atomSchemaProblems(sent.slice(5, 8))).toBe("");
    expect(capSchemaProblems([sent[8]!])).toBe("");
  });

  it("feeds and CAP documents are the same whatever Host asked: a shared cache cannot be poisoned", async () => {
    const incidentId = (await t.db.query<{ id: string }>("SELECT id::text FROM incidents LIMIT 1")).rows[0]!.id;
    for (const url of ["/feeds/grievances.atom", "/feeds/incidents.atom", `/incidents/${incidentId}.cap.xml`]) {
      const forged = await t.app.inject({ url, headers: FORGED_HEADERS });
      const plain = await t.app.inject({ url, headers: { host: "portal.test" } });
      expect(forged.body, url).toBe(plain.body);
    }
  });
});

describe("configuration", () => {
  it("refuses SMTP_URL without PUBLIC_URL, naming PUBLIC_URL", () => {
    const smtp = { SMTP_URL: "smtp://mail.example:587", MAIL_FROM: "portal@water.example" };
    expect(() => loadConfig(smtp)).toThrow(ConfigError);
    expect(() => loadConfig(smtp)).toThrow(/PUBLIC_URL: set PUBLIC_URL .* together with SMTP_URL/);
    expect(loadConfig({ ...smtp, PUBLIC_URL: "https://water.example.org" }).publicUrl).toBe(
      "https://water.example.org",
    );
  });
});
