import { expect, expectNoAxeViolations, expectNoHorizontalScroll, test, uniqueTitle } from "./support/fixtures.ts";

// The reference and the private link (docs/product-decisions.md D13): after a submit the reporter sees the report's
// reference, lands on the list with the private link, opens the private page and finds the report again under My
// Reports.

const REFERENCE = /^WS-[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{6}$/;

test.describe("reference and private tracking link", () => {
  test("from submit to the private page and My Reports", async ({ page, context, baseURL }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL! });
    const title = uniqueTitle("Leaking standpipe");

    await page.goto("/submit-grievance");
    await page.getByLabel("Issue Title*").fill(title);
    await page.getByLabel("Category*").selectOption("Leakage Issues");
    await page.getByLabel("Detailed Description*").fill("The standpipe by the school has leaked since Monday.");
    await page.getByLabel("Email Address").fill("amina@example.org");
    await page.getByLabel("Phone Number").fill("+254 711 222 333");
    await page.getByRole("button", { name: "Submit Grievance" }).click();

    // The specification's text stays exactly; the reference is beside it.
    await expect(page.getByText("Grievance submitted successfully!", { exact: true })).toBeVisible();
    const reference = (await page.getByTestId("submitted-reference").textContent()) ?? "";
    expect(reference).toMatch(REFERENCE);

    // Sent to the list after 2 s, as before, where the private link waits.
    await expect(page).toHaveURL(/\/grievances$/, { timeout: 5_000 });
    const panel = page.getByRole("region", { name: `Report ${reference} submitted` });
    await expect(panel).toBeVisible();
    // When the utility expects to have resolved it: its service target's due time (docs/decisions/030).
    const expectedBy = panel.getByTestId("submitted-expected-by");
    await expect(expectedBy).toHaveText(/^Expected by [A-Z][a-z]{2} \d{2}, \d{4}$/);
    const expectedText = (await expectedBy.textContent()) ?? "";
    const link = panel.getByLabel("Your private link");
    await expect(link).toHaveValue(new RegExp(`^${baseURL}/track/[A-Za-z0-9_-]{32}$`));
    const trackingUrl = await link.inputValue();
    await panel.getByRole("button", { name: "Copy" }).click();
    await expect(panel.getByText("Link copied.")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(trackingUrl);
    // The card of the report shows its reference.
    await expect(page.getByRole("article").filter({ hasText: title }).getByText(reference)).toBeVisible();
    await expectNoAxeViolations(page);

    // The private page: contact details in full, the timeline, not indexed, no referrer.
    await panel.getByRole("link", { name: "View it" }).click();
    await expect(page).toHaveURL(trackingUrl);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByText(`This is your private page of report ${reference}.`)).toBeVisible();
    await expect(page.getByText("amina@example.org")).toBeVisible();
    await expect(page.getByText("+254 711 222 333")).toBeVisible();
    await expect(page.getByTestId("expected-by")).toHaveText(expectedText);
    await expect(page.getByTestId("progress-timeline").getByText("Reported")).toBeVisible();
    await expect(page.locator('head meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page.locator('head meta[name="referrer"]')).toHaveAttribute("content", "no-referrer");
    await expectNoAxeViolations(page);

    // My Reports, from the header: the report, its status, a way back to its page, and a way to forget it.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "My Reports" }).click();
    await expect(page).toHaveURL(/\/my-reports$/);
    await expect(page.locator('head meta[name="robots"]')).toHaveCount(0);
    const item = page.getByTestId("remembered-report").filter({ hasText: reference });
    await expect(item.getByRole("link", { name: title })).toHaveAttribute("href", new URL(trackingUrl).pathname);
    await expect(item.getByText("Pending", { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    // The panel stays on the list until dismissed, and then for good.
    await page.goto("/grievances");
    await expect(panel).toBeVisible();
    await panel.getByRole("button", { name: `Dismiss: report ${reference} submitted` }).click();
    await expect(panel).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId("result-count")).toBeVisible();
    await expect(panel).toHaveCount(0);

    // The reference typed into the search box finds the report.
    await page.getByLabel("Search").fill(reference);
    await expect(page.getByRole("article")).toHaveCount(1);
    await expect(page.getByRole("article").getByText(title)).toBeVisible();

    // Forgetting it removes it from this device's list only.
    await page.goto("/my-reports");
    await item.getByRole("button", { name: `Forget report ${reference}` }).click();
    await expect(item).toHaveCount(0);
    await expect(page.getByText(`Report ${reference} was removed from this list.`, { exact: false })).toBeVisible();
    await page.goto(trackingUrl);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  });

  test("an unknown link gets a friendly not-found page", async ({ page }) => {
    await page.goto(`/track/${"A".repeat(32)}`);
    await expect(page.getByRole("heading", { level: 1, name: "Report not found" })).toBeVisible();
    await expect(page.getByText("No report was found for this link.", { exact: false })).toBeVisible();
    await page.goto("/track/not-even-a-token");
    await expect(page.getByRole("heading", { level: 1, name: "Report not found" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("on a phone: panel, private page and My Reports fit the screen", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const title = uniqueTitle("No water at the kiosk");
    await page.goto("/submit-grievance");
    await page.getByLabel("Issue Title*").fill(title);
    await page.getByLabel("Category*").selectOption("Water Supply Problems");
    await page.getByLabel("Detailed Description*").fill("The kiosk has had no water for three days.");
    await page.getByRole("button", { name: "Submit Grievance" }).click();
    await expect(page).toHaveURL(/\/grievances$/, { timeout: 5_000 });
    await expect(page.getByTestId("submitted-panel")).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.getByRole("link", { name: "View it" }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByText("You gave none with this report.")).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.goto("/my-reports");
    await expect(page.getByTestId("remembered-report").filter({ hasText: title })).toBeVisible();
    await expectNoHorizontalScroll(page);
  });
});
