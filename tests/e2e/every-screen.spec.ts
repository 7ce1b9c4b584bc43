import fs from "node:fs";
import path from "node:path";
import { test, type Browser, type Page } from "@playwright/test";
import {
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  expect,
  pngImage,
  seedGrievance,
} from "./support/fixtures.ts";
import { startPortal, type RunningPortal } from "./support/portal-process.ts";
import { dataDirWithStaff } from "./support/staff-portal.ts";
import { declareIncident } from "./support/incidents.ts";
import { textIn } from "../support/catalogue.ts";
import { LOCALES, directionOf, type Locale } from "#shared/i18n/locales.ts";

// Every screen, public and console, in every language, at the two sizes WCAG's reflow rule names
// (docs/accessibility.md): 320 CSS pixels wide (a small phone, or 400 % zoom) and 200 % zoom of a 1280 px window
// (640 CSS pixels at twice the density). Each is checked by axe and must not scroll sideways. A portal of its own,
// for the console's account. The language is the browser's (docs/decisions/019-languages.md); headings are
// looked up in its catalogue, so a screen left in English fails.

const ADMIN_EMAIL = "every-screen@utility.example";
const ADMIN_PASSWORD = "every screen, every size";

const SIZES = [
  { name: "320 px", viewport: { width: 320, height: 640 }, deviceScaleFactor: 1 },
  { name: "200 % zoom", viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 },
] as const;

// Every language at 320 px, where longer words are likeliest to overflow; English and Arabic (right to left) at
// 200 % zoom too.
const RUNS = LOCALES.flatMap((locale) =>
  SIZES.filter((size) => size.name === "320 px" || locale === "en" || locale === "ar").map((size) => ({
    locale,
    size,
  })),
);

let portal: RunningPortal;
let report: { id: string; trackingUrl: string };
let incident: { id: string; title: string };
/** A technician's one-time link to the report (docs/decisions/031-technician-links.md). */
let fieldPath: string;

// The runs share nothing but the seeded portal, and they are the suite's longest file: in parallel, each worker that
// takes some of them starts its own portal (beforeAll runs once a worker), and the file no longer keeps one worker
// busy while the other has finished.
test.describe.configure({ mode: "parallel" });

test.beforeAll(async ({ request }) => {
  test.setTimeout(150_000);
  const dataDir = dataDirWithStaff("portal-e2e-every-screen-", ADMIN_EMAIL, ADMIN_PASSWORD);
  // The operator's identity as a utility sets it (docs/configuration.md): every footer carries it, checked too.
  const logo = path.join(dataDir, "operator-logo.png");
  fs.writeFileSync(logo, await pngImage(120, 40));
  portal = await startPortal(
    {
      PORTAL_OPERATOR_NAME: "Every Screen Water Board",
      PORTAL_OPERATOR_URL: "https://water.example.org/",
      PORTAL_LOGO: logo,
      PORTAL_EMERGENCY_PHONE: "+1 800 555 0100",
    },
    dataDir,
  );
  report = await seedGrievance(request, portal.url, {
    title: "Every screen: a report with a photo and a pin",
    location: "Reservoir Road 1",
    latitude: 51.5072,
    longitude: -0.1276,
    images: [await pngImage(640, 480)],
  });
  // An active water incident: its banner shows on the landing page, the form and the list too.
  incident = await declareIncident(request, portal.url, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  // declareIncident signed `request` in: it sends the report to a crew as the console does.
  const link = await request.post(`${portal.url}/api/staff/grievances/${report.id}/technician-links`, {
    data: { email: "crew@contractor.example" },
    headers: { Origin: portal.url },
  });
  expect(link.status(), await link.text()).toBe(201);
  fieldPath = new URL(((await link.json()) as { url: string }).url).pathname;
});

test.afterAll(async () => {
  await portal?.stop();
});

async function check(page: Page, path: string, heading: string | RegExp): Promise<void> {
  await page.goto(`${portal.url}${path}`);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  const locale = (await page.evaluate(() => navigator.language)) as Locale;
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
  await expect(page.locator("html")).toHaveAttribute("dir", directionOf(locale));
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page);
}

async function pageAt(browser: Browser, { locale, size }: (typeof RUNS)[number]): Promise<Page> {
  const context = await browser.newContext({
    viewport: size.viewport,
    deviceScaleFactor: size.deviceScaleFactor,
    locale,
  });
  return context.newPage();
}

for (const run of RUNS) {
  const { locale, size } = run;
  const tr = (english: string) => textIn(locale, english);
  test(`every public screen in ${locale} at ${size.name}: no axe violation, no sideways scrolling`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const page = await pageAt(browser, run);
    await check(page, "/", tr("Clean Water & Sanitation Grievance Portal"));
    await check(page, "/submit-grievance", tr("Report a Grievance"));
    // The form's error summary too.
    await page.getByRole("button", { name: tr("Submit Grievance") }).click();
    await expect(page.getByTestId("form-error")).toBeFocused();
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await check(page, "/grievances", tr("Grievance Reports"));
    await check(page, "/grievances?view=map", tr("Grievance Reports"));
    await check(page, `/grievance/${report.id}`, "Every screen: a report with a photo and a pin");
    await check(page, "/stats", tr("Progress & Statistics"));
    await check(page, "/incidents", tr("Water incidents"));
    await check(page, `/incidents/${incident.id}`, incident.title);
    await check(page, "/my-reports", tr("My Reports"));
    await check(page, new URL(report.trackingUrl).pathname, "Every screen: a report with a photo and a pin");
    await check(page, fieldPath, "Every screen: a report with a photo and a pin");
    await check(page, "/no-such-page", tr("Page not found"));
    await check(page, "/accessibility", tr("Accessibility statement"));
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Every Screen Water Board" })).toBeVisible();
    await page.context().close();
  });

  test(`every console screen in ${locale} at ${size.name}: no axe violation, no sideways scrolling`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const page = await pageAt(browser, run);
    await check(page, "/staff/sign-in", tr("Staff sign-in"));
    await page.getByLabel(tr("Email")).fill(ADMIN_EMAIL);
    await page.getByLabel(tr("Password")).fill(ADMIN_PASSWORD);
    await page.getByRole("button", { name: tr("Sign in") }).click();
    await expect(page.getByRole("heading", { level: 1, name: tr("Work queue") })).toBeVisible();
    await check(page, "/staff", tr("Work queue"));
    await check(page, "/staff?view=map", tr("Work queue"));
    await check(page, `/staff/grievances/${report.id}`, "Every screen: a report with a photo and a pin");
    await check(page, "/staff/team-work", tr("Work by team"));
    for (const section of ["categories", "accounts", "teams", "routing-rules", "water-points", "api-keys", "audit"]) {
      await check(page, `/staff/admin/${section}`, tr("Administration"));
    }
    await page.context().close();
  });
}
