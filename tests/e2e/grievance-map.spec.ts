import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, expectNoHorizontalScroll, seedGrievance, test } from "./support/fixtures.ts";

// Other specs seed pinned reports into the same portal: these tests search for a word of this file's own, so the map
// shows only its reports, wherever the others are. The tests only read, so one set of reports serves them all (the
// portal limits submissions per hour, and every spec of the worker shares that).
const word = `mapword${Math.random().toString(36).slice(2, 8)}`;

// Three reports a hundred metres apart (one cluster at the map's opening zoom) and one on another continent.
const MARKET = [
  { latitude: -1.2921, longitude: 36.8219 },
  { latitude: -1.2925, longitude: 36.8228 },
  { latitude: -1.2931, longitude: 36.8212 },
];
const FAR = { latitude: 40.7128, longitude: -74.006 };

async function seedMapReports(request: APIRequestContext, baseURL: string) {
  const market = [];
  for (const [i, pin] of MARKET.entries()) {
    market.push(
      await seedGrievance(request, baseURL, {
        title: `Burst main ${word} ${i + 1}`,
        category: "Infrastructure Problems",
        location: "Market street",
        ...pin,
      }),
    );
  }
  const far = await seedGrievance(request, baseURL, { title: `Dry tap ${word}`, category: "Leakage Issues", ...FAR });
  const noPin = await seedGrievance(request, baseURL, { title: `No pin ${word}`, category: "Leakage Issues" });
  return { market, far, noPin };
}

let seeded: Awaited<ReturnType<typeof seedMapReports>>;

test.beforeAll(async ({ portal, playwright }) => {
  const request = await playwright.request.newContext();
  seeded = await seedMapReports(request, portal.url);
  // Two more people have the first report's problem.
  for (const browserId of ["grievance-map-e2e-one", "grievance-map-e2e-two"]) {
    const response = await request.post(`${portal.url}/api/grievances/${seeded.market[0]!.id}/affected`, {
      data: { browserId },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
  await request.dispose();
});

/** Zooms into the clusters until none is left: each click zooms to where that cluster splits. */
async function zoomIntoClusters(page: Page) {
  const clusters = page.getByTestId("map-cluster");
  for (let i = 0; i < 6 && (await clusters.count()) > 0; i++) {
    await clusters.first().click();
    await page.waitForTimeout(400);
  }
  await expect(clusters).toHaveCount(0);
}

test.describe("the list's map view", () => {
  test("shows the filtered reports as markers and clusters; a marker's card links to the report", async ({
    page,
    tiles,
  }) => {
    const { market } = seeded;

    await page.goto(`/grievances?q=${word}`);
    await expect(page.getByTestId("grievance-card")).toHaveCount(5);
    // The list's cards say how many are affected only when someone besides the reporter is.
    const cards = page.getByTestId("grievance-card");
    await expect(cards.filter({ hasText: `Burst main ${word} 1` }).getByTestId("affected-count")).toHaveText(
      "3 people affected",
    );
    await expect(cards.filter({ hasText: `Burst main ${word} 2` }).getByTestId("affected-count")).toHaveCount(0);
    const mapButton = page.getByRole("button", { name: "Map", exact: true });
    await expect(mapButton).toHaveAttribute("aria-pressed", "false");
    await mapButton.click();
    await expect(page).toHaveURL(new RegExp(`/grievances\\?q=${word}&view=map$`));
    await expect(mapButton).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("button", { name: "List", exact: true })).toHaveAttribute("aria-pressed", "false");

    // Four with a pin; the one without is not on the map. No list, no pages.
    await expect(page.getByTestId("map-status")).toHaveText("Showing 4 reports in this area.");
    await expect(page.getByTestId("grievance-card")).toHaveCount(0);
    await expect(page.getByTestId("result-count")).toHaveCount(0);
    const cluster = page.getByTestId("map-cluster");
    await expect(cluster).toHaveCount(1);
    await expect(cluster).toHaveText("3");
    await expect(cluster).toHaveAttribute("aria-label", "3 reports close together. Zoom in to see them.");
    await expect(page.getByTestId("map-marker")).toHaveCount(1);
    await expect(page.getByRole("button", { name: `Dry tap ${word}` })).toBeVisible();
    expect(tiles.served.length).toBeGreaterThan(0);
    await expectNoAxeViolations(page);

    await zoomIntoClusters(page);
    await expect(page.getByTestId("map-marker")).toHaveCount(3);

    // The keyboard: Enter on a focused marker opens its card and takes focus to its link; Escape goes back.
    const first = page.getByRole("button", { name: `Burst main ${word} 1`, exact: true });
    await first.focus();
    await page.keyboard.press("Enter");
    const card = page.getByTestId("map-card");
    const link = card.getByRole("link", { name: `Burst main ${word} 1` });
    await expect(link).toBeFocused();
    await expect(card).toContainText("Pending");
    await expect(card).toContainText("Market street");
    await expect(card).toContainText("3 people affected");
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(card).toHaveCount(0);
    await expect(first).toBeFocused();

    // The mouse: a click opens another card, whose link goes to the report's page.
    await page.getByRole("button", { name: `Burst main ${word} 2`, exact: true }).click();
    await card.getByRole("link", { name: `Burst main ${word} 2` }).click();
    await expect(page).toHaveURL(new RegExp(`/grievance/${market[1]!.id}$`));
    await expect(page.getByRole("heading", { level: 1, name: `Burst main ${word} 2` })).toBeVisible();

    // Back: the map view again, from the URL.
    await page.goBack();
    await expect(page.getByRole("button", { name: "Map", exact: true })).toHaveAttribute("aria-pressed", "true");
  });

  test("applies the filters to the map and keeps the view through Clear Filters and back to the list", async ({
    page,
  }) => {
    await page.goto(`/grievances?q=${word}&view=map`);
    await expect(page.getByTestId("map-status")).toHaveText("Showing 4 reports in this area.");
    await page.getByLabel("Category").selectOption("Leakage Issues");
    await expect(page).toHaveURL(/category=Leakage\+Issues/);
    await expect(page.getByTestId("map-status")).toHaveText("Showing 1 report in this area.");
    await expect(page.getByTestId("map-cluster")).toHaveCount(0);
    await expect(page.getByRole("button", { name: `Dry tap ${word}` })).toBeVisible();

    await page.getByLabel("Status").selectOption("resolved");
    await expect(page.getByTestId("map-status")).toHaveText("No reports with a pin match your filters in this area.");

    await page.getByRole("button", { name: "Clear Filters" }).click();
    await expect(page).toHaveURL(/\/grievances\?view=map$/);
    await expect(page.getByTestId("reports-map")).toBeVisible();

    await page.getByRole("button", { name: "List", exact: true }).click();
    await expect(page).toHaveURL(/\/grievances$/);
    await expect(page.getByTestId("reports-map")).toHaveCount(0);
    await expect(page.getByTestId("grievance-grid")).toBeVisible();
  });

  test("works on a phone", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/grievances?q=${word}&view=map`);
    await expect(page.getByTestId("map-cluster")).toHaveCount(1);
    await expectNoHorizontalScroll(page);
  });
});

test.describe("a report's place on its details page", () => {
  test("shows the pin on a small map with the coordinates and a link to OpenStreetMap", async ({ page }) => {
    await page.goto(`/grievance/${seeded.market[0]!.id}`);
    const place = page.getByTestId("report-place");
    await expect(place.getByRole("heading", { name: "On the map" })).toBeVisible();
    const map = place.getByRole("application", { name: "Map of the report's location" });
    await expect(map).toBeVisible();
    await expect(map.locator(".map-pin")).toHaveCount(1);
    await expect(place.getByTestId("coordinates")).toHaveText("Latitude -1.292100, longitude 36.821900");
    await expect(place.getByRole("link", { name: "Open in OpenStreetMap" })).toHaveAttribute(
      "href",
      "https://www.openstreetmap.org/?mlat=-1.2921&mlon=36.8219#map=18/-1.2921/36.8219",
    );
    await expect(page.getByTestId("affected-count")).toHaveText("3 people affected");
    await expect(page.getByRole("button", { name: "I have this problem too" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("shows no map for a report without a pin", async ({ page }) => {
    const created = seeded.noPin;
    const leaflet: string[] = [];
    page.on("request", (r) => {
      if (/leaflet|create-map|pin-map|reports-map/.test(r.url())) leaflet.push(r.url());
    });
    await page.goto(`/grievance/${created.id}`);
    await expect(page.getByRole("heading", { level: 1, name: created.title })).toBeVisible();
    await expect(page.getByTestId("report-place")).toHaveCount(0);
    await expect(page.getByRole("application")).toHaveCount(0);
    await page.waitForLoadState("networkidle");
    expect(leaflet).toEqual([]);
  });
});
