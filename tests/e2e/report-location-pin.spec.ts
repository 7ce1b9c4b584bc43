import type { Page } from "@playwright/test";
import { LOCATION_MESSAGES } from "#shared/places/location-messages.ts";
import { expect, expectNoAxeViolations, expectNoHorizontalScroll, test, uniqueTitle } from "./support/fixtures.ts";
import { fillRequired, openMap, somewhere, submitAndFetch } from "./support/report-location.ts";

/** "Latitude 1.234567, longitude 2.345678" → the two numbers. */
async function shownPin(page: Page): Promise<{ latitude: number; longitude: number }> {
  const text = (await page.getByTestId("pin-coordinates").textContent()) ?? "";
  const match = /^Latitude (-?[0-9.]+), longitude (-?[0-9.]+)$/.exec(text);
  expect(match, text).not.toBeNull();
  return { latitude: Number(match![1]), longitude: Number(match![2]) };
}

/** One arrow key on the focused map, then wait for its pan to end: Leaflet ignores keys while it is still panning. */
async function panWith(page: Page, key: string) {
  const pane = page.locator(".leaflet-map-pane");
  const position = () => pane.evaluate((element) => (element as HTMLElement).style.transform);
  const before = await position();
  await page.keyboard.press(key);
  await expect.poll(position).not.toBe(before);
  await expect
    .poll(async () => {
      const now = await position();
      await page.waitForTimeout(100);
      return now === (await position());
    })
    .toBe(true);
}

const announcer = (page: Page) => page.locator(".pin-group [role=status].visually-hidden");

test.describe("a pin on the report form", () => {
  test("is placed with the mouse, shown, announced and stored; tiles come from the local server", async ({
    page,
    request,
    baseURL,
    tiles,
  }) => {
    // Leaflet and the picker come in their own chunks, only once the map is asked for.
    const mapChunks: string[] = [];
    page.on("request", (r) => {
      if (/\/assets\/(create-map|location-picker)-[^/]*\.(js|css)$/.test(r.url())) mapChunks.push(r.url());
    });
    await page.goto("/submit-grievance");
    await fillRequired(page, uniqueTitle("Pin by mouse"));
    await expect(page.getByRole("application")).toHaveCount(0);
    expect(mapChunks).toEqual([]);
    const map = await openMap(page);
    expect(mapChunks.length).toBeGreaterThan(0);
    expect(tiles.served.length).toBeGreaterThan(0);

    const box = (await map.boundingBox())!;
    await map.click({ position: { x: box.width * 0.3, y: box.height * 0.4 } });
    await expect(page.getByTestId("pin-coordinates")).toBeVisible();
    await expect(map.locator(".map-pin")).toBeVisible();
    const pin = await shownPin(page);
    await expect(announcer(page)).toHaveText(
      LOCATION_MESSAGES.pinPlaced(pin.latitude.toFixed(6), pin.longitude.toFixed(6)),
    );
    await expectNoAxeViolations(page);

    const stored = await submitAndFetch(page, request, baseURL!);
    expect(stored.latitude).toBeCloseTo(pin.latitude, 6);
    expect(stored.longitude).toBeCloseTo(pin.longitude, 6);
  });

  test("is placed with the keyboard: arrow keys move the map, a button pins its centre; it can be removed", async ({
    page,
    request,
    baseURL,
  }) => {
    await page.goto("/submit-grievance");
    await fillRequired(page, uniqueTitle("Pin by keyboard"));
    const map = await openMap(page);

    await map.focus();
    await expect(map).toBeFocused();
    for (const key of ["ArrowRight", "ArrowRight", "ArrowUp"]) await panWith(page, key);
    const centre = page.getByRole("button", { name: LOCATION_MESSAGES.placePinAtCentre });
    await centre.focus();
    await page.keyboard.press("Enter");
    const first = await shownPin(page);
    // The map opened on MAP_DEFAULT_CENTER (0, 0): panned right and up, its centre is north-east of that.
    expect(first.latitude).toBeGreaterThan(0);
    expect(first.longitude).toBeGreaterThan(0);

    await page.getByRole("button", { name: LOCATION_MESSAGES.removePin }).click();
    await expect(page.getByTestId("pin-coordinates")).toHaveCount(0);
    await expect(announcer(page)).toHaveText(LOCATION_MESSAGES.pinRemoved);
    await expect(page.getByRole("button", { name: "Hide the map" })).toBeFocused();

    await map.focus();
    await panWith(page, "ArrowLeft");
    await centre.focus();
    await page.keyboard.press("Enter");
    const second = await shownPin(page);
    expect(second.longitude).toBeLessThan(first.longitude);

    const stored = await submitAndFetch(page, request, baseURL!);
    expect(stored).toMatchObject({ latitude: second.latitude, longitude: second.longitude });
  });

  test('comes from the browser\'s position with "Use my location", on a phone screen', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const here = somewhere();
    await context.grantPermissions(["geolocation"], { origin: baseURL! });
    await context.setGeolocation(here);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/submit-grievance");
    await fillRequired(page, uniqueTitle("Pin from position"));
    await page.getByRole("button", { name: "Use my location" }).click();
    await expect(page.getByTestId("pin-coordinates")).toHaveText(
      LOCATION_MESSAGES.pinCoordinates(here.latitude.toFixed(6), here.longitude.toFixed(6)),
    );
    // The map opens on the pin, so it can be moved from there.
    await expect(page.getByRole("application").locator(".map-pin")).toBeInViewport();
    await expectNoHorizontalScroll(page);
    const stored = await submitAndFetch(page, request, baseURL!);
    expect(stored).toMatchObject(here);
  });

  test("says so when the browser refuses the position, and the form still submits without a pin", async ({
    page,
    request,
    baseURL,
  }) => {
    // No permission granted: Chromium answers PERMISSION_DENIED.
    await page.goto("/submit-grievance");
    await fillRequired(page, uniqueTitle("No position"));
    await page.getByRole("button", { name: "Use my location" }).click();
    await expect(page.getByText(LOCATION_MESSAGES.geolocationDenied)).toBeVisible();
    await expect(page.getByTestId("pin-coordinates")).toHaveCount(0);
    await page.getByLabel("Location").fill("Behind the market");
    const stored = await submitAndFetch(page, request, baseURL!);
    expect(stored).toMatchObject({ latitude: null, longitude: null, location: "Behind the market" });
  });
});
