import { expect, type APIRequestContext } from "@playwright/test";
import { staffApiPaths } from "#shared/staff/staff-api.ts";
import type { DeclareIncident } from "#shared/incidents/incidents.ts";

/**
 * Declares a water incident through the staff API, as the console does: signs in with `request` (its
 * cookie jar keeps the session) and posts the declaration, both same-origin as the console's requests are.
 */
export async function declareIncident(
  request: APIRequestContext,
  baseURL: string,
  staff: { email: string; password: string },
  overrides: Partial<DeclareIncident> = {},
): Promise<{ id: string; title: string }> {
  const headers = { Origin: baseURL };
  const session = await request.post(`${baseURL}${staffApiPaths.session}`, { data: staff, headers });
  expect(session.status(), await session.text()).toBe(200);
  const declaration: DeclareIncident = {
    type: "boil-water",
    severity: "severe",
    title: `Burst main on Riverside Road ${Math.random().toString(36).slice(2, 7)}`,
    message: "A trunk main burst near the school. Crews are on site.",
    instructions: "Boil tap water for one minute before drinking. A tanker is at the school.",
    area: { type: "Circle", center: [-0.1276, 51.5072], radiusMetres: 1_500 },
    localities: ["Riverside"],
    startsAt: new Date(Date.now() - 60 * 60 * 1000).toISOString(),
    expectedRestorationAt: new Date(Date.now() + 6 * 60 * 60 * 1000).toISOString(),
    translations: {},
    ...overrides,
  };
  const answer = await request.post(`${baseURL}${staffApiPaths.incidents}`, { data: declaration, headers });
  expect(answer.status(), await answer.text()).toBe(201);
  const incident = (await answer.json()) as { id: string; title: string };
  return { id: incident.id, title: incident.title };
}
