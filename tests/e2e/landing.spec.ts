import { expect, expectNoAxeViolations, expectNoHorizontalScroll, test } from "./support/fixtures.ts";

test.describe("landing page", () => {
  test("shows the headline, description, both buttons and the four reasons to report", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Clean Water & Sanitation Grievance Portal" })).toBeVisible();
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
    }
    await page.goto("/grievances");
    await expect(page.getByRole("navigation", { name: /main/i }).getByRole("link", { name: "View Grievances" })).toHaveAttribute(
      "aria-current",
      "page",
    );
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
