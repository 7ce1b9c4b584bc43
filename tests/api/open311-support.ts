import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, expect } from "vitest";
import { createApiKey, revokeApiKey } from "#server/admin/api-key-repository.ts";
import { makeJpeg } from "../fixtures/images.ts";
import { createTestApp, postGrievance, validFields, type TestApp } from "./test-app.ts";

// A conformance suite for GeoReport v2 (http://wiki.open311.org/GeoReport_v2) as the portal speaks it
// (docs/integrators.md): every endpoint in both formats, the date window, paging, api_key rules and the error format.
// This module holds what the open311-*.test.ts files share: one portal seeded with four reports and two API keys.

export const xml = new XMLParser({
  parseTagValue: false,
  isArray: (name) => ["service", "request", "error", "endpoint", "format", "request_update"].includes(name),
});
export const NOTICE = "Emergencies: call 0800 123 456.";
export const AGENCY = "Riverside Water Utility";

export let t: TestApp;
export let apiKey: string;
export let revokedKey: string;
export let staffId: string;
export const refs = { burst: "", fixed: "", hidden: "", old: "" };

export async function submit(
  fields: Record<string, string>,
  withImage = false,
): Promise<{ id: string; reference: string }> {
  const response = await postGrievance(
    t.app,
    { ...validFields, ...fields },
    withImage ? [{ filename: "a.jpg", bytes: await makeJpeg(), type: "image/jpeg" }] : [],
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; reference: string };
}

export async function statusChange(id: string, from: string, to: string, note: string | null, minutesAgo = 0) {
  // Reported an hour ago, so that its status changes come after it.
  await t.db.query(
    "UPDATE grievances SET status = $2, created_at = least(created_at, now() - interval '1 hour') WHERE id = $1",
    [id, to],
  );
  await t.db.query(
    `INSERT INTO grievance_events (grievance_id, kind, from_status, to_status, note, staff_id, at)
     VALUES ($1, 'status', $2, $3, $4, $5, now() - make_interval(mins => $6))`,
    [id, from, to, note, staffId, minutesAgo],
  );
}

export const get = (url: string) => t.app.inject({ method: "GET", url });
export const post = (format: "json" | "xml", fields: Record<string, string>) =>
  t.app.inject({
    method: "POST",
    url: `/open311/v2/requests.${format}`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(fields).toString(),
  });

/** Starts the seeded portal before the calling file's tests and closes it after them. */
export function useOpen311Portal(): void {
  beforeAll(async () => {
    t = await createTestApp({
      config: {
        publicUrl: "https://water.example.org",
        open311: {
          agencyResponsible: AGENCY,
          serviceNotice: NOTICE,
          jurisdictionId: "riverside.example.org",
          postsPerHour: 600,
        },
      },
    });
    const staff = await t.db.query<{ id: string }>(
      "INSERT INTO staff_accounts (email, password_hash) VALUES ('op@example.org', 'x') RETURNING id",
    );
    staffId = staff.rows[0]!.id;
    apiKey = (await createApiKey(t.db, "City work-order system", staffId)).key;
    const revoked = await createApiKey(t.db, "Old client", staffId);
    await revokeApiKey(t.db, revoked.row.id);
    revokedKey = revoked.key;

    const burst = await submit(
      { title: "Burst main on Elm Street", category: "Leakage Issues", latitude: "-1.292066", longitude: "36.821946" },
      true,
    );
    refs.burst = burst.reference;
    await statusChange(burst.id, "pending", "in-progress", "A crew is on its way.", 30);
    const fixed = await submit({ title: "Dirty water at the school", category: "Water Quality Issues" });
    refs.fixed = fixed.reference;
    await statusChange(fixed.id, "pending", "in-progress", "Samples taken.", 20);
    await statusChange(fixed.id, "in-progress", "resolved", "The tank was cleaned.", 10);
    const hidden = await submit({ title: "Hidden report", category: "Other" });
    refs.hidden = hidden.reference;
    await t.db.query("UPDATE grievances SET hidden_at = now(), hidden_reason = 'Abuse' WHERE id = $1", [hidden.id]);
    const old = await submit({ title: "Old drain", category: "Drainage Problems" });
    refs.old = old.reference;
    await t.db.query("UPDATE grievances SET created_at = now() - interval '120 days' WHERE id = $1", [old.id]);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });
}
