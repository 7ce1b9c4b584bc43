import type { Browser, Page } from "@playwright/test";
import { expectNoAxeViolations, expectNoHorizontalScroll, expect, seedGrievance, test } from "./support/fixtures.ts";
import { textIn } from "../support/catalogue.ts";
import type { Locale } from "#shared/i18n/locales.ts";

// The statistics' charts (docs/decisions/027-statistics-charts.md): each an SVG image with a name, the same figures
// in a table beside it, axe clean, laid out for the page's direction and written in its language.

const CHARTS = [
  ["weekly", "Reports received and resolved per week"],
  ["resolution-time", "Days from report to resolution, per week"],
  ["reopened", "Reports reopened per week"],
  ["fixed-answers", 'Answers to "Is it fixed?" in the last twelve weeks'],
  ["backlog", "Open reports by age against their priority's target"],
  ["within-target-priority", "Resolved within target, by priority"],
  ["within-target-category", "Resolved within target, by category"],
] as const;

test.beforeAll(async ({ request, portal }) => {
  // This week's reports, one urgent (so the backlog has a bar), one with a pin (so the hotspot map has a square).
  await seedGrievance(request, portal.url, { title: "Charts: brown water", priority: "urgent" });
  await seedGrievance(request, portal.url, {
    title: "Charts: leaking main",
    category: "Leakage Issues",
    latitude: 51.5072,
    longitude: -0.1276,
  });
});

async function statsPage(browser: Browser, locale: Locale, width = 1366): Promise<Page> {
  const context = await browser.newContext({ locale, viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto("/stats");
  await expect(page.getByTestId("chart-weekly").locator("svg")).toBeVisible();
  return page;
}

for (const locale of ["en", "ar"] as const) {
  test(`every chart is an image with its name and a table beside it, axe clean (${locale})`, async ({ browser }) => {
    const tr = (english: string) => textIn(locale, english);
    const page = await statsPage(browser, locale);
    for (const [id, title] of CHARTS) {
      const block = page.getByTestId(`chart-${id}`);
      const image = block.getByRole("img", { name: tr(title), exact: true });
      await expect(image).toBeVisible();
      await expect(image).toHaveJSProperty("tagName", "svg");
      // The table beside it, folded: it holds the chart's figures under the same name.
      await expect(block.locator("table caption")).toHaveText(tr(title));
      await block.getByText(tr("The figures as a table")).click();
      await expect(block.getByRole("table", { name: tr(title) })).toBeVisible();
    }
    // The hotspot map, lazily loaded with Leaflet, its busiest areas in a table.
    const hotspots = page.getByTestId("chart-hotspots");
    // Other specs in this worker's portal pin reports too: the seeded square is one among them.
    await expect(hotspots.getByTestId("hotspot-map").locator(".hotspot").first()).toBeAttached();
    await hotspots.getByText(tr("The figures as a table")).click();
    await expect(hotspots.getByRole("table", { name: tr("The busiest areas") })).toContainText("51.5");
    // Plot's own <style> never reaches the page: the Content-Security-Policy would refuse it.
    await expect(page.locator(".stats-chart style")).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.context().close();
  });
}

test("in Arabic the weeks run from right to left, the counts stand on the right, written the Arabic way", async ({
  browser,
}) => {
  const positions = async (page: Page) =>
    page.getByTestId("chart-weekly").evaluate((block) => {
      const svg = block.querySelector("svg")!;
      const ticks = [...svg.querySelectorAll('[data-mark="x-axis tick label"] text')];
      const counts = [...svg.querySelectorAll('[data-mark="y-axis tick label"] text')];
      const x = (element: Element) => element.getBoundingClientRect().x;
      return {
        first: x(ticks[0]!),
        last: x(ticks.at(-1)!),
        countsAt: x(counts[0]!) - svg.getBoundingClientRect().x,
        width: svg.getBoundingClientRect().width,
        counts: counts.map((c) => c.textContent),
        weeks: ticks.map((t) => t.textContent),
        // What the page's language writes for the first count and for the latest week (Intl, as the page does).
        zero: new Intl.NumberFormat(
          document.documentElement.lang === "en" ? "en-US" : document.documentElement.lang,
        ).format(0),
      };
    });
  const english = await statsPage(browser, "en");
  const ltr = await positions(english);
  expect(ltr.first).toBeLessThan(ltr.last);
  expect(ltr.countsAt).toBeLessThan(ltr.width / 2);
  expect(ltr.counts[0]).toBe("0");
  await english.context().close();

  const arabic = await statsPage(browser, "ar");
  const rtl = await positions(arabic);
  expect(rtl.first).toBeGreaterThan(rtl.last);
  expect(rtl.countsAt).toBeGreaterThan(rtl.width / 2);
  expect(rtl.counts[0]).toBe(rtl.zero);
  // Month names in Arabic letters.
  expect(rtl.weeks.at(-1)).toMatch(/[\u0600-\u06ff]/);
  await arabic.context().close();
});

for (const locale of ["en", "ar"] as const) {
  test(`on a phone the charts fit the screen and their week labels never touch (${locale})`, async ({ browser }) => {
    const page = await statsPage(browser, locale, 390);
    await expectNoHorizontalScroll(page);
    const boxes = await page
      .getByTestId("chart-weekly")
      .locator('[data-mark="x-axis tick label"] text')
      .evaluateAll((labels) =>
        labels.map((label) => label.getBoundingClientRect()).map(({ left, right }) => ({ left, right })),
      );
    expect(boxes.length).toBeGreaterThanOrEqual(3);
    const sorted = boxes.sort((x, y) => x.left - y.left);
    for (let i = 1; i < sorted.length; i++) expect(sorted[i]!.left).toBeGreaterThan(sorted[i - 1]!.right);
    await page.context().close();
  });
}

test("the charts come with the statistics page, not with the first load", async ({ page }) => {
  const requested: string[] = [];
  page.on("request", (request) => requested.push(new URL(request.url()).pathname));
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(requested.filter((path) => /stats-charts|hotspot-map/.test(path))).toEqual([]);
  await page.getByRole("link", { name: "Progress & Statistics", exact: true }).click();
  await expect(page.getByTestId("chart-weekly").locator("svg")).toBeVisible();
  await expect(page.getByTestId("hotspot-map")).toBeVisible();
  expect(requested.filter((path) => /hotspot-map/.test(path))).toHaveLength(1);
});
