import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import { createApiKey } from "#server/admin/api-key-repository.ts";
import { createMailTransport } from "#server/notifications/mail-transport.ts";
import { startOutboxWorker, type OutboxWorker } from "#server/notifications/outbox-worker.ts";
import type { RoutingRuleView } from "#shared/teams/routing-schemas.ts";
import type { TeamView } from "#shared/teams/team-schemas.ts";
import { startTestSmtpServer, type TestSmtpServer } from "../support/smtp-test-server.ts";
import { adminAndStaffClients, HOST, type staffClient } from "./staff/staff-helpers.ts";
import { createTestApp, postGrievance, validFields, type TestApp } from "./test-app.ts";

// Teams and routing (docs/decisions/029-teams-routing-and-assignment.md): what the teams-*.test.ts files share, a
// portal with an administrator and a member of staff signed in, an Open311 key, a test SMTP server and an outbox
// worker that sends when asked.

export const ADMIN = "admin@water.example";
export const STAFF = "staff@water.example";
export let t: TestApp;
export let admin: Awaited<ReturnType<typeof staffClient>>;
export let staff: Awaited<ReturnType<typeof staffClient>>;
export let apiKey: string;
export let smtp: TestSmtpServer;
export let worker: OutboxWorker;

/** A square of ±`half` degrees around a centre, as a closed GeoJSON Polygon. */
export function square(longitude: number, latitude: number, half = 0.01) {
  const ring = [
    [longitude - half, latitude - half],
    [longitude + half, latitude - half],
    [longitude + half, latitude + half],
    [longitude - half, latitude + half],
    [longitude - half, latitude - half],
  ];
  return { type: "Polygon" as const, coordinates: [ring] };
}

export async function makeTeam(name: string, email = `${name.toLowerCase().replace(/\W+/g, "-")}@water.example`) {
  const response = await admin({ method: "POST", url: "/api/staff/teams", payload: { name, email } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as TeamView;
}

export async function makeRule(teamId: string, serviceCode: string | null, area: ReturnType<typeof square> | null) {
  const response = await admin({
    method: "POST",
    url: "/api/staff/routing-rules",
    payload: { teamId, serviceCode, area },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as RoutingRuleView;
}

/** A report through the public form; `pin` as [longitude, latitude]. */
export async function submitForm(category: string, pin?: [number, number]) {
  const fields: Record<string, string> = { ...validFields, category };
  if (pin) Object.assign(fields, { longitude: String(pin[0]), latitude: String(pin[1]) });
  const response = await postGrievance(t.app, fields);
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: string }).id;
}

/** A report through Open311's POST; answers the report's id. */
export async function submitOpen311(serviceCode: string, pin: [number, number]) {
  const response = await t.app.inject({
    method: "POST",
    url: "/open311/v2/requests.json",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({
      api_key: apiKey,
      service_code: serviceCode,
      long: String(pin[0]),
      lat: String(pin[1]),
      description: "No water since yesterday morning in the whole lane.",
      email: "resident@example.org",
    }).toString(),
  });
  expect(response.statusCode, response.body).toBe(201);
  const [answer] = response.json() as { service_request_id: string }[];
  const { rows } = await t.db.query<{ id: string }>("SELECT id FROM grievances WHERE reference = $1", [
    answer!.service_request_id,
  ]);
  return rows[0]!.id;
}

/** The team a stored report has, by name (null: none). */
export async function teamOf(grievanceId: string): Promise<string | null> {
  const { rows } = await t.db.query<{ name: string | null }>(
    "SELECT t.name FROM grievances g LEFT JOIN teams t ON t.id = g.team_id WHERE g.id = $1",
    [grievanceId],
  );
  return rows[0]!.name;
}

/** Starts the portal, the SMTP server and the worker before the calling file's tests; empties teams before each. */
export function useTeamsPortal(): void {
  beforeAll(async () => {
    // Links in e-mail come from PUBLIC_URL only (decision 022).
    t = await createTestApp({ config: { submissionsPerHour: 10_000, publicUrl: `https://${HOST}` } });
    ({ admin, staff } = await adminAndStaffClients(t.app, t.db, ADMIN, STAFF));
    const { rows } = await t.db.query<{ id: string }>("SELECT id FROM staff_accounts WHERE email = $1", [ADMIN]);
    apiKey = (await createApiKey(t.db, "City work-order system", rows[0]!.id)).key;
    smtp = await startTestSmtpServer();
    worker = startOutboxWorker({
      db: t.db,
      transport: createMailTransport({
        smtpUrl: smtp.url,
        mailDir: path.join(t.storageDir, "..", "mail"),
        from: "Portal <portal@water.example>",
      }),
      logger: pino({ level: "silent" }),
      // Rounds only when a test asks for one.
      pollMs: 3_600_000,
    });
  });
  afterAll(async () => {
    await worker.stop();
    await smtp.close();
    await t.close();
  });
  beforeEach(async () => {
    await t.db.query("TRUNCATE outbox, grievance_events, routing_rules, audit_log CASCADE");
    await t.db.query("DELETE FROM grievances");
    await t.db.query("DELETE FROM teams");
    await t.db.query("TRUNCATE rate_limit_counters");
    smtp.received.length = 0;
  });
}
