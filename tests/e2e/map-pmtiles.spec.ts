import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "@playwright/test";
import { LOCATION_MESSAGES } from "#shared/places/location-messages.ts";
import { writeTestArchive } from "../support/pmtiles-writer.ts";
import { startTileServer, type TileServer } from "../support/tile-server.ts";
import { expect, seedGrievance, tileEnv } from "./support/fixtures.ts";
import { startPortal, type RunningPortal } from "./support/portal-process.ts";

// MAP_PMTILES_FILE (docs/decisions/028-own-tiles-from-a-pmtiles-file.md): the maps draw the portal's own tiles,
// read from one file in byte ranges, and the browser asks nobody else for anything. MAP_TILE_URL still points at a
// tile server on loopback, which must receive no request.

let tiles: TileServer;
let portal: RunningPortal;
let folder: string;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "pmtiles-e2e-"));
  const { file } = await writeTestArchive(path.join(folder, "area.pmtiles"), { maxZoom: 3 });
  tiles = await startTileServer();
  portal = await startPortal({ ...tileEnv(tiles), MAP_PMTILES_FILE: file });
});

test.afterAll(async () => {
  await portal?.stop();
  await tiles?.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

test("the form's and a report's maps draw tiles from the portal's own file, by byte ranges, asking no one else", async ({
  page,
  request,
}) => {
  const elsewhere: string[] = [];
  const ranges: string[] = [];
  page.on("request", (sent) => {
    const url = sent.url();
    if (url.startsWith("blob:") || url.startsWith("data:")) return;
    if (new URL(url).origin !== portal.url) elsewhere.push(url);
    if (url.endsWith("/media/map-tiles.pmtiles")) ranges.push(sent.headers().range ?? "(none)");
  });

  await page.goto(`${portal.url}/submit-grievance`);
  await page.getByRole("button", { name: "Choose on a map" }).click();
  const map = page.getByRole("application", { name: LOCATION_MESSAGES.formMapLabel });
  const drawn = map.locator("img.leaflet-tile-loaded");
  await expect(drawn.first()).toBeVisible();
  // Images made in the page from the file's bytes.
  expect(await drawn.first().getAttribute("src")).toMatch(/^blob:/);
  const size = await drawn.first().evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
  expect(size).toEqual([256, 256]);
  await expect(page.getByTestId("map-notice")).toHaveCount(0);

  const report = await seedGrievance(request, portal.url, { title: "Own tiles", latitude: 10.5, longitude: 20.5 });
  await page.goto(`${portal.url}/grievance/${report.id}`);
  await expect(page.getByTestId("pin-map").locator("img.leaflet-tile-loaded").first()).toBeVisible();

  expect(ranges.length).toBeGreaterThan(2);
  for (const range of ranges) expect(range).toMatch(/^bytes=\d+-\d+$/);
  expect(elsewhere).toEqual([]);
  expect(tiles.served).toEqual([]);
});

test("a file that cannot be read any more makes the map say so, and the form stays usable", async ({ page }) => {
  await page.route("**/media/map-tiles.pmtiles", (route) => route.fulfill({ status: 503, body: "" }));
  await page.goto(`${portal.url}/submit-grievance`);
  await page.getByRole("button", { name: "Choose on a map" }).click();
  await expect(page.getByTestId("map-notice")).toHaveText(LOCATION_MESSAGES.mapUnavailable);
  await expect(page.getByLabel("Location")).toBeEditable();
});
