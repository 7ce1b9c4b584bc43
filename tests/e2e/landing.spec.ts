import fs from "node:fs";
import path from "node:path";
import {
  expect,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  seedGrievance,
  test,
  uniqueTitle,
} from "./support/fixtures.ts";

/** The chunk files (scripts and stylesheets) of a lazily loaded route module, from the build's Vite manifest. */
function chunkFilesOf(routeModule: string): string[] {
  const manifestPath = path.resolve(import.meta.dirname, "../../dist/web/.vite/manifest.json");
  const manifest = JSON.parse(fs.readFileSync(manifestPath, "utf8")) as Record<
    string,
    { file: string; css?: string[] }
  >;
  const chunk = manifest[routeModule];
  if (!chunk) throw new Error(`${routeModule} is not a chunk of the build in dist/web.`);
  return [chunk.file, ...(chunk.css ?? [])];
}

test.describe("landing page", () => {
  test("shows the headline, description, both buttons and the four reasons to report", async ({ page }) => {
    await page.goto("/");
    await expect(
      page.getByRole("heading", { level: 1, name: "Clean Water & Sanitation Grievance Portal" }),
    ).toBeVisible();
    await expect(
      page.getByText(
        "Report water quality issues, sanitation problems, and infrastructure concerns. Help us maintain clean and safe water for everyone in our community.",
      ),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "Why Report Issues?" })).toBeVisible();
    for (const card of ["Water Quality", "Infrastructure", "Community Health", "Track Progress"]) {
      await expect(page.getByRole("heading", { name: card, exact: true })).toBeVisible();
    }
    await expectNoAxeViolations(page);
  });

  test("explains how it works, lists the newest reports and finds one by its reference", async ({
    page,
    request,
    baseURL,
  }) => {
    const title = uniqueTitle("Newest on the landing page");
    const created = await seedGrievance(request, baseURL!, { title, location: "Pump Lane 4" });
    await page.goto("/");

    const steps = page.getByRole("region", { name: "How it works" }).getByRole("listitem");
    await expect(steps).toHaveCount(3);
    await expect(steps.first()).toContainText("Tell us what and where");

    const recent = page.getByRole("region", { name: "Recent reports" });
    const newest = recent.getByRole("listitem").first();
    await expect(newest.getByRole("link", { name: title })).toHaveAttribute("href", `/grievance/${created.id}`);
    await expect(newest).toContainText("Pump Lane 4");
    await expect(newest.getByTestId("status-badge")).toHaveText("Pending");

    // Someone who already reported: My Reports, or their reference, which the list's search finds.
    const already = page.getByRole("region", { name: "Already reported something?" });
    await expect(already.getByRole("link", { name: "My Reports" })).toHaveAttribute("href", "/my-reports");
    await already.getByLabel("Reference").fill(created.reference);
    await already.getByRole("button", { name: "Find" }).click();
    await expect(page).toHaveURL(new RegExp(`/grievances\\?q=${created.reference}$`));
    await expect(page.getByTestId("result-count")).toHaveText(/^Showing 1 of \d+ grievances$/);
    await expect(page.getByTestId("grievance-card").getByRole("link", { name: title })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("the buttons lead to the form and the list", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Report an Issue" }).click();
    await expect(page).toHaveURL(/\/submit-grievance$/);
    await expect(page.getByRole("heading", { name: "Report a Grievance" })).toBeVisible();

    await page.goto("/");
    await page.getByRole("link", { name: "View Reports" }).click();
    await expect(page).toHaveURL(/\/grievances$/);
    await expect(page.getByRole("heading", { name: "Grievance Reports" })).toBeVisible();
  });

  test("the navigation bar is on every screen and marks where the visitor is", async ({ page }) => {
    for (const path of ["/", "/submit-grievance", "/grievances", "/grievance/00000000-0000-0000-0000-000000000000"]) {
      await page.goto(path);
      const nav = page.getByRole("navigation", { name: /main/i });
      await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
      await expect(nav.getByRole("link", { name: "Submit Grievance" })).toHaveAttribute("href", "/submit-grievance");
      await expect(nav.getByRole("link", { name: "View Grievances" })).toHaveAttribute("href", "/grievances");
      await expect(nav.getByRole("link", { name: "Incidents" })).toHaveAttribute("href", "/incidents");
    }
    await page.goto("/grievances");
    await expect(
      page.getByRole("navigation", { name: /main/i }).getByRole("link", { name: "View Grievances" }),
    ).toHaveAttribute("aria-current", "page");
  });

  test("loads neither the staff console's nor the statistics' chunks, until the visitor goes there", async ({
    page,
  }) => {
    const staff = chunkFilesOf("app/chunks/staff.ts");
    const stats = chunkFilesOf("features/progress/routes/stats-route.tsx");
    const landing = chunkFilesOf("app/pages/landing-page.tsx");
    const requested: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname.slice(1)));

    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Why Report Issues?" })).toBeVisible();
    expect(requested).toEqual(expect.arrayContaining(landing));
    expect(requested.filter((file) => staff.includes(file) || stats.includes(file))).toEqual([]);

    await page.getByRole("link", { name: "Progress & Statistics", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Progress & Statistics" })).toBeVisible();
    expect(requested).toEqual(expect.arrayContaining(stats));
    // A stylesheet both use (styles/content.css) is the statistics' as much as the console's.
    expect(requested.filter((file) => staff.includes(file) && !stats.includes(file))).toEqual([]);
  });

  test("a page whose chunk cannot be fetched (an older build's) offers a reload that works", async ({ page }) => {
    const [listChunk] = chunkFilesOf("app/pages/list-page.tsx");
    await page.goto("/");
    await page.route(`**/${listChunk}`, (route) => route.fulfill({ status: 404, body: "" }));
    await page.getByRole("link", { name: "View Reports" }).click();
    await expect(page.getByRole("heading", { name: "This page could not be loaded" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: /main/i })).toBeVisible();

    await page.unroute(`**/${listChunk}`);
    await page.getByRole("button", { name: "Reload the page" }).click();
    await expect(page.getByRole("heading", { name: "Grievance Reports" })).toBeVisible();
    await expect(page).toHaveURL(/\/grievances$/);
  });

  test("fits a 360 px phone screen", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of ["/", "/submit-grievance", "/grievances"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoHorizontalScroll(page);
    }
  });
});

test.describe("routing", () => {
  test("an unknown address shows a friendly page inside the layout", async ({ page }) => {
    await page.goto("/no-such-page");
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: /main/i })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
