import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";

// What the report form says about itself: the storage check's toast never covers a field, and the error summary
// goes once every field it lists has been put right (docs/accessibility.md).

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The page boxes (scroll included) of every visible control of the main area. */
async function controlBoxes(page: Page): Promise<{ name: string; box: Box }[]> {
  return page.locator("main").evaluate((main) =>
    [...main.querySelectorAll<HTMLElement>("input, select, textarea, button, a[href]")]
      .filter(
        (element) => element.getClientRects().length > 0 && element.closest("[data-testid=storage-ready]") === null,
      )
      .map((element) => {
        const rect = element.getBoundingClientRect();
        return {
          name: `${element.tagName.toLowerCase()} ${element.getAttribute("name") ?? element.textContent?.trim() ?? ""}`,
          box: { x: rect.x + window.scrollX, y: rect.y + window.scrollY, width: rect.width, height: rect.height },
        };
      }),
  );
}

async function pageBoxOf(locator: Locator): Promise<Box> {
  return locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return { x: rect.x + window.scrollX, y: rect.y + window.scrollY, width: rect.width, height: rect.height };
  });
}

for (const size of [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1366, height: 900 },
]) {
  for (const locale of ["en", "ar", "hi"]) {
    test(`the storage notice covers no field or link, at ${size.name} size in ${locale}`, async ({
      browser,
      baseURL,
    }) => {
      const context = await browser.newContext({ viewport: size, locale });
      const page = await context.newPage();
      await page.goto(`${baseURL}/submit-grievance`);
      const toast = page.getByTestId("storage-ready");
      await expect(toast).toBeVisible();
      // On the screen as the page opens, and over none of the form's controls.
      const box = await pageBoxOf(toast);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(size.height);
      const covered = (await controlBoxes(page)).filter((control) => overlaps(box, control.box));
      expect(covered.map((control) => control.name)).toEqual([]);
      await context.close();
    });
  }
}

test("the error summary goes once every field it lists is put right, and comes back on the next refusal", async ({
  page,
}) => {
  await page.goto("/submit-grievance");
  await page.getByRole("button", { name: "Submit Grievance" }).click();
  const summary = page.getByTestId("form-error");
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("link")).toHaveCount(3);

  await page.getByLabel("Issue Title*").fill("No water since morning");
  await expect(summary.getByRole("link")).toHaveCount(2);
  await page.getByLabel("Category*").selectOption("Water Supply Problems");
  await expect(summary.getByRole("link")).toHaveCount(1);
  await page.getByLabel("Detailed Description*").fill("The tap has been dry on the whole street since 6 am.");
  await expect(summary).toHaveCount(0);

  // Emptied again and sent: the summary says so again.
  await page.getByLabel("Issue Title*").fill("");
  await page.getByRole("button", { name: "Submit Grievance" }).click();
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("link", { name: "Issue Title: This field is required." })).toBeVisible();
});
