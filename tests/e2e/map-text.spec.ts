import { test } from "@playwright/test";
import { startTileServer, type TileServer } from "../support/tile-server.ts";
import { expect, tileEnv } from "./support/fixtures.ts";
import { declareIncident } from "./support/incidents.ts";
import { startPortal, type RunningPortal } from "./support/portal-process.ts";
import { dataDirWithStaff } from "./support/staff-portal.ts";

// Text from people on the maps is text (decision 016): Leaflet writes a string given to a tooltip as HTML, so an
// incident titled with markup used to run it for everyone hovering its area (a refresh to another site, a script
// in an onerror). The tooltip must show the title exactly as typed.

const STAFF = { email: "maps@utility.example", password: "titles are text, never markup" };
const TITLES = [
  `<meta http-equiv=refresh content="0;url=http://example.invalid">`,
  `<img src=x onerror="window.__mapXss = 1">Valve`,
];

let tiles: TileServer;
let portal: RunningPortal;

test.beforeAll(async ({ request }) => {
  test.setTimeout(150_000);
  tiles = await startTileServer();
  portal = await startPortal(tileEnv(tiles), dataDirWithStaff("portal-e2e-map-text-", STAFF.email, STAFF.password));
  // Two areas side by side, far enough apart that hovering one never touches the other.
  await declareIncident(request, portal.url, STAFF, {
    title: TITLES[0],
    area: { type: "Circle", center: [-0.2, 51.5], radiusMetres: 800 },
  });
  await declareIncident(request, portal.url, STAFF, {
    title: TITLES[1],
    area: { type: "Circle", center: [-0.1, 51.5], radiusMetres: 800 },
  });
});

test.afterAll(async () => {
  await portal?.stop();
  await tiles?.close();
});

test("an incident's title shows as literal text in its area's tooltip, and nothing in it runs", async ({ page }) => {
  await page.goto(`${portal.url}/incidents`);
  const map = page.getByTestId("incident-map");
  const areas = map.locator("path.incident-area");
  await expect(areas).toHaveCount(2);
  for (let i = 0; i < 2; i++) {
    await areas.nth(i).hover();
    const tooltip = map.locator(".leaflet-tooltip");
    await expect(tooltip).toHaveCount(1);
    const text = await tooltip.textContent();
    expect(TITLES).toContain(text);
    // Not one element made from the title: the markup is characters.
    await expect(tooltip.locator("meta, img")).toHaveCount(0);
    await page.mouse.move(0, 0);
    await expect(tooltip).toHaveCount(0);
  }
  expect(await page.evaluate(() => (window as { __mapXss?: number }).__mapXss)).toBeUndefined();
  // A refresh would have taken the page elsewhere by now.
  expect(new URL(page.url()).pathname).toBe("/incidents");
});
