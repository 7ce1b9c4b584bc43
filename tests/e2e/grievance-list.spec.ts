import { startPortal, type RunningPortal } from "./support/portal-process.ts";
import { expect, expectNoAxeViolations, pngImage, seedGrievance, test, uniqueTitle } from "./support/fixtures.ts";

// The list request, with or without a query string.
const LIST_API = /\/api\/grievances(\?.*)?$/;

// These tests count every row, so they get a portal of their own with a known set of reports.
test.describe("grievance list", () => {
  let portal: RunningPortal;
  const longDescription =
    "The drainage channel behind the market overflows every time it rains, and the water stands for days in the street.";

  test.beforeAll(async ({ playwright }) => {
    portal = await startPortal();
    const request = await playwright.request.newContext();
    await seedGrievance(request, portal.url, {
      title: "Brown tap water",
      description: "Water from the tap is BROWN and smells of rust.",
      category: "Water Quality Issues",
      priority: "urgent",
      location: "Riverside Flats",
      images: [await pngImage(320, 240, "#8d6e63")],
    });
    await seedGrievance(request, portal.url, {
      title: "Overflowing drain",
      description: longDescription,
      category: "Drainage Problems",
      priority: "low",
      location: "Market Square",
    });
    await seedGrievance(request, portal.url, {
      title: "Public toilet closed",
      description: "The toilet block at the bus station has been locked for a week.",
      category: "Sanitation Issues",
      priority: "high",
    });
    await request.dispose();
  });

  test.afterAll(async () => portal?.stop());

  test("shows every report newest first with the count", async ({ page }) => {
    await page.goto(`${portal.url}/grievances`);
    await expect(page.getByRole("heading", { level: 1, name: "Grievance Reports" })).toBeVisible();
    await expect(page.getByTestId("result-count").getByText("Showing 3 of 3 grievances")).toBeVisible();
    await expect(page.getByRole("article").getByRole("heading")).toHaveText([
      "Public toilet closed",
      "Overflowing drain",
      "Brown tap water",
    ]);
    await expectNoAxeViolations(page);
  });

  test("each card shows image or placeholder, cut description, badges, date and a details link", async ({ page }) => {
    await page.goto(`${portal.url}/grievances`);
    const withImage = page.getByRole("article").filter({ hasText: "Brown tap water" });
    await expect(withImage.getByRole("img", { name: "Brown tap water" })).toBeVisible();
    await expect(withImage.getByText("URGENT", { exact: true })).toBeVisible();
    await expect(withImage.getByText("Pending", { exact: true })).toBeVisible();
    const today = new Date().toLocaleDateString("en-US", { month: "short", day: "2-digit", year: "numeric" });
    await expect(withImage.getByText(today)).toBeVisible();

    const drain = page.getByRole("article").filter({ hasText: "Overflowing drain" });
    await expect(drain.getByText(`${longDescription.slice(0, 100)}...`)).toBeVisible();
    await expect(drain.getByRole("img")).toHaveCount(0);
    await expect(drain.getByText("LOW", { exact: true })).toBeVisible();

    await drain.getByRole("link", { name: "View Details" }).click();
    await expect(page).toHaveURL(/\/grievance\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name: "Overflowing drain" })).toBeVisible();
  });

  test("searches title, description and location without regard to case", async ({ page }) => {
    await page.goto(`${portal.url}/grievances`);
    const search = page.getByLabel("Search");
    await search.fill("brown");
    await expect(page.getByTestId("result-count").getByText("Showing 1 of 3 grievances")).toBeVisible();
    await search.fill("MARKET SQUARE");
    await expect(page.getByTestId("result-count").getByText("Showing 1 of 3 grievances")).toBeVisible();
    await expect(page.getByRole("article")).toHaveText(/Overflowing drain/);
    await search.fill("bus station");
    await expect(page.getByRole("article")).toHaveText(/Public toilet closed/);
  });

  test("filters by category, status and priority, keeps filters in the address, and clears them", async ({ page }) => {
    await page.goto(`${portal.url}/grievances`);
    await page.getByLabel("Category").selectOption("Sanitation Issues");
    await expect(page.getByTestId("result-count").getByText("Showing 1 of 3 grievances")).toBeVisible();
    await expect(page).toHaveURL(/category=Sanitation/);

    await page.reload();
    await expect(page.getByLabel("Category")).toHaveValue("Sanitation Issues");
    await expect(page.getByTestId("result-count").getByText("Showing 1 of 3 grievances")).toBeVisible();

    await page.getByLabel("Priority").selectOption("urgent");
    await expect(page.getByRole("heading", { name: "No grievances found" })).toBeVisible();
    await expect(page.getByText("Try adjusting your search criteria or filters.")).toBeVisible();
    await expect(page.getByTestId("result-count").getByText("Showing 0 of 3 grievances")).toBeVisible();

    await page.getByRole("button", { name: "Clear Filters" }).click();
    await expect(page.getByTestId("result-count").getByText("Showing 3 of 3 grievances")).toBeVisible();
    await expect(page.getByLabel("Category")).toHaveValue("");

    await page.getByLabel("Status").selectOption("resolved");
    await expect(page.getByRole("heading", { name: "No grievances found" })).toBeVisible();
    await page.getByLabel("Status").selectOption("pending");
    await expect(page.getByTestId("result-count").getByText("Showing 3 of 3 grievances")).toBeVisible();
  });

  test("the browser's back button returns to the previous filter", async ({ page }) => {
    await page.goto(`${portal.url}/grievances?priority=high`);
    await expect(page.getByTestId("result-count").getByText("Showing 1 of 3 grievances")).toBeVisible();
    await page.getByRole("article").getByRole("link", { name: "View Details" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Public toilet closed" })).toBeVisible();
    await page.goBack();
    await expect(page.getByLabel("Priority")).toHaveValue("high");
    await expect(page.getByTestId("result-count").getByText("Showing 1 of 3 grievances")).toBeVisible();
  });

  test("says it is loading while the reports are on their way", async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(LIST_API, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${portal.url}/grievances`);
    await expect(page.getByText("Loading grievances...")).toBeVisible();
    release();
    await expect(page.getByTestId("result-count").getByText("Showing 3 of 3 grievances")).toBeVisible();
  });

  test("a failed load says so and offers to retry", async ({ page }) => {
    let fail = true;
    await page.route(LIST_API, (route) =>
      fail ? route.fulfill({ status: 503, json: { message: "The database is not reachable." } }) : route.continue(),
    );
    await page.goto(`${portal.url}/grievances`);
    await expect(page.getByText("Reports could not be loaded.")).toBeVisible();
    fail = false;
    await page.getByRole("button", { name: "Retry" }).click();
    await expect(page.getByTestId("result-count").getByText("Showing 3 of 3 grievances")).toBeVisible();
  });
});

test.describe("grievance list paging", () => {
  test("pages through matching reports with Previous and Next, keeping the search", async ({
    page,
    request,
    baseURL,
  }) => {
    const token = uniqueTitle("Hydrant").replace(" ", "-");
    for (let i = 1; i <= 13; i++) await seedGrievance(request, baseURL!, { title: `${token} number ${i}` });
    await page.goto(`/grievances?q=${token}`);
    await expect(page.getByTestId("result-count").getByText(/^Showing 13 of \d+ grievances$/)).toBeVisible();
    await expect(page.getByText("Page 1 of 2")).toBeVisible();
    await expect(page.getByRole("article")).toHaveCount(12);

    await page.getByRole("link", { name: "Next" }).click();
    await expect(page.getByText("Page 2 of 2")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`q=${token}.*page=2|page=2.*q=${token}`));
    // Newest first, so the oldest report is alone on the last page.
    await expect(page.getByRole("article").getByRole("heading")).toHaveText([`${token} number 1`]);

    await page.getByRole("link", { name: "Previous" }).click();
    await expect(page.getByText("Page 1 of 2")).toBeVisible();
    await expect(page.getByRole("article")).toHaveCount(12);
  });
});

test.describe("grievance list thumbnails", () => {
  test("the first row's thumbnails load at once and first, the others when scrolled to", async ({
    page,
    request,
    baseURL,
  }) => {
    const token = uniqueTitle("Thumbs").replace(" ", "-");
    for (let i = 1; i <= 5; i++) {
      await seedGrievance(request, baseURL!, {
        title: `${token} number ${i}`,
        images: [await pngImage(320, 240, "#5d4037")],
      });
    }
    await page.goto(`/grievances?q=${token}`);
    const thumbnails = page.getByRole("article").getByRole("img");
    await expect(thumbnails).toHaveCount(5);
    for (const [i, thumbnail] of (await thumbnails.all()).entries()) {
      const firstRow = i < 3;
      await expect(thumbnail).toHaveAttribute("loading", firstRow ? "eager" : "lazy");
      if (firstRow) await expect(thumbnail).toHaveAttribute("fetchpriority", "high");
      else await expect(thumbnail).not.toHaveAttribute("fetchpriority");
      // A size before the image arrives: nothing moves when it does.
      await expect(thumbnail).toHaveAttribute("width", /^\d+$/);
      await expect(thumbnail).toHaveAttribute("height", /^\d+$/);
    }
  });
});
