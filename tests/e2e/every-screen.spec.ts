import { test, type Browser, type Page } from "@playwright/test";
import { expectNoAxeViolations, expectNoHorizontalScroll, expect, pngImage, seedGrievance } from "./support/fixtures.ts";
import { startPortal, type RunningPortal } from "./support/portal-process.ts";
import { dataDirWithStaff } from "./support/staff-portal.ts";

// Every screen, public and console, at the two sizes WCAG's reflow rule names (docs/accessibility.md): 320 CSS
// pixels wide (a small phone, or 400 % zoom) and 200 % zoom of a 1280 px window (640 CSS pixels at twice the
// density). Each is checked by axe and must not scroll sideways. A portal of its own, for the console's account.

const ADMIN_EMAIL = "every-screen@utility.example";
const ADMIN_PASSWORD = "every screen, every size";

const SIZES = [
  { name: "320 px", viewport: { width: 320, height: 640 }, deviceScaleFactor: 1 },
  { name: "200 % zoom", viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 },
] as const;

let portal: RunningPortal;
let report: { id: string; trackingUrl: string };

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ request }) => {
  test.setTimeout(150_000);
  portal = await startPortal({}, dataDirWithStaff("portal-e2e-every-screen-", ADMIN_EMAIL, ADMIN_PASSWORD));
  report = await seedGrievance(request, portal.url, {
    title: "Every screen: a report with a photo and a pin",
    location: "Reservoir Road 1",
    latitude: 51.5072,
    longitude: -0.1276,
    images: [await pngImage(640, 480)],
  });
});

test.afterAll(async () => {
  await portal?.stop();
});

async function check(page: Page, path: string, heading: string | RegExp): Promise<void> {
  await page.goto(`${portal.url}${path}`);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page);
}

async function pageAt(browser: Browser, size: (typeof SIZES)[number]): Promise<Page> {
  const context = await browser.newContext({ viewport: size.viewport, deviceScaleFactor: size.deviceScaleFactor });
  return context.newPage();
}

for (const size of SIZES) {
  test(`every public screen at ${size.name}: no axe violation, no sideways scrolling`, async ({ browser }) => {
    test.setTimeout(120_000);
    const page = await pageAt(browser, size);
    await check(page, "/", "Clean Water & Sanitation Grievance Portal");
    await check(page, "/submit-grievance", "Report a Grievance");
    // The form's error summary too.
    await page.getByRole("button", { name: "Submit Grievance" }).click();
    await expect(page.getByTestId("form-error")).toBeFocused();
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await check(page, "/grievances", "Grievance Reports");
    await check(page, "/grievances?view=map", "Grievance Reports");
    await check(page, `/grievance/${report.id}`, "Every screen: a report with a photo and a pin");
    await check(page, "/stats", "Progress & Statistics");
    await check(page, "/my-reports", "My Reports");
    await check(page, new URL(report.trackingUrl).pathname, "Every screen: a report with a photo and a pin");
    await check(page, "/no-such-page", "Page not found");
    await page.context().close();
  });

  test(`every console screen at ${size.name}: no axe violation, no sideways scrolling`, async ({ browser }) => {
    test.setTimeout(120_000);
    const page = await pageAt(browser, size);
    await check(page, "/staff/sign-in", "Staff sign-in");
    await page.getByLabel("Email").fill(ADMIN_EMAIL);
    await page.getByLabel("Password").fill(ADMIN_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Work queue" })).toBeVisible();
    await check(page, "/staff", "Work queue");
    await check(page, "/staff?view=map", "Work queue");
    await check(page, `/staff/grievances/${report.id}`, "Every screen: a report with a photo and a pin");
    for (const section of ["categories", "accounts", "api-keys", "audit"]) {
      await check(page, `/staff/admin/${section}`, "Administration");
    }
    await page.context().close();
  });
}
