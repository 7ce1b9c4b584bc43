import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";

// A new page starts at the top, however far down the page before it was scrolled; Back and Forward return to where
// each page was (ScrollRestoration, app/router.tsx). On a phone, where the landing page is several screens tall.
test.use({ viewport: { width: 390, height: 844 } });

const DOWN = 372;

async function scrolledDown(page: Page) {
  await expect(page.locator("main h1").first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  await page.evaluate((y) => window.scrollTo(0, y), DOWN);
  await expect.poll(() => scrollY(page)).toBe(DOWN);
}

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

async function opened(page: Page, heading: string) {
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  await page.waitForLoadState("networkidle");
}

test("a page opened by its address after another page was scrolled starts at the top; Back returns", async ({
  page,
}) => {
  await page.goto("/");
  await scrolledDown(page);
  await page.goto("/stats");
  await opened(page, "Progress & Statistics");
  expect(await scrollY(page)).toBe(0);
  await page.goto("/my-reports");
  await opened(page, "My Reports");
  expect(await scrollY(page)).toBe(0);

  // Back through whole documents: the landing page comes back where it was left.
  await page.goBack();
  await opened(page, "Progress & Statistics");
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => scrollY(page)).toBe(DOWN);
});

test("a page opened by a link from a scrolled page starts at the top; Back and Forward keep each position", async ({
  page,
}) => {
  await page.goto("/");
  await scrolledDown(page);
  // Followed where it is, as a tap would: a click by Playwright would first scroll the footer into view.
  await page.locator(".site-footer").getByRole("link", { name: "Progress & Statistics" }).dispatchEvent("click");
  await opened(page, "Progress & Statistics");
  expect(await scrollY(page)).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => scrollY(page)).toBe(DOWN);
  await page.goForward();
  await opened(page, "Progress & Statistics");
  await expect.poll(() => scrollY(page)).toBe(0);
});
