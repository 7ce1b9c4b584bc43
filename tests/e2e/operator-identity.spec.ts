import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test, type Page } from "@playwright/test";
import { expect, expectNoAxeViolations, pngImage } from "./support/fixtures.ts";
import { startPortal, type RunningPortal } from "./support/portal-process.ts";
import { textIn } from "../support/catalogue.ts";
import type { Locale } from "#shared/i18n/locales.ts";

// The operator's identity (docs/configuration.md): the footer of every public page names the operator, linked to
// its site with its logo, and gives the emergency number as a tel: link in the page's language, also after a switch
// in the browser and after moving to another page; the brand colour is the header's. The accessibility statement
// is linked from every footer and passes axe. A portal of its own, with the PORTAL_… settings.

const NAME = "Riverside Water & Sanitation Board";
const BRAND = "#1a5e20";
let portal: RunningPortal;
let dir: string;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-e2e-operator-"));
  const logo = path.join(dir, "logo.png");
  fs.writeFileSync(logo, await pngImage(120, 40, "#1a5e20"));
  portal = await startPortal({
    PORTAL_OPERATOR_NAME: NAME,
    PORTAL_OPERATOR_URL: "https://water.example.org/",
    PORTAL_LOGO: logo,
    PORTAL_EMERGENCY_PHONE: "0800 123 4567",
    PORTAL_BRAND_COLOR: BRAND,
  });
});

test.afterAll(async () => {
  await portal?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const footerOf = (page: Page) => page.getByRole("contentinfo");

async function expectOperator(page: Page, locale: Locale) {
  const footer = footerOf(page);
  const name = footer.getByRole("link", { name: NAME });
  await expect(name).toHaveAttribute("href", "https://water.example.org/");
  await expect(name.locator("img")).toBeVisible();
  // Only the page's language is shown (and read): one emergency sentence, one phone link.
  const phone = footer.getByRole("link", { name: "0800 123 4567" });
  await expect(phone).toHaveCount(1);
  await expect(phone).toHaveAttribute("href", "tel:08001234567");
  const sentence = textIn(locale, "For emergencies such as a burst main, call {phone}.").split("{phone}")[0]!.trim();
  await expect(footer.locator(`[lang="${locale}"]`)).toContainText(sentence);
  await expect(footer.locator(`[lang="${locale}"]`)).toBeVisible();
  await expect(footer.locator(`.operator [lang="${locale === "en" ? "ar" : "en"}"]`)).toBeHidden();
}

test("every public page's footer names the operator and the emergency number, in the page's language", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: portal.url, locale: "en", serviceWorkers: "allow" });
  const page = await context.newPage();
  await page.goto("/");
  await expectOperator(page, "en");
  // From here on the service worker answers each page with the shell it keeps (docs/offline.md): that copy too.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  for (const at of ["/", "/submit-grievance", "/grievances", "/incidents", "/stats", "/my-reports", "/no-such-page"]) {
    await page.goto(at);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectOperator(page, "en");
  }
  // The web app keeps what the server sent while it moves between pages and changes language.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "View Grievances" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Grievance Reports" })).toBeVisible();
  await expectOperator(page, "en");
  await page.getByLabel("Language").selectOption("ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expectOperator(page, "ar");
  await expectNoAxeViolations(page);
  await context.close();
});

test("the brand colour is the header's and the buttons'", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: portal.url });
  const page = await context.newPage();
  await page.goto("/");
  const colour = (selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((element) => getComputedStyle(element).backgroundColor);
  await expect.poll(() => colour(".site-header")).toBe("rgb(26, 94, 32)");
  await expect.poll(() => colour(".button")).toBe("rgb(26, 94, 32)");
  await expectNoAxeViolations(page);
  await context.close();
});

test("the accessibility statement is linked from the footer, in every language, and passes axe", async ({
  browser,
}) => {
  for (const locale of ["en", "ar", "hi"] as const) {
    const context = await browser.newContext({ baseURL: portal.url, locale });
    const page = await context.newPage();
    await page.goto("/");
    await footerOf(page)
      .getByRole("link", { name: textIn(locale, "Accessibility") })
      .click();
    await expect(page).toHaveURL(/\/accessibility$/);
    await expect(
      page.getByRole("heading", { level: 1, name: textIn(locale, "Accessibility statement") }),
    ).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: textIn(locale, "What does not work yet") })).toBeVisible();
    await expectOperator(page, locale);
    await expectNoAxeViolations(page);
    // Switched on the page itself, the statement follows.
    if (locale === "en") {
      await page.getByLabel("Language").selectOption("fr");
      await expect(page.getByRole("heading", { level: 2, name: textIn("fr", "What does not work yet") })).toBeVisible();
    }
    await context.close();
  }
});
