import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { LOCATION_MESSAGES } from "#shared/places/location-messages.ts";
import { startPortal } from "./support/portal-process.ts";
import { expect, test, tileEnv, uniqueTitle } from "./support/fixtures.ts";
import { fillRequired, openMap, submitAndFetch } from "./support/report-location.ts";

/** A Nominatim stand-in on loopback: every point is "12 Pump Street". */
async function startGeocoder(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    if (!request.url?.startsWith("/reverse?")) return void response.writeHead(404).end();
    response
      .writeHead(200, { "content-type": "application/json" })
      .end(JSON.stringify({ display_name: "12 Pump Street, Riverside" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test.describe("with a service area and an address lookup", () => {
  test("a pin outside is refused at once and by the server; a pin inside fills an empty location", async ({
    page,
    request,
    tiles,
  }) => {
    // A portal of its own: starting one waits its turn behind the other workers' portals.
    test.setTimeout(180_000);
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "service-area-"));
    const areaFile = path.join(folder, "area.geojson");
    // A square of about 2 km around (10, 20).
    const ring = [
      [19.99, 9.99],
      [20.01, 9.99],
      [20.01, 10.01],
      [19.99, 10.01],
      [19.99, 9.99],
    ];
    fs.writeFileSync(areaFile, JSON.stringify({ type: "Polygon", coordinates: [ring] }));
    const geocoder = await startGeocoder();
    const portal = await startPortal({ ...tileEnv(tiles), SERVICE_AREA_FILE: areaFile, GEOCODER_URL: geocoder.url });
    try {
      await page.goto(`${portal.url}/submit-grievance`);
      await fillRequired(page, uniqueTitle("Outside the area"));
      const map = await openMap(page);
      await expect(map.locator(".map-service-area")).toHaveCount(1);

      // The map opens on the area: its centre is inside, a corner of the view outside.
      const box = (await map.boundingBox())!;
      await map.click({ position: { x: 4, y: box.height - 4 } });
      const group = page.getByRole("group", { name: "Pin on a map" });
      await expect(group.getByText(LOCATION_MESSAGES.outsideServiceArea)).toBeVisible();
      // No address is looked up for a place that cannot be sent (the lookup refuses it too).
      await expect(page.getByLabel("Location")).toHaveValue("");

      // Sent anyway: the server refuses it with the same words, on the same place; the error summary takes the
      // focus and its link leads to the group.
      await page.getByRole("button", { name: "Submit Grievance" }).click();
      const summary = page.getByTestId("form-error");
      await expect(summary).toBeFocused();
      await expect(group.getByText(LOCATION_MESSAGES.outsideServiceArea)).toHaveCount(1);
      await summary.getByRole("link", { name: /^Pin on a map: / }).click();
      await expect(group).toBeFocused();

      // A pin inside fills the empty location.
      await page.getByRole("button", { name: LOCATION_MESSAGES.placePinAtCentre }).click();
      await expect(group.getByText(LOCATION_MESSAGES.outsideServiceArea)).toHaveCount(0);
      await expect(page.getByLabel("Location")).toHaveValue("12 Pump Street, Riverside");

      // The resident's own words are never replaced.
      await page.getByLabel("Location").fill("Opposite the water tower");
      await page.getByRole("button", { name: LOCATION_MESSAGES.placePinAtCentre }).click();
      await expect(page.getByLabel("Location")).toHaveValue("Opposite the water tower");
      const stored = await submitAndFetch(page, request, portal.url);
      expect(stored.location).toBe("Opposite the water tower");
      expect(stored.latitude).toBeCloseTo(10, 2);
      expect(stored.longitude).toBeCloseTo(20, 2);
    } finally {
      await portal.stop();
      await geocoder.close();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  test("the form stays usable when the map settings cannot be loaded", async ({ page, request, baseURL }) => {
    await page.route("**/api/map-settings", (route) => route.fulfill({ status: 503, body: "" }));
    await page.goto("/submit-grievance");
    await fillRequired(page, uniqueTitle("No map"));
    await page.getByRole("button", { name: "Choose on a map" }).click();
    await expect(page.getByText(LOCATION_MESSAGES.mapUnavailable)).toBeVisible();
    await page.getByLabel("Location").fill("Near the old well");
    const stored = await submitAndFetch(page, request, baseURL!);
    expect(stored).toMatchObject({ location: "Near the old well", latitude: null });
  });
});
