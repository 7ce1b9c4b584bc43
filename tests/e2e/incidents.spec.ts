import path from "node:path";
import { test, type Page } from "@playwright/test";
import { textIn } from "../support/catalogue.ts";
import { startTileServer, type TileServer } from "../support/tile-server.ts";
import { linksIn, startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from "../support/smtp-test-server.ts";
import {
  expect,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  seedGrievance,
  tileEnv,
  uniqueTitle,
} from "./support/fixtures.ts";
import { declareIncident } from "./support/incidents.ts";
import { startPortal, type RunningPortal } from "./support/portal-process.ts";
import { dataDirWithStaff } from "./support/staff-portal.ts";

// Water incidents in the console (decision 021), from declaration to closure: staff draw the affected area on the map,
// preview and link the open reports of a category inside it, link one more from its own page, post an update and
// close the incident resolving every linked report. A resident subscribed to alerts for the area receives the update
// once (through a real SMTP server), and each reporter who gave an e-mail one message for the resolution. The
// public side on a phone (banner, "probably part of", subscribing by the form) is incidents-public.spec.ts's.

const STAFF = { email: "duty@utility.example", password: "one burst main, many reports" };
// Maps open here, close enough that the drawn polygon spans a few streets.
const CENTRE = { latitude: -1.2921, longitude: 36.8219 };
const SUBSCRIBER = "resident@example.org";
const REPORTERS = ["amina@example.org", "baraka@example.net"];
const shotsDir = process.env.SCREENSHOTS_DIR;

let tiles: TileServer;
let smtp: TestSmtpServer;
let portal: RunningPortal;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  tiles = await startTileServer();
  smtp = await startTestSmtpServer();
  portal = await startPortal(
    {
      ...tileEnv(tiles),
      MAP_DEFAULT_CENTER: `${CENTRE.latitude},${CENTRE.longitude},14`,
      SMTP_URL: smtp.url,
      MAIL_FROM: "Water Portal <portal@water.example>",
    },
    dataDirWithStaff("portal-e2e-incidents-console-", STAFF.email, STAFF.password),
  );
});

test.afterAll(async () => {
  await portal?.stop();
  await smtp?.close();
  await tiles?.close();
});

const at = (pathname: string) => `${portal.url}${pathname}`;
const mailsTo = (address: string, subject: string) =>
  smtp.received.filter((mail) => mail.to.includes(address) && mail.subject === subject);
const to = (address: string, subject: string) => (mail: ReceivedMail) =>
  mail.to.includes(address) && mail.subject === subject;

async function signIn(page: Page, next: string) {
  await page.goto(at(next));
  await page.getByLabel("Email").fill(STAFF.email);
  await page.getByLabel("Password").fill(STAFF.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("staff-email")).toHaveText(STAFF.email);
}

/**
 * Corners inset from the drawing map's edges, the map's centre well inside, clear of the zoom buttons (top left) and
 * the attribution's links (bottom), which a click would press on a narrow phone's map.
 */
const CORNERS = [
  [0.35, 0.15],
  [0.85, 0.15],
  [0.8, 0.65],
  [0.15, 0.65],
] as const;

/** Clicks the corners of the area on the drawing map. */
async function drawPolygon(page: Page) {
  const map = page.getByTestId("area-map");
  await expect(map).toBeVisible();
  const box = (await map.boundingBox())!;
  for (const [x, y] of CORNERS) await map.click({ position: { x: box.width * x, y: box.height * y } });
  await expect(page.getByTestId("area-status")).toHaveText("4 points drawn.");
  await expect(map.locator(".area-draw__vertex")).toHaveCount(4);
}

async function shoot(page: Page, name: string) {
  await page.screenshot({
    path: shotsDir ? path.join(shotsDir, `${name}.png`) : test.info().outputPath(`${name}.png`),
    fullPage: true,
  });
}

test("declare on the map, link the reports inside it, alert a subscriber, close resolving every linked report", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const near = (dLat: number, dLon: number) => ({
    latitude: CENTRE.latitude + dLat,
    longitude: CENTRE.longitude + dLon,
  });
  // Two open reports of the category inside the area, with the reporters' e-mail; one of another category inside
  // it; one of the category far outside it.
  const inside = await Promise.all(
    REPORTERS.map((email, i) =>
      seedGrievance(page.request, portal.url, {
        title: uniqueTitle(`Brown tap water ${i + 1}`),
        category: "Water Quality Issues",
        user_email: email,
        ...near(0.001 * (i + 1), -0.001),
      }),
    ),
  );
  const leak = await seedGrievance(page.request, portal.url, {
    title: uniqueTitle("Water in the street"),
    category: "Leakage Issues",
    ...near(-0.001, 0.001),
  });
  const far = await seedGrievance(page.request, portal.url, {
    title: uniqueTitle("Cloudy water far away"),
    category: "Water Quality Issues",
    ...near(0.2, 0.2),
  });

  await signIn(page, "/staff");
  await page.getByRole("link", { name: "Incidents", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Incidents" })).toBeVisible();
  await page.getByRole("link", { name: "Declare an incident" }).click();

  // The form refuses what is missing, at each field.
  await page.getByRole("button", { name: "Declare the incident" }).click();
  await expect(page.getByTestId("declare-error")).toHaveText("Please correct the fields marked below.");
  await expect(page.getByLabel("Title")).toBeFocused();
  await expect(page.getByText("Draw the affected area on the map or name at least one locality.")).toBeVisible();

  const title = uniqueTitle("Contaminated supply, Upper Hill");
  await page.getByLabel("Type").selectOption({ label: "Boil water advisory" });
  await page.getByLabel("Severity").selectOption({ label: "Severe" });
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Public message").fill("A treatment fault let untreated water into the mains.");
  await page.getByLabel("Instructions", { exact: true }).fill("Boil tap water for one minute before drinking.");
  await drawPolygon(page);
  await page.getByRole("button", { name: "Undo last point" }).click();
  await expect(page.getByTestId("area-status")).toHaveText("3 points drawn.");
  const box = (await page.getByTestId("area-map").boundingBox())!;
  await page
    .getByTestId("area-map")
    .click({ position: { x: box.width * CORNERS[3][0], y: box.height * CORNERS[3][1] } });
  await page.getByLabel("Localities").fill("Upper Hill\nKilimani");
  await page.getByRole("button", { name: "Declare the incident" }).click();

  await expect(page).toHaveURL(/\/staff\/incidents\/[0-9a-f-]{36}$/);
  const incidentId = page.url().split("/").at(-1)!;
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const facts = page.getByTestId("incident-facts");
  await expect(facts).toContainText("A polygon of 4 points");
  await expect(facts).toContainText("Upper Hill, Kilimani");
  await expect(facts).toContainText(STAFF.email);
  await expect(page.getByTestId("incident-state")).toHaveText("Active");

  // The area was stored as drawn: a closed ring around the map's centre.
  const stored = (await (await page.request.get(at(`/api/incidents/${incidentId}`))).json()) as {
    area: { type: string; coordinates: number[][][] };
  };
  expect(stored.area.type).toBe("Polygon");
  expect(stored.area.coordinates[0]).toHaveLength(5);
  expect(stored.area.coordinates[0]![0]).toEqual(stored.area.coordinates[0]![4]);

  // Preview the open reports of the category inside the area: both, checked; not the far one, nor the leak.
  await page.getByLabel("Category").selectOption({ label: "Water Quality Issues" });
  await page.getByRole("button", { name: "Preview" }).click();
  const candidates = page.getByTestId("incident-candidate");
  await expect(candidates).toHaveCount(2);
  for (const report of inside)
    await expect(candidates.filter({ hasText: report.title }).getByRole("checkbox")).toBeChecked();
  await expect(page.getByTestId("incident-candidates")).not.toContainText(far.title);
  await expect(page.getByTestId("incident-candidates")).not.toContainText(leak.title);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Link 2 reports" }).click();
  await expect(page.getByTestId("incident-link-done")).toHaveText("2 reports linked.");
  await expect(page.getByTestId("linked-report")).toHaveCount(2);

  // One more from the report's own console page.
  await page.goto(at(`/staff/grievances/${leak.id}`));
  const panel = page.getByTestId("report-incident");
  await panel.getByLabel("Link to an incident").selectOption({ label: title });
  await panel.getByRole("button", { name: "Link", exact: true }).click();
  await expect(panel.getByTestId("report-incident-done")).toHaveText("The report is linked to the incident.");
  await page.reload();
  await expect(page.getByTestId("report-incident-link")).toContainText(`Part of incident ${title}`);
  await page.getByTestId("report-incident-link").getByRole("link", { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/staff/incidents/${incidentId}$`));
  await expect(page.getByTestId("linked-report")).toHaveCount(3);

  // A resident asks for alerts around the area, and confirms through the link in the e-mail.
  const subscribed = await page.request.post(at("/api/incident-subscriptions"), {
    data: { email: SUBSCRIBER, latitude: CENTRE.latitude, longitude: CENTRE.longitude, radiusMetres: 1000 },
    headers: { Origin: portal.url },
  });
  expect(subscribed.status(), await subscribed.text()).toBeLessThan(300);
  const confirmation = await smtp.waitFor(
    (mail) => mail.to.includes(SUBSCRIBER) && mail.subject === "Confirm water incident alerts",
  );
  const resident = await (await browser.newContext()).newPage();
  await resident.goto(linksIn(confirmation, "/alerts/confirm/")[0]!);
  await resident.getByRole("button").click();
  await expect(resident.locator("body")).toContainText(
    "you will get an e-mail whenever a water incident is declared, updated or closed",
  );

  // An update reaches the subscriber, once.
  await page
    .getByLabel("Update for the public")
    .fill("Flushing of the mains has started; tankers at Upper Hill School.");
  await page.getByRole("button", { name: "Publish the update" }).click();
  await expect(page.getByTestId("incident-update-done")).toHaveText("The update is published.");
  await expect(page.getByTestId("incident-updates")).toContainText("Flushing of the mains has started");
  const updateSubject = `Update: ${title}`;
  const update = await smtp.waitFor(to(SUBSCRIBER, updateSubject));
  expect(update.decoded).toContain("Flushing of the mains has started");

  // Closing is a deliberate step: a button opens the panel, resolving the linked reports is ticked by hand, and a
  // confirmation says what it does.
  const finalMessage = "The water is safe to drink again: the advisory is lifted.";
  await expect(page.getByLabel("Final message")).toHaveCount(0);
  await page.getByRole("button", { name: "Close the incident" }).click();
  await expect(page.getByLabel("Final message")).toBeFocused();
  await page.getByLabel("Final message").fill(finalMessage);
  const resolveAll = page.getByLabel("Resolve every linked open report with this message");
  await expect(resolveAll).not.toBeChecked();
  await resolveAll.check();
  await page.getByRole("button", { name: "Review and close" }).click();
  await expect(page.getByTestId("close-confirmation")).toHaveText(
    "This will resolve 3 reports and notify their reporters and followers.",
  );
  await expect(page.getByTestId("close-confirmation")).toBeFocused();
  await page.getByRole("button", { name: "Confirm and close" }).click();
  await expect(page.getByTestId("incident-close-done")).toHaveText("Closed; 3 reports resolved.");
  await expect(page.getByTestId("incident-state")).toHaveText("Closed");
  await expect(page.getByTestId("incident-final-message")).toHaveText(finalMessage);

  // Every linked report is resolved, with the final message, on its public page.
  for (const report of [...inside, leak]) {
    await page.goto(at(`/grievance/${report.id}`));
    await expect(page.getByRole("heading", { level: 1, name: report.title })).toBeVisible();
    await expect(page.getByTestId("status-badge").first()).toHaveText("Resolved");
    await expect(page.getByText(finalMessage).first()).toBeVisible();
  }
  await page.goto(at(`/grievance/${far.id}`));
  await expect(page.getByTestId("status-badge").first()).toHaveText("Pending");

  // The reporters who gave an e-mail hear of it once each; the subscriber got the update once and the closure.
  for (const [i, email] of REPORTERS.entries()) {
    await smtp.waitFor(
      (mail) => mail.to.includes(email) && mail.subject.startsWith(`Report ${inside[i]!.reference}: status changed`),
    );
  }
  await smtp.waitFor(to(SUBSCRIBER, `Over: ${title}`));
  for (const [i, email] of REPORTERS.entries()) {
    const resolved = smtp.received.filter(
      (mail) => mail.to.includes(email) && mail.subject.startsWith(`Report ${inside[i]!.reference}: status changed`),
    );
    expect(resolved, email).toHaveLength(1);
    expect(resolved[0]!.decoded).toContain(finalMessage);
  }
  expect(mailsTo(SUBSCRIBER, updateSubject)).toHaveLength(1);
});

for (const locale of ["en", "ar"] as const) {
  for (const width of [1280, 360] as const) {
    test(`the console's incident screens in ${locale} at ${width} px: axe clean, no sideways scrolling`, async ({
      browser,
    }) => {
      test.setTimeout(90_000);
      const context = await browser.newContext({ viewport: { width, height: 900 }, locale });
      const page = await context.newPage();
      // Signed in through the API (the page's cookies are the context's), declaring an incident to show active.
      const active = await declareIncident(page.request, portal.url, STAFF, {
        title: `Low pressure, Kilimani (${locale}, ${width} px)`,
        area: { type: "Circle", center: [CENTRE.longitude, CENTRE.latitude], radiusMetres: 800 },
      });
      await page.goto(at("/staff"));
      // By its address: the console's menu gains links (Take a report, Work by team) before it.
      await page.locator('.console-nav__link[href$="/staff/incidents"]').click();
      await expect(page).toHaveURL(/\/staff\/incidents$/);
      await expect(page.getByTestId("closed-incidents").or(page.getByTestId("active-incidents")).first()).toBeVisible();
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page);
      await shoot(page, `console-incidents-${locale}-${width}`);

      await page.goto(at("/staff/incidents/new"));
      await drawPolygonIn(page, locale);
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page);
      await shoot(page, `console-declare-${locale}-${width}`);

      await page.goto(at("/staff/incidents"));
      await page.getByTestId("active-incidents").getByRole("link", { name: active.title }).click();
      await expect(page.getByTestId("incident-facts")).toBeVisible();
      await page.getByRole("button", { name: textIn(locale, "Preview") }).click();
      await expect(page.getByTestId("incident-candidates")).toBeVisible();
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page);
      await shoot(page, `console-incident-${locale}-${width}`);
      await context.close();
    });
  }
}

/** The same drawing, whatever the language: the status is read by its test id, not its words. */
async function drawPolygonIn(page: Page, locale: string) {
  if (locale === "en") return drawPolygon(page);
  const map = page.getByTestId("area-map");
  await expect(map).toBeVisible();
  const box = (await map.boundingBox())!;
  for (const [x, y] of CORNERS.slice(0, 3)) await map.click({ position: { x: box.width * x, y: box.height * y } });
  await expect(map.locator(".area-draw__vertex")).toHaveCount(3);
}
