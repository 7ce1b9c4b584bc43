import type { APIRequestContext, Page } from "@playwright/test";
import type { PublicGrievance } from "#shared/api-types.ts";
import { expect, expectNoAxeViolations, pngImage, seedGrievance, test, uniqueTitle } from "./support/fixtures.ts";

test.describe("grievance details", () => {
  test("shows every detail, with contact details masked", async ({ page, request, baseURL }) => {
    const title = uniqueTitle("Burst pipe");
    const created = await seedGrievance(request, baseURL!, {
      title,
      description: "A pipe burst under the road.\nWater is flooding the junction.",
      category: "Infrastructure Problems",
      priority: "urgent",
      location: "Junction of 5th and Main",
      user_email: "citizen@example.org",
      user_phone: "+1 555 010 4489",
      images: [await pngImage(640, 480, "#0277bd"), await pngImage(640, 480, "#2e7d32")],
    });
    await page.goto(`/grievance/${created.id}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByText("URGENT PRIORITY")).toBeVisible();
    await expect(page.getByText("Pending", { exact: true })).toBeVisible();
    // "Reported on": the Progress timeline shows the same date again, so the check names its line.
    await expect(page.getByText(/Reported on [A-Z][a-z]{2} \d{2}, \d{4} \d{2}:\d{2}/)).toBeVisible();
    await expect(page.getByText("Junction of 5th and Main")).toBeVisible();
    await expect(page.getByText("Infrastructure Problems")).toBeVisible();
    await expect(page.getByText("Contact Information:")).toBeVisible();
    await expect(page.getByText("c\u2022\u2022\u2022@example.org")).toBeVisible();
    await expect(page.getByText("\u2022\u2022\u2022\u2022\u2022\u2022\u202289")).toBeVisible();
    await expect(page.getByText("citizen@example.org")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Issue Description" })).toBeVisible();
    await expect(page.getByText("Water is flooding the junction.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Attached Images" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Report Another Issue" })).toHaveAttribute("href", "/submit-grievance");
    await expect(page.getByRole("link", { name: "View All Grievances" })).toHaveAttribute("href", "/grievances");
    await expectNoAxeViolations(page);
  });

  test("asks the API for the report once on a first visit: the page's preload is what its loader uses", async ({
    page,
    request,
    baseURL,
  }) => {
    const created = await seedGrievance(request, baseURL!, { title: uniqueTitle("Preloaded report") });
    const asked: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname === `/api/grievances/${created.id}`) asked.push(r.resourceType());
    });
    await page.goto(`/grievance/${created.id}`);
    await expect(page.getByRole("heading", { level: 1, name: created.title })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(asked).toHaveLength(1);
  });

  test("opens an image in a viewer that closes by button, by a click outside and by Escape", async ({
    page,
    request,
    baseURL,
  }) => {
    const title = uniqueTitle("Broken hydrant");
    const created = await seedGrievance(request, baseURL!, { title, images: [await pngImage(400, 300)] });
    await page.goto(`/grievance/${created.id}`);
    const opener = page.getByRole("button", { name: /View image 1/ });
    const viewer = page.getByRole("dialog");

    await opener.click();
    await expect(viewer).toBeVisible();
    await expectNoAxeViolations(page);
    await viewer.getByRole("button", { name: "Close image viewer" }).click();
    await expect(viewer).toBeHidden();
    await expect(opener).toBeFocused();

    await opener.click();
    await expect(viewer).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(viewer).toBeHidden();
    await expect(opener).toBeFocused();

    await opener.click();
    await expect(viewer).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(viewer).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("leaves out the boxes a report has nothing for", async ({ page, request, baseURL }) => {
    const title = uniqueTitle("No extras");
    const created = await seedGrievance(request, baseURL!, { title });
    await page.goto(`/grievance/${created.id}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByText("Contact Information:")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Attached Images" })).toHaveCount(0);
  });

  test("an unknown report says so, with a way back", async ({ page }) => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      await page.goto(`/grievance/${id}`);
      await expect(page.getByText("Grievance not found")).toBeVisible();
      await page.getByRole("link", { name: "Back to Grievances" }).click();
      await expect(page).toHaveURL(/\/grievances$/);
    }
  });

  test('Follow and "I have this problem too" act in place through the page\'s action, without reading the report again', async ({
    page,
    request,
    baseURL,
  }) => {
    const created = await seedGrievance(request, baseURL!, { title: uniqueTitle("Acts in place") });
    const asked: string[] = [];
    page.on("request", (r) => {
      const { pathname } = new URL(r.url());
      if (pathname.startsWith(`/api/grievances/${created.id}`))
        asked.push(`${r.method()} ${pathname.slice(`/api/grievances/${created.id}`.length) || "/"}`);
    });
    await page.goto(`/grievance/${created.id}`);
    await expect(page.getByRole("heading", { level: 1, name: created.title })).toBeVisible();
    await page.waitForLoadState("networkidle");
    const firstLoad = asked.length;

    // A mistyped address is refused by the action before anything is sent; the field says so.
    const form = page.getByTestId("follow-form");
    const email = form.getByLabel("Your e-mail");
    await email.fill("not-an-address");
    await form.getByRole("button", { name: "Follow" }).click();
    await expect(form.getByRole("alert")).toHaveText("Please enter a valid email address.");
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await email.fill("neighbour@example.net");
    const follow = form.getByRole("button", { name: "Follow" });
    await follow.click();
    await expect(form.getByRole("status")).toContainText("we have sent it an e-mail with a link to confirm");
    await expect(form.getByRole("alert")).toHaveText("");
    await expect(email).toHaveValue("");
    await expect(follow).toBeFocused();

    // The count comes with the action's answer; the press is remembered in this browser.
    const affected = page.getByRole("button", { name: "I have this problem too" });
    await affected.click();
    await expect(page.getByTestId("affected-count")).toHaveText("2 people affected");
    await expect(page.locator(".affected__message")).toHaveText("Thank you. You are counted as affected.");
    await expect(affected).toHaveAttribute("aria-disabled", "true");
    await expect(affected).toBeFocused();
    await page.keyboard.press("Enter");
    await page.waitForLoadState("networkidle");

    // One request for each action, and the report itself was not asked for again (no revalidation).
    expect(asked.slice(firstLoad)).toEqual(["POST /followers", "POST /affected"]);
    await expectNoAxeViolations(page);
  });

  test("says it is loading while the report is on its way", async ({ page, request, baseURL }) => {
    const created = await seedGrievance(request, baseURL!, { title: uniqueTitle("Slow details") });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/grievances/${created.id}`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/grievance/${created.id}`);
    await expect(page.getByText("Loading grievance details...")).toBeVisible();
    release();
    await expect(page.getByText("Issue Description")).toBeVisible();
  });
});

test.describe("grievance details images", () => {
  // The full images are what made the page heavy: only the viewer may ask for one.
  async function seedWithPhotos(request: APIRequestContext, baseURL: string) {
    const images = [
      await pngImage(1600, 1200, "#0277bd"),
      await pngImage(1200, 1600, "#2e7d32"),
      await pngImage(1600, 900, "#6d4c41"),
    ];
    const created = await seedGrievance(request, baseURL, { title: uniqueTitle("Flooded yard"), images });
    const response = await request.get(`${baseURL}/api/grievances/${created.id}`);
    return { id: created.id, images: ((await response.json()) as PublicGrievance).images };
  }

  function mediaRequests(page: Page): string[] {
    const seen: string[] = [];
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith("/media/")) seen.push(pathname);
    });
    return seen;
  }

  async function galleryLoaded(page: Page) {
    await page.getByRole("heading", { name: "Attached Images" }).scrollIntoViewIfNeeded();
    const pictures = page.getByRole("button", { name: /^View image/ }).locator("img");
    await expect(pictures).toHaveCount(3);
    for (const picture of await pictures.all()) {
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
    }
  }

  test("shows small versions in the gallery and loads a full image only in the viewer", async ({
    page,
    request,
    baseURL,
  }) => {
    const { id, images } = await seedWithPhotos(request, baseURL!);
    const fullUrls = images.map((image) => image.url);
    const requested = mediaRequests(page);
    await page.goto(`/grievance/${id}`);
    await galleryLoaded(page);
    expect(requested).toHaveLength(3);
    expect(requested.every((url) => url.endsWith(".thumb.webp") || url.endsWith(".medium.webp"))).toBe(true);
    expect(requested.filter((url) => fullUrls.includes(url))).toEqual([]);

    const fullRequest = page.waitForRequest((r) => new URL(r.url()).pathname === fullUrls[1]);
    await page.getByRole("button", { name: "View image 2 of 3" }).click();
    await fullRequest;
    const shown = page.getByRole("dialog").getByRole("img", { name: "Image 2 of 3" });
    await expect(shown).toHaveAttribute("src", fullUrls[1]!);
    // The viewer knows the image's size before it arrives (1200x1600, upright).
    await expect(shown).toHaveAttribute("width", "1200");
    await expect(shown).toHaveAttribute("height", "1600");
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
    expect(requested.filter((url) => fullUrls.includes(url))).toEqual([fullUrls[1]]);
  });

  test("takes the medium versions on a dense screen, still without a full image", async ({
    browser,
    request,
    baseURL,
  }) => {
    const { id, images } = await seedWithPhotos(request, baseURL!);
    const context = await browser.newContext({ baseURL: baseURL!, deviceScaleFactor: 3 });
    try {
      const page = await context.newPage();
      const requested = mediaRequests(page);
      await page.goto(`/grievance/${id}`);
      await galleryLoaded(page);
      expect([...requested].sort()).toEqual(images.map((image) => new URL(image.mediumUrl!, baseURL).pathname).sort());
    } finally {
      await context.close();
    }
  });
});
