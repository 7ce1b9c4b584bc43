import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { LOCATION_MESSAGES } from "#shared/places/location-messages.ts";
import { startPortal } from "./support/portal-process.ts";
import {
  expect,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  seedGrievance,
  test,
  tileEnv,
  uniqueTitle,
} from "./support/fixtures.ts";

/** A place of its own per test, far from any other test's pins: suggestions then come from this test's data only. */
function somewhere(): { latitude: number; longitude: number } {
  const round = (n: number) => Number(n.toFixed(6));
  return { latitude: round(-40 + Math.random() * 80), longitude: round(-150 + Math.random() * 300) };
}

async function fillRequired(page: Page, title: string) {
  await page.getByLabel("Issue Title*").fill(title);
  await page.getByLabel("Category*").selectOption("Leakage Issues");
  await page.getByLabel("Detailed Description*").fill("The pipe under the road has been leaking for two days.");
}

/** The form's map, once Leaflet and at least one tile are in. */
async function openMap(page: Page): Promise<Locator> {
  await page.getByRole("button", { name: "Choose on a map" }).click();
  const map = page.getByRole("application", { name: LOCATION_MESSAGES.formMapLabel });
  await expect(map).toBeVisible();
  await expect(map).toHaveAttribute("aria-describedby", /.+/);
  await expect(map.locator("img.leaflet-tile-loaded").first()).toBeVisible();
  return map;
}

/** "Latitude 1.234567, longitude 2.345678" → the two numbers. */
async function shownPin(page: Page): Promise<{ latitude: number; longitude: number }> {
  const text = (await page.getByTestId("pin-coordinates").textContent()) ?? "";
  const match = /^Latitude (-?[0-9.]+), longitude (-?[0-9.]+)$/.exec(text);
  expect(match, text).not.toBeNull();
  return { latitude: Number(match![1]), longitude: Number(match![2]) };
}

/** Submits and reads the stored report back through the public API. */
async function submitAndFetch(page: Page, request: APIRequestContext, baseURL: string) {
  const answer = page.waitForResponse((r) => r.url().endsWith("/api/grievances") && r.request().method() === "POST");
  await page.getByRole("button", { name: "Submit Grievance" }).click();
  const response = await answer;
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  const stored = await request.get(`${baseURL}/api/grievances/${id}`);
  return (await stored.json()) as { latitude: number | null; longitude: number | null; location: string | null };
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

test.describe("has someone already reported this?", () => {
  test('shows a nearby open report of the category; "I have this problem too" counts once and survives a reload', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const here = somewhere();
    const nearby = { latitude: here.latitude + 0.0009, longitude: here.longitude }; // about 100 m north
    const title = uniqueTitle("Burst main near the school");
    const seeded = await seedGrievance(request, baseURL!, {
      title,
      category: "Leakage Issues",
      location: "School Road",
      ...nearby,
    });
    // The same place in another category is not a duplicate.
    const other = await seedGrievance(request, baseURL!, {
      title: uniqueTitle("Blocked drain"),
      category: "Drainage Problems",
      ...nearby,
    });
    await context.grantPermissions(["geolocation"], { origin: baseURL! });
    await context.setGeolocation(here);

    const suggestions = page.getByTestId("similar-reports");
    const suggest = async () => {
      await page.goto("/submit-grievance");
      await page.getByLabel("Category*").selectOption("Leakage Issues");
      await page.getByRole("button", { name: "Use my location" }).click();
      await expect(suggestions).toBeVisible();
      return suggestions.getByRole("listitem").filter({ hasText: title });
    };

    let item = await suggest();
    await expect(suggestions.getByRole("heading", { name: LOCATION_MESSAGES.similarHeading })).toBeVisible();
    await expect(suggestions.getByRole("listitem")).toHaveCount(1);
    await expect(suggestions.getByText(other.title)).toHaveCount(0);
    const link = item.getByRole("link", { name: `${title} ${LOCATION_MESSAGES.opensInNewTab}` });
    await expect(link).toHaveAttribute("href", `/grievance/${seeded.id}`);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(item.getByTestId("status-badge")).toHaveText("Pending");
    await expect(item).toContainText("School Road");
    await expect(item).toContainText(/1\d\d m away/);
    await expect(item.getByTestId("affected-count")).toHaveText("1 person affected");
    await expect(page.locator(".similar-slot > [role=status]")).toHaveText(
      '1 similar open report is shown under "Has someone already reported this?".',
    );
    await expectNoAxeViolations(page);

    const affected = item.getByRole("button", { name: LOCATION_MESSAGES.affectedButton });
    await affected.click();
    await expect(item.getByTestId("affected-count")).toHaveText("2 people affected");
    await expect(item.getByRole("status")).toHaveText(LOCATION_MESSAGES.affectedCounted);
    await expect(affected).toHaveAttribute("aria-disabled", "true");
    await expect(affected).toBeFocused();
    // Pressing again sends nothing.
    await page.keyboard.press("Enter");
    await expect(item.getByTestId("affected-count")).toHaveText("2 people affected");

    item = await suggest();
    await expect(item.getByTestId("affected-count")).toHaveText("2 people affected");
    await expect(item.getByRole("button", { name: LOCATION_MESSAGES.affectedButton })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    await expect(item.getByRole("status")).toHaveText(LOCATION_MESSAGES.affectedAlready);
    const stored = await request.get(`${baseURL}/api/grievances/${seeded.id}`);
    expect(((await stored.json()) as { affected: number }).affected).toBe(2);
  });

  test("finds a report by a similar title without a pin, and the resident can still submit", async ({
    page,
    request,
    baseURL,
  }) => {
    const words = `Sewage overflow ${Math.random().toString(36).slice(2, 8)}`;
    await seedGrievance(request, baseURL!, { title: `${words} at the bus stand`, category: "Sanitation Issues" });
    await page.goto("/submit-grievance");
    await page.getByLabel("Category*").selectOption("Sanitation Issues");
    await page.getByLabel("Issue Title*").fill(`${words} bus stand`);
    const suggestions = page.getByTestId("similar-reports");
    await expect(suggestions.getByRole("link", { name: new RegExp(`${words} at the bus stand`) })).toBeVisible();
    // Another category: they go, and that is said politely.
    await page.getByLabel("Category*").selectOption("Other");
    await expect(suggestions).toHaveCount(0);
    await expect(page.locator(".similar-slot > [role=status]")).toHaveText(LOCATION_MESSAGES.similarNone);
    await page.getByLabel("Detailed Description*").fill("Sewage on the road.");
    const stored = await submitAndFetch(page, request, baseURL!);
    expect(stored.latitude).toBeNull();
  });
});

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
      await expect(page.getByLabel("Location")).toHaveValue("12 Pump Street, Riverside");

      // Sent anyway: the server refuses it with the same words, on the same place; the error summary takes the
      // focus and its link leads to the group.
      await page.getByRole("button", { name: "Submit Grievance" }).click();
      const summary = page.getByTestId("form-error");
      await expect(summary).toBeFocused();
      await expect(group.getByText(LOCATION_MESSAGES.outsideServiceArea)).toHaveCount(1);
      await summary.getByRole("link", { name: /^Pin on a map: / }).click();
      await expect(group).toBeFocused();

      // The resident's own words are never replaced.
      await page.getByLabel("Location").fill("Opposite the water tower");
      await page.getByRole("button", { name: LOCATION_MESSAGES.placePinAtCentre }).click();
      await expect(group.getByText(LOCATION_MESSAGES.outsideServiceArea)).toHaveCount(0);
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
