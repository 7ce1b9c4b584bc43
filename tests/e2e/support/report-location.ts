import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { LOCATION_MESSAGES } from "#shared/places/location-messages.ts";
import { expect } from "./fixtures.ts";

/** What the report-location-*.spec.ts files share: filling the report form, its map, and sending it. */

/** A place of its own per test, far from any other test's pins: suggestions then come from this test's data only. */
export function somewhere(): { latitude: number; longitude: number } {
  const round = (n: number) => Number(n.toFixed(6));
  return { latitude: round(-40 + Math.random() * 80), longitude: round(-150 + Math.random() * 300) };
}

export async function fillRequired(page: Page, title: string) {
  await page.getByLabel("Issue Title*").fill(title);
  await page.getByLabel("Category*").selectOption("Leakage Issues");
  await page.getByLabel("Detailed Description*").fill("The pipe under the road has been leaking for two days.");
}

/** The form's map, once Leaflet and at least one tile are in. */
export async function openMap(page: Page): Promise<Locator> {
  await page.getByRole("button", { name: "Choose on a map" }).click();
  const map = page.getByRole("application", { name: LOCATION_MESSAGES.formMapLabel });
  await expect(map).toBeVisible();
  await expect(map).toHaveAttribute("aria-describedby", /.+/);
  await expect(map.locator("img.leaflet-tile-loaded").first()).toBeVisible();
  return map;
}

/** Submits and reads the stored report back through the public API. */
export async function submitAndFetch(page: Page, request: APIRequestContext, baseURL: string) {
  const answer = page.waitForResponse((r) => r.url().endsWith("/api/grievances") && r.request().method() === "POST");
  await page.getByRole("button", { name: "Submit Grievance" }).click();
  const response = await answer;
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  const stored = await request.get(`${baseURL}/api/grievances/${id}`);
  return (await stored.json()) as { latitude: number | null; longitude: number | null; location: string | null };
}
