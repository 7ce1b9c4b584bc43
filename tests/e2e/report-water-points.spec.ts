import { request as playwrightRequest, type Page } from "@playwright/test";
import { staffApiPaths } from "#shared/staff/staff-api.ts";
import {
  expect,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  test,
  tileEnv,
  uniqueTitle,
} from "./support/fixtures.ts";
import { openMap } from "./support/report-location.ts";
import { startPortal, type RunningPortal } from "./support/portal-process.ts";
import { dataDirWithStaff } from "./support/staff-portal.ts";

// Reporting against a water point on the form (docs/decisions/040-reporting-against-water-points.md): a category with
// water points offers the points near the pin, choosing one moves the pin onto it, a typed code says which point it
// is, a link from a point's page chooses it, and the report's page names its point. The maps show the points.

const ADMIN = { email: "admin@utility.example", password: "every kiosk on the map" };
const KIOSK = { code: "WP-0412", name: "Kiosk by the market", latitude: -1.2921, longitude: 36.8219 };
const STANDPIPE = { code: "WP-0413", name: "Standpipe on Elm Street", latitude: -1.2931, longitude: 36.8229 };
const REGISTRY = [
  "wpdx_id,lat_deg,lon_deg,water_source_clean,water_tech_clean,status_id,name",
  `${KIOSK.code},${KIOSK.latitude},${KIOSK.longitude},Borehole,Hand Pump,Yes,${KIOSK.name}`,
  `${STANDPIPE.code},${STANDPIPE.latitude},${STANDPIPE.longitude},Piped Water,Tap,No,${STANDPIPE.name}`,
  "WP-0414,-1.2905,36.8201,Protected Spring,,Unknown,Spring behind the school",
].join("\n");

let portal: RunningPortal;
test.describe.configure({ mode: "serial" });
test.beforeAll(async ({ tiles }) => {
  test.setTimeout(150_000);
  portal = await startPortal(
    { ...tileEnv(tiles), MAP_DEFAULT_CENTER: `${KIOSK.latitude},${KIOSK.longitude},16` },
    dataDirWithStaff("portal-e2e-report-water-points-", ADMIN.email, ADMIN.password),
  );
  // The registry, imported as an administrator does (importWaterPoints).
  const api = await playwrightRequest.newContext({ baseURL: portal.url, extraHTTPHeaders: { Origin: portal.url } });
  expect((await api.post(staffApiPaths.session, { data: ADMIN })).status()).toBe(200);
  const imported = await api.post(staffApiPaths.adminWaterPointImport, {
    multipart: { file: { name: "registry.csv", mimeType: "text/csv", buffer: Buffer.from(REGISTRY) } },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  await api.dispose();
});
test.afterAll(async () => portal?.stop());

const at = (pathname: string) => `${portal.url}${pathname}`;

async function fillReport(page: Page, title: string) {
  await page.getByLabel("Issue Title*").fill(title);
  await page.getByLabel("Category*").selectOption("Water Supply Problems");
  await page.getByLabel("Detailed Description*").fill("No water has come out of the tap since Monday morning.");
}

test("a resident picks a nearby water point, the pin moves onto it, and the report names its point", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto(at("/submit-grievance"));
  await fillReport(page, uniqueTitle("Kiosk dry"));
  const field = page.getByTestId("water-point-field");
  await expect(field).toContainText("Place the pin on the map to see the water points near it.");

  // The form's map shows the points, marked by status, with a legend in words.
  const map = await openMap(page);
  await expect(map.getByTestId("water-point-marker")).toHaveCount(3);
  await expect(
    map.getByRole("button", { name: `Choose ${STANDPIPE.name} (${STANDPIPE.code}), Not working` }),
  ).toBeVisible();
  await expect(page.getByTestId("water-points-legend")).toHaveText(/Working.*Not working.*Status unknown/);

  // A pin a little way off: the points near it are offered, nearest first.
  const box = (await map.boundingBox())!;
  await map.click({ position: { x: box.width * 0.45, y: box.height * 0.45 } });
  const nearby = field.getByTestId("nearby-water-point");
  await expect(nearby).toHaveCount(3);
  // Nearest first: each with its code, its distance from the pin and its status in words.
  await expect(nearby.first()).toHaveText(new RegExp(`^${KIOSK.name}${KIOSK.code} · \\d+ m away · Working$`));
  await field.getByRole("radio", { name: new RegExp(`^${KIOSK.name} ${KIOSK.code}`) }).check();
  await expect(page.getByTestId("pin-coordinates")).toHaveText(
    `Latitude ${KIOSK.latitude.toFixed(6)}, longitude ${KIOSK.longitude.toFixed(6)}`,
  );
  await expect(field.getByLabel("Code painted on the point")).toHaveValue(KIOSK.code);
  await expect(field.getByTestId("water-point-identity")).toHaveText(`This is ${KIOSK.name} (${KIOSK.code}): Working.`);
  await expect(map.getByRole("button", { name: `${KIOSK.name} (${KIOSK.code}), Working: chosen` })).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoHorizontalScroll(page);

  const answer = page.waitForResponse((r) => r.url().endsWith("/api/grievances") && r.request().method() === "POST");
  await page.getByRole("button", { name: "Submit Grievance" }).click();
  const response = await answer;
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: string };

  await page.goto(at(`/grievance/${id}`));
  const point = page.getByTestId("report-water-point");
  await expect(point).toHaveText(`Water point: ${KIOSK.name} (${KIOSK.code})`);
  await expect(point.getByRole("link")).toHaveAttribute("href", `/water-points/${KIOSK.code}`);
});

test("a link with the point chosen preselects it; a typed code says which point it is, or that none has it", async ({
  page,
}) => {
  await page.goto(at(`/submit-grievance?water_point=${STANDPIPE.code.toLowerCase()}`));
  const field = page.getByTestId("water-point-field");
  await expect(field.getByLabel("Code painted on the point")).toHaveValue("wp-0413");
  await expect(field.getByTestId("water-point-identity")).toHaveText(
    `This is ${STANDPIPE.name} (${STANDPIPE.code}): Not working.`,
  );
  // Without a pin of its own, the form's pin goes onto the point.
  await expect(page.getByTestId("pin-coordinates")).toHaveText(
    `Latitude ${STANDPIPE.latitude.toFixed(6)}, longitude ${STANDPIPE.longitude.toFixed(6)}`,
  );

  await field.getByLabel("Code painted on the point").fill("WP-9999");
  await expect(field.getByTestId("water-point-identity")).toHaveText(
    "No water point in service has this code. Check the code painted on the point, or leave the field empty.",
  );
  await fillReport(page, uniqueTitle("Unknown point"));
  await page.getByRole("button", { name: "Submit Grievance" }).click();
  await expect(page.getByRole("link", { name: /^Water point: No water point in service has this code/ })).toBeVisible();
});

test("a point on the form's map is chosen with the keyboard, and keeps the focus once ringed", async ({ page }) => {
  await page.goto(at("/submit-grievance"));
  await page.getByLabel("Category*").selectOption("Water Supply Problems");
  const map = await openMap(page);
  await map.getByRole("button", { name: "Choose Spring behind the school (WP-0414), Status unknown" }).focus();
  await page.keyboard.press("Enter");
  await expect(
    map.getByRole("button", { name: "Spring behind the school (WP-0414), Status unknown: chosen" }),
  ).toBeFocused();
  await expect(page.getByTestId("water-point-field").getByLabel("Code painted on the point")).toHaveValue("WP-0414");
  await expect(page.getByTestId("pin-coordinates")).toHaveText("Latitude -1.290500, longitude 36.820100");
});

test("the list's map shows the water points with a legend; a point's popup links to its page", async ({ page }) => {
  await page.goto(at("/grievances?view=map"));
  const map = page.getByTestId("reports-map");
  await expect(map.getByTestId("water-point-marker")).toHaveCount(3);
  await expect(page.getByTestId("water-points-legend")).toBeVisible();
  // The kiosk has an open report of a category that means "not working" now (the first test's).
  await expect(map.getByRole("button", { name: `${KIOSK.name} (${KIOSK.code}), Not working` })).toBeVisible();
  await map.getByRole("button", { name: "Spring behind the school (WP-0414), Status unknown" }).click();
  const popup = page.locator(".water-point-popup");
  await expect(popup).toContainText("WP-0414 · Status unknown");
  await expect(popup.getByRole("link", { name: "Open this water point's page" })).toHaveAttribute(
    "href",
    "/water-points/WP-0414",
  );
});

for (const [language, viewport] of [
  ["en", { width: 390, height: 844 }],
  ["en", { width: 1280, height: 900 }],
  ["ar", { width: 390, height: 844 }],
  ["ar", { width: 1280, height: 900 }],
] as const) {
  test(`the form with water points, in ${language} at ${viewport.width} px (screenshot to look at)`, async ({
    page,
    context,
  }, testInfo) => {
    await context.addCookies([{ name: "lang", value: language, url: portal.url }]);
    await page.setViewportSize(viewport);
    await page.goto(at("/submit-grievance"));
    await page.locator("#report-category").selectOption("Water Supply Problems");
    await page.locator("#report-latitude button[aria-controls]").click();
    const map = page.getByTestId("location-map");
    await expect(map.getByTestId("water-point-marker")).toHaveCount(3);
    await map.getByTestId("water-point-marker").first().click();
    await expect(page.getByTestId("nearby-water-point")).toHaveCount(3);
    await expect(page.getByTestId("water-point-identity")).not.toBeEmpty();
    await expectNoHorizontalScroll(page);
    await page.getByTestId("water-point-field").scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`form-${language}-${viewport.width}.png`), fullPage: true });
  });
}
