import { test, type Page } from "@playwright/test";
import { expect, expectNoAxeViolations, expectNoHorizontalScroll } from "./support/fixtures.ts";
import { startPortal, type RunningPortal } from "./support/portal-process.ts";
import { dataDirWithStaff } from "./support/staff-portal.ts";

// Administration › Water points (docs/decisions/036-water-points.md): an administrator uploads a registry, sees the
// preview (nothing stored, the rejected row with its line and reason), imports it and sees the result, then finds,
// edits and retires a point.

const ADMIN = { email: "admin@utility.example", password: "every kiosk on the map" };
let portal: RunningPortal;

test.describe.configure({ mode: "serial" });
test.beforeAll(async () => {
  test.setTimeout(150_000);
  portal = await startPortal({}, dataDirWithStaff("portal-e2e-water-points-", ADMIN.email, ADMIN.password));
});
test.afterAll(async () => portal?.stop());

const at = (pathname: string) => `${portal.url}${pathname}`;

async function signIn(page: Page) {
  await page.goto(at("/staff/sign-in"));
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("staff-email")).toHaveText(ADMIN.email);
}

const REGISTRY = [
  "wpdx_id,lat_deg,lon_deg,water_source_clean,water_tech_clean,status_id,clean_adm1,name",
  "WP-0412,-1.2921,36.8219,Borehole,Hand Pump,Yes,Nairobi,Kiosk by the market",
  "WP-0413,-1.2931,36.8229,Piped Water,Tap,No,Nairobi,Standpipe on Elm Street",
  "WP-0414,-123,36.8,,,,,Lost point",
].join("\n");

test("an administrator previews a registry, imports it, then edits and retires a point", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await page.getByRole("link", { name: "Administration" }).click();
  await expect(page).toHaveURL(/\/staff\/admin\//);
  await page.getByRole("link", { name: "Water points", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Water points", level: 2 })).toBeVisible();
  await expect(page.getByText("No water points yet: import a registry or add one.")).toBeVisible();

  await page.getByLabel("Registry file").setInputFiles({
    name: "registry.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(REGISTRY),
  });
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByTestId("import-preview");
  await expect(preview).toContainText("Preview: nothing is stored yet");
  await expect(preview).toContainText("2 points would be created, 0 updated, 1 row rejected.");
  const rejected = preview.getByTestId("import-rejected").getByRole("row");
  await expect(rejected.nth(1)).toHaveText(/^4\s*The latitude \(lat_deg\) must be a number between -90 and 90\.$/);
  // A preview stores nothing.
  await expect(page.getByTestId("water-point-item")).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Import these points" }).click();
  const result = page.getByTestId("import-result");
  await expect(result).toContainText("2 points created, 0 updated, 1 row rejected.");
  await expect(result.getByTestId("import-rejected")).toContainText("4");
  await expect(page.getByTestId("water-point-item")).toHaveCount(2);
  await expectNoHorizontalScroll(page);

  await page.getByLabel("Find a point by code or name").fill("elm street");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const item = page.getByTestId("water-point-item");
  await expect(item).toHaveCount(1);
  await expect(item).toContainText("WP-0413");
  await expect(item).toContainText("No water at the last visit");

  await item.getByText("Edit").click();
  await item.getByLabel("Name").fill("Standpipe, Elm Street corner");
  await item.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("water-points-done")).toHaveText("Water point WP-0413 saved.");
  await expect(item).toContainText("Standpipe, Elm Street corner");

  await item.getByRole("button", { name: "Retire" }).click();
  await expect(page.getByTestId("water-points-done")).toHaveText(
    "Water point WP-0413 retired: it has left the map and the form.",
  );
  await expect(item).toContainText("Retired");
  await item.getByRole("button", { name: "Put back in service" }).click();
  await expect(page.getByTestId("water-points-done")).toHaveText("Water point WP-0413 is back in service.");
});
