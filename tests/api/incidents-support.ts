import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import type { z } from "zod/mini";
import type { publicIncidentSchema, staffIncidentSchema } from "#shared/api-schemas/incidents.ts";
import { addStaff, HOST, resetData, seedGrievance, staffClient } from "./staff/staff-helpers.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

// Water incidents, declared, updated and closed by staff, matched on the report form, with reports linked
// to them (docs/decisions/021-incidents.md). This module holds what the incidents-*.test.ts files share.

export type StaffIncident = z.output<typeof staffIncidentSchema>;
export type PublicIncident = z.output<typeof publicIncidentSchema>;

export let t: TestApp;
export let as: Awaited<ReturnType<typeof staffClient>>;

// A square of about 1.1 km (lon, lat), left open as the map's drawing tool may leave it.
export const SQUARE = {
  type: "Polygon",
  coordinates: [
    [
      [36.81, -1.29],
      [36.82, -1.29],
      [36.82, -1.28],
      [36.81, -1.28],
    ],
  ],
};
export const CIRCLE = { type: "Circle", center: [36.9, -1.2], radiusMetres: 500 };

export const declaration = (overrides: Record<string, unknown> = {}) => ({
  type: "boil-water",
  severity: "severe",
  title: "Boil water in Kilimani",
  message: "A treatment fault let untreated water into the network.",
  instructions: "Boil all drinking water for one minute. Tankers at Kilimani School.",
  area: SQUARE,
  localities: ["Kilimani", "São Tomé"],
  startsAt: new Date(Date.now() - 3_600_000).toISOString(),
  expectedRestorationAt: null,
  ...overrides,
});

export async function declare(overrides: Record<string, unknown> = {}): Promise<StaffIncident> {
  const res = await as({ method: "POST", url: "/api/staff/incidents", payload: declaration(overrides) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<StaffIncident>();
}

export const publicGet = (url: string) => t.app.inject({ method: "GET", url, headers: { host: HOST } });
export const affected = (id: string, browserId: string) =>
  t.app.inject({
    method: "POST",
    url: `/api/incidents/${id}/affected`,
    headers: { host: HOST },
    payload: { browserId },
  });

/** A report with a pin and a location, `age` before now. */
export async function report(
  fields: {
    latitude?: number;
    longitude?: number;
    location?: string;
    category?: string;
    age?: string;
    status?: string;
    email?: string | null;
  } = {},
) {
  const id = await seedGrievance(t.db, {
    category: fields.category ?? "Water Quality Issues",
    age: fields.age ?? "10 minutes",
    status: fields.status ?? "pending",
    user_email: fields.email === undefined ? null : fields.email,
  });
  await t.db.query("UPDATE grievances SET latitude = $2, longitude = $3, location = $4 WHERE id = $1", [
    id,
    fields.latitude ?? null,
    fields.longitude ?? null,
    fields.location ?? null,
  ]);
  return id;
}

export async function follower(grievanceId: string, email: string, isReporter = false) {
  await t.db.query(
    "INSERT INTO followers (grievance_id, email, is_reporter, confirmed_at, locale) VALUES ($1, $2, $3, now(), 'en')",
    [grievanceId, email, isReporter],
  );
}

/** A portal for the calling file, emptied and given a signed-in staff member before each test. */
export function useIncidentPortal(): void {
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    // Truncating the accounts empties the incidents, their updates, links and presses, and the outbox with them.
    await resetData(t.db);
    await t.db.query(
      "TRUNCATE incident_subscriptions, outbox, followers, audit_log, rate_limit_counters RESTART IDENTITY CASCADE",
    );
    await addStaff(t.db);
    as = await staffClient(t.app);
  });
}
