import { test, type Page } from "@playwright/test";
import { LOCATION_MESSAGES } from "#shared/places/location-messages.ts";
import { startTileServer, type TileServer } from "../support/tile-server.ts";
import { expect, seedGrievance, tileEnv } from "./support/fixtures.ts";
import { declareIncident } from "./support/incidents.ts";
import { startPortal, type RunningPortal } from "./support/portal-process.ts";
import { fillRequired } from "./support/report-location.ts";
import { dataDirWithStaff } from "./support/staff-portal.ts";

// Without tiles (no connection, a dead tile server) every map says so in words, and the form stays usable
// (create-map.ts watchTiles, map-notice.tsx). The tile server runs, but each page's requests to it are aborted, as a
// phone without a connection would see them. A pin at 0,0 is refused by the form before sending.

const STAFF = { email: "tiles@utility.example", password: "no tiles today, still a working map" };
const FORM_NOTICE = "The map could not be loaded — your description of the place is enough.";

let tiles: TileServer;
let portal: RunningPortal;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  tiles = await startTileServer();
  portal = await startPortal(tileEnv(tiles), dataDirWithStaff("portal-e2e-tiles-", STAFF.email, STAFF.password));
});

test.afterAll(async () => {
  await portal?.stop();
  await tiles?.close();
});

const at = (pathname: string) => `${portal.url}${pathname}`;
const word = () => `tilesword${Math.random().toString(36).slice(2, 8)}`;

/** Every tile request of the page fails, as without a connection. */
async function failTiles(page: Page): Promise<{ url: string; referer: string | undefined }[]> {
  const aborted: { url: string; referer: string | undefined }[] = [];
  await page.route(`${new URL(tiles.urlTemplate.replace(/\{.\}/g, "0")).origin}/**`, (route) => {
    aborted.push({ url: route.request().url(), referer: route.request().headers().referer });
    return route.abort("internetdisconnected");
  });
  return aborted;
}

test("the form's map says it could not be loaded; a pin at 0,0 is refused; the report goes in with words", async ({
  page,
}) => {
  const aborted = await failTiles(page);
  await page.goto(at("/submit-grievance"));
  const title = `Leak ${word()}`;
  await fillRequired(page, title);
  await page.getByRole("button", { name: "Choose on a map" }).click();
  const group = page.getByRole("group", { name: "Pin on a map" });
  await expect(group.getByTestId("map-notice")).toHaveText(FORM_NOTICE);
  expect(aborted.length).toBeGreaterThan(0);
  // The tile host is told which site asks (the OSM tile policy), never which page: the portal's address alone.
  for (const { referer } of aborted) expect(referer).toBe(`${portal.url}/`);

  // Without a service area the map opens on MAP_DEFAULT_CENTER, 0,0 here: its centre is Null Island.
  await page.getByRole("button", { name: LOCATION_MESSAGES.placePinAtCentre }).click();
  await expect(group.getByText(LOCATION_MESSAGES.nullIsland)).toBeVisible();
  // Said with the group (aria-describedby), not only shown.
  const describedBy = (await group.getAttribute("aria-describedby"))!.split(" ");
  const said = await Promise.all(describedBy.map((id) => page.locator(`[id="${id}"]`).textContent()));
  expect(said.join(" ")).toContain(LOCATION_MESSAGES.nullIsland);

  // Sent anyway: refused before it leaves the phone, at the group.
  await page.getByRole("button", { name: "Submit Grievance" }).click();
  const summary = page.getByTestId("form-error");
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("link", { name: /^Pin on a map: / })).toContainText(LOCATION_MESSAGES.nullIsland);

  // The words are enough: without the pin, the report goes in.
  await page.getByRole("button", { name: LOCATION_MESSAGES.removePin }).click();
  await page.getByLabel("Location").fill("Behind the bus station, by the blue gate");
  const answer = page.waitForResponse((r) => r.url().endsWith("/api/grievances") && r.request().method() === "POST");
  await page.getByRole("button", { name: "Submit Grievance" }).click();
  expect((await answer).status()).toBe(201);
});

test("the list's map, a report's map, the incidents' map and the statistics' map each say so in words", async ({
  page,
  request,
}) => {
  const w = word();
  const report = await seedGrievance(request, portal.url, { title: `Burst ${w}`, latitude: 51.5, longitude: -0.12 });
  await declareIncident(request, portal.url, STAFF, { title: `No water ${w}` });

  // With tiles, no notice: the map did load.
  await page.goto(at(`/grievance/${report.id}`));
  await expect(page.getByTestId("pin-map").locator("img.leaflet-tile-loaded").first()).toBeVisible();
  await expect(page.getByTestId("map-notice")).toHaveCount(0);

  await failTiles(page);
  await page.goto(at(`/grievances?q=${w}&view=map`));
  await expect(page.getByTestId("map-notice")).toHaveText(LOCATION_MESSAGES.mapTilesFailed);
  // The markers still work.
  await expect(page.getByRole("button", { name: `Burst ${w}` })).toBeVisible();

  await page.goto(at(`/grievance/${report.id}`));
  await expect(page.getByTestId("map-notice")).toHaveText(LOCATION_MESSAGES.pinMapFailed);

  await page.goto(at("/incidents"));
  await expect(page.getByTestId("incident-map")).toBeVisible();
  await expect(page.getByTestId("map-notice")).toHaveText(
    "The map could not be loaded. The affected localities are listed in words.",
  );

  // The statistics' hotspots: the report above is pinned, so the map has a square to draw.
  await page.goto(at("/stats"));
  await expect(page.getByTestId("hotspot-map")).toBeVisible();
  await expect(page.getByTestId("map-notice")).toHaveText(
    "The map could not be loaded. The busiest areas are listed in the table.",
  );
});

test("the console's maps say so in words", async ({ page, request }) => {
  const w = word();
  const report = await seedGrievance(request, portal.url, { title: `Valve ${w}`, latitude: 51.5, longitude: -0.1 });
  await failTiles(page);
  await page.goto(at(`/staff/grievances/${report.id}`));
  await page.getByLabel("Email").fill(STAFF.email);
  await page.getByLabel("Password").fill(STAFF.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("map-notice")).toHaveText(LOCATION_MESSAGES.pinMapFailed);

  await page.goto(at(`/staff?q=${w}&view=map`));
  await expect(page.getByTestId("map-notice")).toHaveText(LOCATION_MESSAGES.mapTilesFailed);

  await page.goto(at("/staff"));
  await page.getByRole("link", { name: "Incidents", exact: true }).click();
  await page.getByRole("link", { name: "Declare an incident" }).click();
  await expect(page.getByTestId("area-map")).toBeVisible();
  await expect(page.getByTestId("map-notice")).toHaveText(
    "The map could not be loaded — you can still draw the area, or name the affected localities in words.",
  );
});

test("a report's card opened by the top left corner is panned clear of the zoom buttons", async ({ page, request }) => {
  const w = word();
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(at(`/grievances?q=${w}&view=map`));
  await expect(page.getByTestId("map-status")).not.toHaveText(LOCATION_MESSAGES.mapLoading);
  // Zoomed in from the whole world, so that the view's box is the area seen, not clipped to ±180°.
  let markers = page.waitForResponse((r) => r.url().includes("/api/grievances/map?"));
  for (let i = 0; i < 3; i++) {
    markers = page.waitForResponse((r) => r.url().includes("/api/grievances/map?"));
    await page.getByRole("button", { name: "Zoom in" }).click();
    await markers;
  }
  const bbox = new URL((await markers).url()).searchParams.get("bbox")!.split(",").map(Number);
  const [minLon, minLat, maxLon, maxLat] = bbox as [number, number, number, number];
  // A report just inside the view's top left corner, where the card used to open under the zoom buttons.
  await seedGrievance(request, portal.url, {
    title: `Corner ${w}`,
    latitude: Number(Math.min(85, maxLat - (maxLat - minLat) * 0.03).toFixed(6)),
    longitude: Number(Math.max(-180, minLon + (maxLon - minLon) * 0.03).toFixed(6)),
  });
  // The list's filters again, on the same view: the map reloads its markers when it moves.
  markers = page.waitForResponse((r) => r.url().includes("/api/grievances/map?"));
  await page.keyboard.press("Tab");
  await page.getByTestId("reports-map").press("ArrowUp");
  await page.getByTestId("reports-map").press("ArrowDown");
  await markers;
  const marker = page.getByRole("button", { name: `Corner ${w}` });
  const markerBox = (await marker.boundingBox())!;
  const mapBox = (await page.getByTestId("reports-map").boundingBox())!;
  // Really in the corner, within the zoom buttons' reach.
  expect(markerBox.x - mapBox.x).toBeLessThan(120);
  expect(markerBox.y - mapBox.y).toBeLessThan(120);
  await marker.click();
  // The open card is the last popup: one closed a moment ago fades out for 200 ms before Leaflet removes it.
  const card = page.locator(".leaflet-popup-content-wrapper").last();
  await expect(card).toBeVisible();
  const zoom = (await page.locator(".leaflet-control-zoom").boundingBox())!;
  // Where the card comes to rest once the map has panned for it (Leaflet animates the pan): the marker has moved
  // away from the corner, and neither moves any more.
  let last = "";
  await expect
    .poll(
      async () => {
        const moved = (await marker.boundingBox())!;
        const now = JSON.stringify(await card.boundingBox());
        const still = now === last && (moved.x !== markerBox.x || moved.y !== markerBox.y);
        last = now;
        return still;
      },
      { intervals: [300] },
    )
    .toBe(true);
  const box = JSON.parse(last) as { x: number; y: number; width: number; height: number };
  const apart =
    box.x >= zoom.x + zoom.width ||
    box.x + box.width <= zoom.x ||
    box.y >= zoom.y + zoom.height ||
    box.y + box.height <= zoom.y;
  expect(apart, `card ${last}, zoom buttons ${JSON.stringify(zoom)}`).toBe(true);
});
