import path from "node:path";
import { test, type Browser, type Page } from "@playwright/test";
import { startTileServer, type TileServer } from "../support/tile-server.ts";
import { textIn } from "../support/catalogue.ts";
import { expect, expectNoAxeViolations, expectNoHorizontalScroll, tileEnv } from "./support/fixtures.ts";
import { declareIncident } from "./support/incidents.ts";
import { startPortal, type RunningPortal } from "./support/portal-process.ts";
import { dataDirWithStaff } from "./support/staff-portal.ts";
import { atomSchemaProblems, capSchemaProblems } from "../support/xml-schemas.ts";

// Water incidents' public side on a phone: a declared incident shows as a banner on the landing page,
// the report form says "This is probably part of …" for a place in its locality and counts "I am affected", and the
// incident's page takes a subscription. A portal of its own, for the staff account that declares the incident.

const STAFF = { email: "incidents@utility.example", password: "one burst main, many reports" };
const PHONE = { width: 360, height: 780 };
// Screenshots to look at (not compared): SCREENSHOTS_DIR, else the test's output folder.
const shotsDir = process.env.SCREENSHOTS_DIR;

let tiles: TileServer;
let portal: RunningPortal;
let incident: { id: string; title: string };

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ request }) => {
  test.setTimeout(150_000);
  tiles = await startTileServer();
  portal = await startPortal(tileEnv(tiles), dataDirWithStaff("portal-e2e-incidents-", STAFF.email, STAFF.password));
  incident = await declareIncident(request, portal.url, STAFF);
});

test.afterAll(async () => {
  await portal?.stop();
  await tiles?.close();
});

const at = (pathname: string) => `${portal.url}${pathname}`;

async function phone(browser: Browser, locale = "en"): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, locale });
  return context.newPage();
}

async function shoot(page: Page, name: string) {
  if (shotsDir) await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

test("on a phone: the banner, the form's 'probably part of' with 'I am affected', and a subscription", async ({
  browser,
}) => {
  const page = await phone(browser);

  await page.goto(at("/"));
  const banner = page.getByRole("region", { name: "Active incident" });
  await expect(banner.getByRole("link", { name: incident.title })).toBeVisible();
  await expect(banner).toContainText("Boil tap water for one minute before drinking.");
  await expectNoHorizontalScroll(page);
  await shoot(page, "banner-en");

  await page.goto(at("/submit-grievance"));
  await page.getByLabel("Location").fill("Riverside");
  const match = page.getByTestId("incident-match");
  await expect(match).toContainText(`This is probably part of ${incident.title}: Boil tap water`);
  await expect(match).toContainText("You can still send a separate report below");
  await expectNoHorizontalScroll(page);
  await shoot(page, "form-match-en");
  await match.getByRole("button", { name: "I am affected" }).click();
  await expect(match.getByText("Thank you. You are counted as affected by this incident.")).toBeVisible();
  await expect(match.getByTestId("incident-affected-count")).toHaveText("1 person affected");
  // Nothing blocks a separate report.
  await expect(page.getByRole("button", { name: "Submit Grievance" })).toBeEnabled();

  await page.goto(at(`/incidents/${incident.id}`));
  await expect(page.getByRole("heading", { level: 1, name: incident.title })).toBeVisible();
  await expect(page.getByTestId("incident-status")).toHaveText("Active");
  // Counted once per browser: the page remembers the press.
  await expect(page.getByText("You have already said you are affected.")).toBeVisible();
  await expect(page.getByTestId("incident-affected-count")).toHaveText("1 person affected");
  await expect(page.getByRole("link", { name: "Alert document (CAP 1.2)" })).toHaveAttribute(
    "href",
    `/incidents/${incident.id}.cap.xml`,
  );
  const form = page.getByTestId("incident-subscribe");
  await form.getByLabel("Your e-mail").fill("resident@example.org");
  await form.getByLabel("In a locality").check();
  await form.getByLabel("Locality", { exact: true }).fill("Riverside");
  await form.getByRole("button", { name: "Get alerts" }).click();
  await expect(page.getByTestId("incident-subscribe-done")).not.toBeEmpty();
  await expect(page.getByTestId("incident-subscribe-error")).toBeEmpty();
});

test("the CAP document and the feed are the server's, reached by their links", async ({ request }) => {
  const cap = await request.get(at(`/incidents/${incident.id}.cap.xml`));
  expect(cap.status()).toBe(200);
  expect(await cap.text()).toContain("urn:oasis:names:tc:emergency:cap:1.2");
  expect(capSchemaProblems([await cap.text()])).toBe("");
  const feed = await request.get(at("/feeds/incidents.atom"));
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain(incident.title);
  expect(atomSchemaProblems([await feed.text()])).toBe("");
});

for (const locale of ["en", "ar"] as const) {
  test(`/incidents and /incidents/:id in ${locale} on a phone: axe clean, no sideways scrolling`, async ({
    browser,
  }) => {
    const page = await phone(browser, locale);
    await page.goto(at("/incidents"));
    await expect(page.getByRole("heading", { level: 1, name: textIn(locale, "Water incidents") })).toBeVisible();
    await expect(page.getByTestId("incident-card").first()).toContainText(incident.title);
    await expect(page.getByTestId("incident-map")).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await shoot(page, `incidents-${locale}`);

    await page.goto(at(`/incidents/${incident.id}`));
    await expect(page.getByRole("heading", { level: 1, name: incident.title })).toBeVisible();
    await expect(page.getByTestId("incident-map")).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await shoot(page, `incident-${locale}`);

    if (locale === "ar") {
      await page.goto(at("/"));
      await expect(page.getByTestId("incident-banner")).toBeVisible();
      await shoot(page, "banner-ar");
      await page.goto(at("/submit-grievance"));
      await page.getByLabel(textIn(locale, "Location")).fill("Riverside");
      await expect(page.getByTestId("incident-match")).toBeVisible();
      await expectNoAxeViolations(page);
      await shoot(page, "form-match-ar");
    }
  });
}

test("the list shows the banner once its reports are in, and fetches nothing of the landing page", async ({
  browser,
}) => {
  const page = await phone(browser);
  // Each request's start and end, in the order they happened.
  const events: string[] = [];
  page.on("request", (request) => events.push(`asked ${new URL(request.url()).pathname}`));
  page.on("requestfinished", (request) => events.push(`answered ${new URL(request.url()).pathname}`));

  // A slow list answer, as on a phone: whatever the page asks for meanwhile shows in the order of events.
  await page.route(/\/api\/grievances$/, async (route) => {
    const answer = await route.fetch();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.fulfill({ response: answer });
  });

  await page.goto(at("/grievances"));
  await expect(
    page.getByRole("region", { name: "Active incident" }).getByRole("link", { name: incident.title }),
  ).toBeVisible();
  // The list's photo is what a phone waits for: the banner's request comes only after the list's answer.
  const listAnswered = events.indexOf("answered /api/grievances");
  expect(listAnswered).toBeGreaterThan(-1);
  expect(events.indexOf("asked /api/incidents")).toBeGreaterThan(listAnswered);
  // The landing page's lower sections share no chunk with the list (scripts/vite-public-chunks.ts).
  expect(events.filter((event) => /landing-sections-/.test(event))).toEqual([]);
});

test("an unknown incident is the friendly 'Page not found'", async ({ browser }) => {
  const page = await phone(browser);
  await page.goto(at("/incidents/00000000-0000-4000-8000-000000000000"));
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
});
