import type { Page } from "@playwright/test";
import {
  expect,
  expectNoAxeViolations,
  pngImage,
  seedGrievance,
  test,
  uniqueTitle,
  type SeedGrievance,
} from "./support/fixtures.ts";

// A report's page shows its photos first, as a gallery; the viewer steps between them (buttons, arrow keys, a
// swipe) and says where the visitor is ("2 of 3"); it is a modal dialog: Escape closes it, the focus comes back.

async function reportWithPhotos(request: Parameters<typeof seedGrievance>[0], baseURL: string, extra: SeedGrievance) {
  const colours = ["#0277bd", "#2e7d32", "#c62828"];
  const images = await Promise.all(colours.map((colour) => pngImage(640, 480, colour)));
  return seedGrievance(request, baseURL, { ...extra, images });
}

const viewerOf = (page: Page) => page.getByRole("dialog");

test("the photos come first (public and private page), and the viewer steps through them by buttons and keys, saying '2 of 3'", async ({
  page,
  request,
  baseURL,
}) => {
  const title = uniqueTitle("Three photos of a leak");
  const created = await reportWithPhotos(request, baseURL!, { title, description: "Water pours out of the kerb." });
  await page.goto(`/grievance/${created.id}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

  // In the page's order: the photos, then the description.
  const headings = await page.locator("main h2").allTextContents();
  expect(headings.indexOf("Attached Images")).toBeGreaterThanOrEqual(0);
  expect(headings.indexOf("Attached Images")).toBeLessThan(headings.indexOf("Issue Description"));

  // The reporter's private page too.
  await page.goto(new URL(created.trackingUrl).pathname);
  await expect(page.getByTestId("tracked-report").getByRole("heading", { name: "Issue Description" })).toBeVisible();
  const privateHeadings = await page.locator("main h2").allTextContents();
  expect(privateHeadings.indexOf("Attached Images")).toBeGreaterThanOrEqual(0);
  expect(privateHeadings.indexOf("Attached Images")).toBeLessThan(privateHeadings.indexOf("Issue Description"));
  await page.goto(`/grievance/${created.id}`);

  const opener = page.getByRole("button", { name: "View image 1 of 3" });
  await opener.click();
  const viewer = viewerOf(page);
  const count = viewer.getByTestId("image-viewer-count");
  await expect(viewer).toHaveAccessibleName("Image viewer: Image 1 of 3");
  await expect(count).toHaveText("1 of 3");
  await expect(viewer.getByRole("button", { name: "Close image viewer" })).toBeFocused();
  await expectNoAxeViolations(page);

  await viewer.getByRole("button", { name: "Next image" }).click();
  await expect(count).toHaveText("2 of 3");
  await expect(viewer).toHaveAccessibleName("Image viewer: Image 2 of 3");
  await expect(viewer.getByRole("img")).toHaveAttribute("alt", "Image 2 of 3");
  await expect(viewer.getByRole("button", { name: "Next image" })).toBeFocused();

  await page.keyboard.press("ArrowRight");
  await expect(count).toHaveText("3 of 3");
  await page.keyboard.press("ArrowRight");
  await expect(count).toHaveText("1 of 3");
  await page.keyboard.press("ArrowLeft");
  await expect(count).toHaveText("3 of 3");
  await page.keyboard.press("Home");
  await expect(count).toHaveText("1 of 3");
  await page.keyboard.press("End");
  await expect(count).toHaveText("3 of 3");
  await viewer.getByRole("button", { name: "Previous image" }).click();
  await expect(count).toHaveText("2 of 3");

  // The focus stays inside while it is open, and goes back to the photo that opened it.
  for (let i = 0; i < 4; i++) await page.keyboard.press("Tab");
  expect(await viewer.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(viewer).toBeHidden();
  await expect(opener).toBeFocused();
});

test("a swipe steps to the next photo and back, and does not close the viewer", async ({ page, request, baseURL }) => {
  const created = await reportWithPhotos(request, baseURL!, { title: uniqueTitle("Swiped photos") });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/grievance/${created.id}`);
  await page.getByRole("button", { name: "View image 1 of 3" }).click();
  const viewer = viewerOf(page);
  const count = viewer.getByTestId("image-viewer-count");
  await expect(count).toHaveText("1 of 3");

  const swipe = async (fromX: number, toX: number) => {
    await page.mouse.move(fromX, 420);
    await page.mouse.down();
    await page.mouse.move((fromX + toX) / 2, 425, { steps: 4 });
    await page.mouse.move(toX, 430, { steps: 4 });
    await page.mouse.up();
  };
  await swipe(320, 70);
  await expect(count).toHaveText("2 of 3");
  await expect(viewer).toBeVisible();
  await swipe(70, 320);
  await expect(count).toHaveText("1 of 3");
  await expect(viewer).toBeVisible();
  // A tap outside the photo still closes it.
  await page.mouse.click(10, 420);
  await expect(viewer).toBeHidden();
});

test("in Arabic the viewer counts in Arabic and the left arrow goes forward", async ({ browser, baseURL, request }) => {
  const created = await reportWithPhotos(request, baseURL!, { title: uniqueTitle("Arabic viewer") });
  const context = await browser.newContext({ locale: "ar" });
  const page = await context.newPage();
  await page.goto(`${baseURL}/grievance/${created.id}`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await page.getByRole("button", { name: "عرض الصورة 1 من 3" }).click();
  const count = viewerOf(page).getByTestId("image-viewer-count");
  await expect(count).toHaveText("1 من 3");
  await page.keyboard.press("ArrowLeft");
  await expect(count).toHaveText("2 من 3");
  await viewerOf(page).getByRole("button", { name: "الصورة السابقة" }).click();
  await expect(count).toHaveText("1 من 3");
  await expectNoAxeViolations(page);
  await context.close();
});

test("a single photo has no steps", async ({ page, request, baseURL }) => {
  const created = await seedGrievance(request, baseURL!, {
    title: uniqueTitle("One photo"),
    images: [await pngImage(400, 300)],
  });
  await page.goto(`/grievance/${created.id}`);
  await page.getByRole("button", { name: "View image 1 of 1" }).click();
  await expect(viewerOf(page)).toBeVisible();
  await expect(viewerOf(page).getByRole("button", { name: "Next image" })).toHaveCount(0);
  await expect(viewerOf(page).getByTestId("image-viewer-count")).toHaveCount(0);
  await page.keyboard.press("ArrowRight");
  await expect(viewerOf(page)).toHaveAccessibleName("Image viewer: Image 1 of 1");
});
