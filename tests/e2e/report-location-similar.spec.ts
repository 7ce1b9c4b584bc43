import { LOCATION_MESSAGES } from "#shared/places/location-messages.ts";
import { expect, expectNoAxeViolations, seedGrievance, test, uniqueTitle } from "./support/fixtures.ts";
import { somewhere, submitAndFetch } from "./support/report-location.ts";

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
