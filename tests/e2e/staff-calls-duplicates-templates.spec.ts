import { test, type Page } from "@playwright/test";
import {
  expect,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  pngImage,
  seedGrievance,
} from "./support/fixtures.ts";
import { startPortal, type RunningPortal } from "./support/portal-process.ts";
import { dataDirWithStaff } from "./support/staff-portal.ts";

// The console's flows of docs/decisions/033-duplicates-calls-and-templates.md (docs/staff-guide.md, "Duplicates, calls
// taken for residents, response templates"): an administrator writes a response template, staff take a call with a
// photo and read its reference out, mark it as a duplicate of an earlier report, and resolve that one from the
// template.

const STAFF_EMAIL = "desk@utility.example";
const STAFF_PASSWORD = "correct horse battery staple";

let portal: RunningPortal;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  portal = await startPortal({}, dataDirWithStaff("portal-e2e-calls-", STAFF_EMAIL, STAFF_PASSWORD));
});

test.afterAll(async () => {
  await portal?.stop();
});

const at = (pathname: string) => `${portal.url}${pathname}`;

async function signIn(page: Page, next: string) {
  await page.goto(at(next));
  await page.getByLabel("Email").fill(STAFF_EMAIL);
  await page.getByLabel("Password").fill(STAFF_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("staff-email")).toHaveText(STAFF_EMAIL);
}

test("a template, a call taken, a duplicate marked and a status changed from the template", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const word = `call${Math.random().toString(36).slice(2, 8)}`;
  const original = await seedGrievance(page.request, portal.url, { title: `Burst pipe ${word}` });

  // An administrator writes a template for "Resolved" in English.
  await signIn(page, "/staff/admin/response-templates");
  await expect(page.getByRole("heading", { name: "Response templates", level: 2 })).toBeVisible();
  const create = page.locator("form", { has: page.getByRole("button", { name: "Create template" }) });
  await create.getByLabel("Title").fill(`Repaired ${word}`);
  await create.getByLabel("Status").selectOption("resolved");
  await create.getByLabel("Language").selectOption("en");
  await create.getByLabel("Text").fill("Our crew repaired the pipe today. Thank you for reporting it.");
  await create.getByRole("button", { name: "Create template" }).click();
  await expect(page.getByTestId("templates-done")).toContainText(`Template "Repaired ${word}" saved.`);
  await expect(page.getByTestId("template-item")).toContainText(`Repaired ${word}`);
  await expect(create.getByLabel("Title")).toHaveValue("");
  await expectNoAxeViolations(page);

  // A call: the header's "Take a report", a phone number alone as contact, a photo.
  await page.getByRole("link", { name: "Take a report" }).click();
  await expect(page.getByRole("heading", { name: "Take a report" })).toBeFocused();
  await page.getByRole("button", { name: "Save the report" }).click();
  await expect(page.getByText("Please choose how the report reached you.").first()).toBeVisible();
  await page.getByLabel("How the report reached you").selectOption("phone");
  await page.getByLabel("Category").selectOption({ index: 1 });
  await page.getByLabel("Issue Title").fill(`Water everywhere ${word}`);
  await page.getByLabel("Detailed Description").fill("The caller says water runs down the street from a pipe.");
  await page.getByLabel("Phone Number").fill("+254 711 000 333");
  await page
    .getByLabel("Upload Images (Optional)")
    .setInputFiles({ name: "street.png", mimeType: "image/png", buffer: await pngImage() });
  await expect(page.getByTestId("image-count")).toContainText("1 photo chosen");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Save the report" }).click();
  const reference = page.getByTestId("taken-reference");
  await expect(reference).toHaveText(/^[A-Z]+-[0-9A-Z]+$/);
  const takenReference = (await reference.textContent()) ?? "";
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Open the report in the console" }).click();
  await expect(page.getByTestId("staff-channel")).toHaveText("Received by: Phone call");
  // The photo came with it.
  await expect(page.getByTestId("staff-report-body").locator("img")).toHaveCount(1);
  await expect(page.getByTestId("staff-report")).toContainText(takenReference);

  // It repeats the earlier report: find it by its reference, see its title, confirm.
  const panel = page.getByTestId("duplicate-panel");
  await panel.getByLabel("Reference or words of the original report").fill(original.reference);
  await panel.getByRole("button", { name: "Find" }).click();
  await panel.getByRole("radio", { name: new RegExp(original.reference) }).check();
  await expect(panel.getByTestId("duplicate-original-title")).toHaveText(original.title);
  await expectNoAxeViolations(page);
  await panel.getByRole("button", { name: `Mark as duplicate of ${original.reference}` }).click();
  await expect(panel.getByTestId("duplicate-of")).toHaveText(`This report is a duplicate of ${original.reference}.`);
  await expect(page.getByTestId("staff-timeline")).toContainText(`Marked as a duplicate of ${original.reference}`);
  await expect(page.getByTestId("staff-timeline")).toContainText(`This report repeats report ${original.reference}`);

  // The original: one more person affected, the merge on its timeline; resolved with the template's text.
  await panel.getByRole("link", { name: original.reference }).click();
  await expect(page.getByTestId("staff-timeline")).toContainText(`Duplicate ${takenReference} merged into this report`);
  await expect(page.getByTestId("staff-report")).toContainText("2 people affected");
  await page.getByLabel("New status").selectOption("resolved");
  await page.getByTestId("template-picker").selectOption({ label: `Repaired ${word}` });
  const note = page.getByLabel("Public note");
  await expect(note).toHaveValue("Our crew repaired the pipe today. Thank you for reporting it.");
  await note.fill("Our crew repaired the pipe today on Elm Street. Thank you for reporting it.");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Change status" }).click();
  await expect(page.getByTestId("status-change-done")).toContainText("Status changed to Resolved.");
  await expect(page.getByTestId("staff-timeline")).toContainText("on Elm Street");

  // On a phone the call's page fits the screen.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(at("/staff/take-report"));
  await expect(page.getByRole("heading", { name: "Take a report" })).toBeVisible();
  await expectNoHorizontalScroll(page);
});
