import fs from "node:fs/promises";
import path from "node:path";
import { test, type Browser, type Page } from "@playwright/test";
import { textIn } from "../support/catalogue.ts";
import {
  expect,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  pngImage,
  seedGrievance,
} from "./support/fixtures.ts";
import { startPortal, type RunningPortal } from "./support/portal-process.ts";
import { dataDirWithStaff } from "./support/staff-portal.ts";

// Erasure and access on request in the console and on the private page
// (docs/decisions/043-erasure-and-access-on-request.md): an administrator finds what is held about an address and
// downloads it, erases a report's personal data with a reason, blurs part of its photo; a reporter removes their own
// contact details.

const ADMIN = { email: "dpo@utility.example", password: "what do you hold about me" };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
// Screenshots to look at (not compared): SCREENSHOTS_DIR, else none.
const shotsDir = process.env.SCREENSHOTS_DIR;

let portal: RunningPortal;

test.describe.configure({ mode: "serial" });
test.beforeAll(async () => {
  test.setTimeout(120_000);
  portal = await startPortal({}, dataDirWithStaff("portal-e2e-privacy-", ADMIN.email, ADMIN.password));
});
test.afterAll(async () => {
  await portal?.stop();
});

const at = (pathname: string) => `${portal.url}${pathname}`;

async function signedIn(browser: Browser, viewport = DESKTOP, locale = "en"): Promise<Page> {
  const page = await (await browser.newContext({ viewport, locale, acceptDownloads: true })).newPage();
  await page.goto(at("/staff/sign-in"));
  await page.locator("input[name=email]").fill(ADMIN.email);
  await page.locator("input[name=password]").fill(ADMIN.password);
  await page.locator("button[type=submit]").click();
  await expect(page.getByTestId("staff-email")).toHaveText(ADMIN.email);
  return page;
}

async function shoot(page: Page, name: string) {
  if (shotsDir) await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

test("access: the administrator finds what is held about an address and downloads it as one file", async ({
  browser,
  request,
}) => {
  const report = await seedGrievance(request, portal.url, {
    title: "No water at the kiosk",
    user_email: "wanjiru@example.org",
    user_phone: "0712 345 678",
  });
  const page = await signedIn(browser);
  await page.goto(at("/staff/admin/personal-data"));
  await page.getByLabel("E-mail address").fill("WANJIRU@example.org");
  await page.getByRole("button", { name: "Find personal data" }).click();
  const found = page.getByTestId("personal-data-found");
  await expect(found).toContainText("Reports: 1");
  await expect(found.getByRole("link", { name: report.reference })).toBeVisible();
  await expectNoAxeViolations(page);

  const download = page.waitForEvent("download");
  await found.getByRole("button", { name: "Download as one file" }).click();
  const file = JSON.parse(await fs.readFile((await (await download).path()) ?? "", "utf8")) as {
    reports: { reference: string; email: string; phone: string }[];
  };
  expect(file.reports).toEqual([expect.objectContaining({ reference: report.reference, phone: "0712 345 678" })]);

  await page.getByLabel("E-mail address").fill("");
  await page.getByLabel("Phone number").fill("12ab");
  await page.getByRole("button", { name: "Find personal data" }).click();
  await expect(page.getByTestId("personal-data-error")).toHaveText("Please enter a phone number of 7 to 15 digits.");
});

test("erasure: a report's contact details go with a reason, and part of its photo is blurred", async ({
  browser,
  request,
}) => {
  const report = await seedGrievance(request, portal.url, {
    title: "Leak by the school",
    description: "Call me on 0733 111 222 when you come.",
    user_email: "otieno@example.org",
    images: [await pngImage(320, 240, "#c62828")],
  });
  const page = await signedIn(browser);
  await page.goto(at(`/staff/grievances/${report.id}`));
  const panel = page.getByTestId("personal-data-panel");
  await panel.getByText("Erase personal data", { exact: true }).first().click();
  await panel.getByRole("button", { name: "Erase personal data" }).click();
  await expect(panel.getByRole("alert").first()).toContainText("Please give the reason for the erasure");
  await panel.getByLabel("Reason for the erasure").fill("Asked in person at the office, 25 November");
  await panel.getByRole("button", { name: "Erase personal data" }).click();
  await expect(page.getByTestId("erasure-done")).toContainText("Personal data erased.");
  await expect(page.getByTestId("staff-report-body")).toContainText("The reporter left no contact details.");
  await expect(page.getByTestId("staff-report-body")).toContainText("Call me on [removed] when you come.");

  const before = await page.getByTestId("staff-report-body").locator("img").first().getAttribute("src");
  await panel.getByText("Blur a face or a number plate").click();
  await panel.getByRole("button", { name: "Photo 1" }).click();
  await expect(page.getByTestId("blur-frame").locator("img")).toBeVisible();
  await shoot(page, "personal-data-blur-desktop-en");
  await panel.getByLabel("Width").fill("50");
  await panel.getByRole("button", { name: "Blur this part" }).click();
  await expect(page.getByTestId("blur-done")).toHaveText("The photo is blurred.");
  await expect
    .poll(() => page.getByTestId("staff-report-body").locator("img").first().getAttribute("src"))
    .not.toBe(before);
});

test("a reporter removes their own contact details from their private page", async ({ page, request }) => {
  const report = await seedGrievance(request, portal.url, { title: "Sewage in the lane", user_email: "a@example.org" });
  await page.goto(report.trackingUrl);
  await page.getByRole("button", { name: "Remove my contact details" }).click();
  await page.getByRole("button", { name: "Yes, remove them" }).click();
  await expect(page.getByText("You gave none with this report.")).toBeVisible();
  await page.reload();
  await expect(page.getByText("You gave none with this report.")).toBeVisible();
});

for (const locale of ["en", "ar"] as const) {
  for (const [size, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    test(`the Personal data page in ${locale} on a ${size}: readable, no sideways scrolling`, async ({
      browser,
      request,
    }) => {
      const report = await seedGrievance(request, portal.url, { title: "Tap broken", user_email: "m@example.org" });
      const page = await signedIn(browser, viewport, locale);
      await page.goto(at("/staff/admin/personal-data?email=m%40example.org"));
      await expect(page.getByRole("heading", { level: 2, name: textIn(locale, "Personal data") })).toBeVisible();
      await expect(page.getByTestId("personal-data-found").getByRole("link", { name: report.reference })).toBeVisible();
      await expectNoHorizontalScroll(page);
      await shoot(page, `personal-data-${size}-${locale}`);
      await page.goto(at(`/staff/grievances/${report.id}`));
      const panel = page.getByTestId("personal-data-panel");
      if (size === "phone") await panel.getByRole("button", { name: textIn(locale, "Personal data") }).click();
      await panel.getByText(textIn(locale, "Erase personal data"), { exact: true }).first().click();
      await expectNoHorizontalScroll(page);
      await panel.scrollIntoViewIfNeeded();
      await shoot(page, `personal-data-panel-${size}-${locale}`);
    });
  }
}
