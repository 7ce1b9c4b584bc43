import { test } from "@playwright/test";
import { expect, expectNoAxeViolations } from "./support/fixtures.ts";
import { declareIncident } from "./support/incidents.ts";
import { startPortal, type RunningPortal } from "./support/portal-process.ts";
import { dataDirWithStaff } from "./support/staff-portal.ts";

// Staff-written incident texts in other languages (migration 026, docs/decisions/019-languages.md): a reader in that
// language sees staff's version, everyone else the original. A portal of its own, for the staff account.

const STAFF = { email: "translations@utility.example", password: "versions in every language" };
const ARABIC_TITLE = "انفجار خط رئيسي في طريق ريفرسايد";
let portal: RunningPortal;
let incident: { id: string; title: string };

test.describe.configure({ mode: "serial" });
test.beforeAll(async ({ request }) => {
  test.setTimeout(150_000);
  portal = await startPortal({}, dataDirWithStaff("portal-e2e-incident-translations-", STAFF.email, STAFF.password));
  incident = await declareIncident(request, portal.url, STAFF, {
    translations: { ar: { title: ARABIC_TITLE, instructions: "اغلوا ماء الصنبور دقيقة واحدة قبل الشرب." } },
  });
});
test.afterAll(async () => portal?.stop());

test("an incident's page shows staff's Arabic version in Arabic and the original in English", async ({ browser }) => {
  const arabic = await browser.newContext({ locale: "ar", baseURL: portal.url });
  const page = await arabic.newPage();
  await page.goto(`/incidents/${incident.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(ARABIC_TITLE);
  await expect(page.getByTestId("incident-details")).toContainText("اغلوا ماء الصنبور دقيقة واحدة قبل الشرب.");
  // No Arabic message was written: the original, in its own direction.
  await expect(page.locator(".incident-message")).toHaveText("A trunk main burst near the school. Crews are on site.");
  await expect(page.locator(".incident-message")).toHaveAttribute("dir", "auto");
  await expectNoAxeViolations(page);
  await page.goto("/incidents");
  await expect(page.getByTestId("incident-card").first()).toContainText(ARABIC_TITLE);
  await arabic.close();

  const english = await browser.newContext({ locale: "en", baseURL: portal.url });
  const englishPage = await english.newPage();
  await englishPage.goto(`/incidents/${incident.id}`);
  await expect(englishPage.getByRole("heading", { level: 1 })).toHaveText(incident.title);
  await english.close();
});

test("staff add an Arabic version of an update from the console; an Arabic reader sees it", async ({
  page,
  browser,
}) => {
  await page.goto(`${portal.url}/staff`);
  await page.getByLabel("Email").fill(STAFF.email);
  await page.getByLabel("Password").fill(STAFF.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("staff-email")).toHaveText(STAFF.email);
  await page.goto(`${portal.url}/staff/incidents/${incident.id}`);
  await page.getByLabel("Update for the public", { exact: true }).fill("Tankers are at Riverside School.");
  const versions = page.getByTestId("translation-fields").filter({ hasText: "In other languages" }).first();
  await versions.getByText("In other languages (optional)").click();
  const arabicUpdate = page.getByLabel("Update for the public in العربية");
  await expect(arabicUpdate).toHaveAttribute("dir", "rtl");
  await arabicUpdate.fill("الصهاريج في مدرسة ريفرسايد.");
  await page.getByRole("button", { name: "Publish the update" }).click();
  await expect(page.getByTestId("incident-update-done")).toHaveText("The update is published.");

  const arabic = await browser.newContext({ locale: "ar", baseURL: portal.url });
  const reader = await arabic.newPage();
  await reader.goto(`/incidents/${incident.id}`);
  await expect(reader.locator(".incident-timeline")).toContainText("الصهاريج في مدرسة ريفرسايد.");
  await expect(reader.locator(".incident-timeline")).not.toContainText("Tankers are at Riverside School.");
  await arabic.close();
});
