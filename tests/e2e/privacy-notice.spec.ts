import { test, type Page } from "@playwright/test";
import { expect, expectNoAxeViolations, expectNoHorizontalScroll } from "./support/fixtures.ts";
import { startPortal, type RunningPortal } from "./support/portal-process.ts";
import { textIn } from "../support/catalogue.ts";

// The privacy notice at /privacy (docs/decisions/042-privacy-and-retention.md): linked from every page's footer and
// from the form beside the contact fields, written from the settings, in the visitor's language.

const NAME = "Lakeside Water Board";
const CONTACT = "privacy@water.example.org";
let portal: RunningPortal;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  portal = await startPortal({
    PORTAL_OPERATOR_NAME: NAME,
    PRIVACY_CONTACT: CONTACT,
    RETENTION_CONTACT_DAYS: "30",
    RETENTION_HIDDEN_DAYS: "0",
  });
});

test.afterAll(async () => {
  await portal?.stop();
});

const rowOf = (page: Page, locale: "en" | "ar", what: string) =>
  page.getByRole("row", { name: new RegExp(textIn(locale, what).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) });

for (const locale of ["en", "ar"] as const) {
  test(`the footer links the notice, which says who, whom to ask and each period from the settings (${locale})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: portal.url, locale });
    const page = await context.newPage();
    await page.goto("/");
    await page
      .getByRole("contentinfo")
      .getByRole("link", { name: textIn(locale, "Privacy"), exact: true })
      .click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole("heading", { level: 1, name: textIn(locale, "Privacy notice") })).toBeVisible();
    await expect(page.getByRole("main")).toContainText(NAME);
    await expect(page.getByRole("link", { name: CONTACT })).toHaveAttribute("href", `mailto:${CONTACT}`);
    // The contact details' period is RETENTION_CONTACT_DAYS; a hidden report's is 0: at the next daily clean-up.
    const contactRow = rowOf(page, locale, "E-mail address and phone number of the person who reported");
    await expect(contactRow.locator("td").first()).toHaveAttribute("data-days", "30");
    if (locale === "en") await expect(contactRow).toContainText("30 days");
    await expect(rowOf(page, locale, "Text and photos of a report that staff hid")).toContainText(
      textIn(locale, "Until the next daily clean-up"),
    );
    await expect(rowOf(page, locale, "The record of staff and administrators' actions (audit log)")).toHaveCount(1);
    // SMS is off here: no row about it.
    await expect(rowOf(page, locale, "Phone numbers and texts of SMS")).toHaveCount(0);
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    // On a phone the rows become blocks, each period labelled, and stay a table's rows for screen readers.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(contactRow).toHaveCount(1);
    await expect(contactRow.getByRole("cell").first()).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await context.close();
  });
}

test("the form links the notice beside the contact fields, and a language chosen on the page follows", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: portal.url, locale: "en" });
  const page = await context.newPage();
  await page.goto("/submit-grievance");
  const link = page.getByRole("link", { name: "How your contact details are used, and for how long they are kept" });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(/\/privacy$/);
  await page.getByLabel("Language").selectOption("fr");
  await expect(page.getByRole("heading", { level: 2, name: textIn("fr", "Your rights") })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: textIn("fr", "Privacy notice") })).toBeVisible();
  await context.close();
});

test("the notice is not part of the first load of /", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: portal.url });
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on("response", (response) => {
    if (response.url().endsWith(".js")) scripts.push(response.url());
  });
  await page.goto("/");
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Privacy", exact: true })).toBeVisible();
  const texts = await Promise.all(scripts.map(async (url) => (await fetch(url)).text()));
  expect(texts.some((text) => text.includes("Who is responsible"))).toBe(false);
  await context.close();
});
