import { test, type Page } from "@playwright/test";
import { staffApiPaths } from "#shared/staff/staff-api.ts";
import { pathTo } from "#shared/api-paths.ts";
import { startTileServer, type TileServer } from "../support/tile-server.ts";
import { expect, pngImage, seedGrievance, tileEnv, uniqueTitle } from "./support/fixtures.ts";
import { declareIncident } from "./support/incidents.ts";
import { startPortal, type RunningPortal } from "./support/portal-process.ts";
import { dataDirWithStaff } from "./support/staff-portal.ts";

// Each page's stylesheets come with its chunk (docs/decisions/012-a-light-first-load.md, "Stylesheets per chunk"):
// what a page looks like must not depend on which page was opened first. The frame stays the same whatever was
// visited before, and a page opened directly has every style it uses. A portal of its own, for the staff account
// that declares the incident a report belongs to.

const STAFF = { email: "styles@utility.example", password: "the same page, whatever came first" };
const SIZES = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1366, height: 900 },
];

let tiles: TileServer;
let portal: RunningPortal;
let pages: Record<string, string>;

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ request }) => {
  test.setTimeout(150_000);
  tiles = await startTileServer();
  portal = await startPortal(tileEnv(tiles), dataDirWithStaff("portal-e2e-styles-", STAFF.email, STAFF.password));
  const report = await seedGrievance(request, portal.url, {
    title: uniqueTitle("Low pressure on Mill Lane"),
    images: [await pngImage(640, 480)],
  });
  const incident = await declareIncident(request, portal.url, STAFF);
  const linked = await request.post(`${portal.url}${pathTo(staffApiPaths.incidentReports, { id: incident.id })}`, {
    data: { grievanceIds: [report.id] },
    headers: { Origin: portal.url },
  });
  expect(linked.status(), await linked.text()).toBe(200);
  pages = {
    home: "/",
    form: "/submit-grievance",
    list: "/grievances",
    report: `/grievance/${report.id}`,
    tracking: new URL(report.trackingUrl, portal.url).pathname,
    myReports: "/my-reports",
    stats: "/stats",
    incidents: "/incidents",
    incident: `/incidents/${incident.id}`,
  };
});

test.afterAll(async () => {
  await portal?.stop();
  await tiles?.close();
});

async function openDirectly(page: Page, pathname: string) {
  await page.goto(`${portal.url}${pathname}`);
  await expect(page.locator("main h1").first()).toBeVisible();
  await page.waitForLoadState("networkidle");
}

const headerHeight = (page: Page) =>
  page.locator(".site-header").evaluate((header) => header.getBoundingClientRect().height);

for (const size of SIZES) {
  test(`at ${size.name} size the header is as tall on every public page, before and after the form`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: size });
    const page = await context.newPage();
    const seen: Record<string, { before: number; after: number }> = {};
    for (const [name, pathname] of Object.entries(pages)) {
      await openDirectly(page, pathname);
      const before = await headerHeight(page);
      // The form's stylesheet arrives with its chunk; back on the page, the header must not have moved. The form
      // itself goes to the landing page and back.
      const [link, heading] =
        name === "form"
          ? ["Home", "Clean Water & Sanitation Grievance Portal"]
          : ["Submit Grievance", "Report a Grievance"];
      await page.locator(".site-header").getByRole("link", { name: link, exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await page.waitForLoadState("networkidle");
      await page.goBack();
      await expect(page).toHaveURL(`${portal.url}${pathname}`);
      await page.waitForLoadState("networkidle");
      seen[name] = { before, after: await headerHeight(page) };
    }
    const first = seen.home!.before;
    expect(seen).toEqual(Object.fromEntries(Object.keys(pages).map((name) => [name, { before: first, after: first }])));
    await context.close();
  });
}

test("a report page opened directly styles its incident tag", async ({ page }) => {
  await openDirectly(page, pages.report!);
  const tag = page.getByTestId("incident-link").locator(".incident-badge");
  await expect(tag).toBeVisible();
  const style = await tag.evaluate((element) => {
    const computed = getComputedStyle(element);
    return {
      display: computed.display,
      borderRadius: computed.borderTopLeftRadius,
      background: computed.backgroundColor,
      fontWeight: computed.fontWeight,
    };
  });
  expect(style.display).toBe("inline-block");
  expect(parseFloat(style.borderRadius)).toBeGreaterThan(8);
  expect(style.background).not.toBe("rgba(0, 0, 0, 0)");
  expect(style.fontWeight).toBe("600");
});

test("the statistics opened directly style their incidents section", async ({ page }) => {
  await openDirectly(page, pages.stats!);
  const figures = page.getByTestId("stats-incidents").locator("dl");
  await expect(figures).toBeVisible();
  expect(await figures.evaluate((element) => getComputedStyle(element).display)).toBe("grid");
  const value = figures.locator("dd").first();
  expect(await value.evaluate((element) => getComputedStyle(element).fontWeight)).toBe("600");
});

test("the reporter's private page, opened directly, names the incident its report belongs to, styled", async ({
  page,
}) => {
  await openDirectly(page, pages.tracking!);
  const link = page.getByTestId("incident-link");
  await expect(link).toContainText("Part of the incident");
  await link.getByRole("link").click();
  await expect(page).toHaveURL(`${portal.url}${pages.incident}`);
  await page.goBack();
  const tag = page.getByTestId("incident-link").locator(".incident-badge");
  await expect(tag).toHaveText("Boil water advisory");
  expect(await tag.evaluate((element) => getComputedStyle(element).display)).toBe("inline-block");
});
