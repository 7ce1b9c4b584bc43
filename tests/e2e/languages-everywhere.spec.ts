import type { Request } from "@playwright/test";
import { expect, expectNoAxeViolations, seedGrievance, test, uniqueTitle } from "./support/fixtures.ts";

// Every language, everywhere (docs/decisions/019-languages.md): what people typed keeps its own direction in a page
// of the other direction, categories are named in the page's language, and the Arabic and Devanagari fonts come
// from the portal, for those languages only.

const fontRequests = (requests: Request[], family: string) =>
  requests.map((request) => request.url()).filter((url) => url.includes(`/assets/${family}-`));

test.describe("every language, everywhere", () => {
  test("in Arabic an English title keeps its question mark at its end, and the category is in Arabic", async ({
    browser,
    baseURL,
    request,
  }) => {
    // Ends in "?": laid out in the page's right-to-left direction it would show at the start ("?Is the water safe").
    const title = `${uniqueTitle("Is the water safe to drink")}?`;
    const report = await seedGrievance(request, baseURL!, {
      title,
      category: "Leakage Issues",
      location: "Main St. (near the market)",
      description: "Brown water since Monday. Is it safe?",
    });
    const context = await browser.newContext({ locale: "ar", baseURL });
    const page = await context.newPage();

    await page.goto(`/grievance/${report.id}`);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    const heading = page.getByRole("heading", { level: 1, name: title });
    await expect(heading).toHaveAttribute("dir", "auto");
    // dir="auto" resolves to the text's own direction: left to right for English, whatever the page's.
    expect(await heading.evaluate((element) => getComputedStyle(element).direction)).toBe("ltr");
    await expect(page.locator(".details__description")).toHaveAttribute("dir", "auto");
    await expect(page.locator(".details__meta bdi", { hasText: "Main St. (near the market)" })).toHaveCount(1);
    await expect(page.locator(".details__meta")).toContainText("مشكلات التسرب");
    await expect(page.locator(".details__meta")).not.toContainText("Leakage Issues");
    await expectNoAxeViolations(page);

    await page.goto(`/grievances?q=${encodeURIComponent(title.slice(0, -1))}`);
    const card = page.getByTestId("grievance-card").filter({ hasText: report.reference });
    const cardTitle = card.locator(".grievance-card__title bdi");
    await expect(cardTitle).toHaveText(title);
    expect(await cardTitle.evaluate((element) => getComputedStyle(element).unicodeBidi)).toBe("isolate");
    await expect(card.locator(".grievance-card__description")).toHaveAttribute("dir", "auto");
    // The filter names the categories in Arabic too.
    await expect(page.getByLabel("الفئة").locator("option", { hasText: "مشكلات التسرب" })).toHaveCount(1);
    await context.close();
  });

  test("in Hindi the portal's Devanagari font is fetched and used; in English no script font is fetched", async ({
    browser,
    baseURL,
  }) => {
    const hindi = await browser.newContext({ locale: "hi", baseURL });
    const page = await hindi.newPage();
    const requests: Request[] = [];
    page.on("request", (request) => requests.push(request));
    await page.goto("/submit-grievance");
    await expect(page.locator("html")).toHaveAttribute("lang", "hi");
    await page.evaluate(() => document.fonts.ready);
    await expect.poll(() => fontRequests(requests, "noto-sans-devanagari").length).toBeGreaterThan(0);
    expect(fontRequests(requests, "noto-sans-arabic")).toEqual([]);
    const used = await page.evaluate(() => ({
      loaded: [...document.fonts]
        .filter((face) => face.family.replace(/"/g, "") === "Noto Sans Devanagari" && face.status === "loaded")
        .map((face) => face.weight),
      family: getComputedStyle(document.querySelector("h1")!).fontFamily,
    }));
    expect(used.loaded.length).toBeGreaterThan(0);
    expect(used.family).toMatch(/^"?Noto Sans Devanagari"?,/);
    await hindi.close();

    const english = await browser.newContext({ locale: "en-GB", baseURL });
    const englishPage = await english.newPage();
    const englishRequests: Request[] = [];
    englishPage.on("request", (request) => englishRequests.push(request));
    await englishPage.goto("/submit-grievance");
    await expect(englishPage.getByRole("heading", { level: 1, name: "Report a Grievance" })).toBeVisible();
    await englishPage.evaluate(() => document.fonts.ready);
    expect(fontRequests(englishRequests, "noto-sans")).toEqual([]);
    expect(englishRequests.map((r) => r.url()).filter((url) => /public-(hi|ar)-.*\.css/.test(url))).toEqual([]);
    await english.close();
  });
});
