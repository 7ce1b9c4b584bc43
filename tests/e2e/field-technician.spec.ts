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

// The crew in the field (docs/staff-guide.md, "The crew in the field"): staff send a technician a one-time link from
// the report's page; the technician opens it on a phone, adds a note with a photo and marks the job fixed; the public
// page shows the photo after the repair; the link then says it was used. A portal of its own, its staff made before it
// opens.

const STAFF_EMAIL = "dispatcher@utility.example";
const STAFF_PASSWORD = "correct horse battery staple";
const TECHNICIAN = "crew.north@contractor.example";
const PHONE = { width: 390, height: 844 };

let portal: RunningPortal;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  portal = await startPortal({}, dataDirWithStaff("portal-e2e-field-", STAFF_EMAIL, STAFF_PASSWORD));
});

test.afterAll(async () => {
  await portal?.stop();
});

const at = (pathname: string) => `${portal.url}${pathname}`;

async function signIn(page: Page, next: string) {
  await page.goto(at(`/staff/sign-in?next=${encodeURIComponent(next)}`));
  await page.getByLabel("Email").fill(STAFF_EMAIL);
  await page.getByLabel("Password").fill(STAFF_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("staff-email")).toHaveText(STAFF_EMAIL);
}

test("staff send a link; the technician adds a note with a photo and marks the job fixed on a phone", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const report = await seedGrievance(page.request, portal.url, {
    title: "Burst main on Mill Lane",
    description: "Water is running down the street from under the pavement.",
    priority: "urgent",
    latitude: -1.2921,
    longitude: 36.8219,
    images: [await pngImage(640, 480, "#1565c0")],
  });

  // Staff: "Send to a crew" on the report's page.
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, `/staff/grievances/${report.id}`);
  const panel = page.getByTestId("technician-links");
  await panel.getByLabel("Technician's e-mail address").fill(TECHNICIAN);
  await panel.getByRole("button", { name: "Send the link" }).click();
  await expect(panel.getByText(`The link was sent to ${TECHNICIAN}.`)).toBeVisible();
  const url = await panel.getByLabel("The link, to pass on another way").inputValue();
  expect(url).toMatch(/\/field\/[A-Za-z0-9_-]{32}$/);
  await expect(panel.getByTestId("technician-link")).toHaveAttribute("data-state", "active");
  await expect(page.getByTestId("staff-timeline")).toContainText(`Link for the crew sent to ${TECHNICIAN}`);

  // The technician: no session, a phone.
  const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const field = await phone.newPage();
  const fieldPath = new URL(url).pathname;
  const opened = await field.goto(at(fieldPath));
  expect(opened?.headers()["referrer-policy"]).toBe("no-referrer");
  expect(opened?.headers()["x-robots-tag"]).toBe("noindex");
  await expect(field.getByRole("heading", { level: 1, name: "Burst main on Mill Lane" })).toBeVisible();
  await expect(field.getByTestId("field-job")).toContainText(report.reference);
  await expect(field.getByTestId("field-job").getByRole("button", { name: "View photo 1 of 1" })).toBeVisible();
  await expect(field.getByTestId("report-place")).toBeVisible();
  await expectNoHorizontalScroll(field);
  await expectNoAxeViolations(field);

  const noteForm = field.getByTestId("field-note-form");
  await noteForm.getByLabel("Note").fill("Valve chamber flooded; pumping it out first.");
  await noteForm
    .getByLabel("Upload Images (Optional)")
    .setInputFiles({ name: "chamber.png", mimeType: "image/png", buffer: await pngImage(800, 600, "#6d4c41") });
  await expect(noteForm.getByRole("img", { name: "Preview of chamber.png" })).toBeVisible();
  await noteForm.getByRole("button", { name: "Add the note" }).click();
  await expect(noteForm.getByRole("status")).toHaveText("Your note was added.");
  const note = field.getByTestId("field-note");
  await expect(note).toContainText("Valve chamber flooded; pumping it out first.");
  await expect(note).toContainText(TECHNICIAN);
  await expect(note.getByRole("button", { name: "View photo 1 of 1" })).toBeVisible();

  const fixedForm = field.getByTestId("field-fixed-form");
  await fixedForm.getByLabel("What was done?").fill("Replaced the split section of the main; water is back on.");
  await fixedForm
    .getByLabel("Upload Images (Optional)")
    .setInputFiles({ name: "repaired.png", mimeType: "image/png", buffer: await pngImage(800, 600, "#2e7d32") });
  await expect(fixedForm.getByRole("img", { name: "Preview of repaired.png" })).toBeVisible();
  await fixedForm.getByRole("button", { name: "Mark the job fixed" }).click();
  await expect(field.getByTestId("field-done")).toContainText("The job is marked fixed");

  // The public page: resolved, the technician's note, the photo after the repair.
  await field.getByRole("link", { name: "See the public page of the report" }).click();
  const after = field.getByTestId("after-repair");
  await expect(after.getByRole("heading", { name: "After the repair" })).toBeVisible();
  await expect(after.getByRole("button", { name: "View photo 1 of 1" })).toBeVisible();
  await expect(field.getByTestId("status-badge").first()).toHaveText("Resolved");
  await expect(field.getByTestId("grievance-details")).toContainText("Replaced the split section of the main");
  await expectNoAxeViolations(field);

  // The link again: used, said plainly, nothing to do.
  await field.goto(at(fieldPath));
  const refused = field.getByTestId("field-refused");
  await expect(refused.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
  await expect(refused).toContainText("This link was used: the job was marked fixed.");
  await expect(field.getByTestId("field-note-form")).toHaveCount(0);
  await expectNoAxeViolations(field);
  await phone.close();

  // Staff see the technician's note and the link used.
  await page.reload();
  await expect(page.getByTestId("technician-link")).toHaveAttribute("data-state", "used");
  await expect(page.getByTestId("staff-timeline")).toContainText(`by ${TECHNICIAN}`);
  await expectNoAxeViolations(page);

  // Managers: Work by team, from the console's header; the report resolved without a team counts there.
  await page.getByRole("link", { name: "Work by team" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Work by team" })).toBeVisible();
  await expect(page.getByTestId("team-work-row").last()).toContainText("Needs a team");
  await page.getByRole("link", { name: "Last 90 days" }).click();
  await expect(page.getByRole("link", { name: "Last 90 days" })).toHaveAttribute("aria-current", "page");
  await expectNoAxeViolations(page);
});

test("a revoked link says it was withdrawn", async ({ page, browser }) => {
  const report = await seedGrievance(page.request, portal.url, { title: "Low pressure on Hill Road" });
  await signIn(page, `/staff/grievances/${report.id}`);
  const panel = page.getByTestId("technician-links");
  await panel.getByLabel("Technician's e-mail address").fill(TECHNICIAN);
  await panel.getByRole("button", { name: "Send the link" }).click();
  const url = await panel.getByLabel("The link, to pass on another way").inputValue();
  await panel.getByRole("button", { name: `Revoke the link sent to ${TECHNICIAN}` }).click();
  await expect(panel.getByTestId("technician-link")).toHaveAttribute("data-state", "revoked");

  const phone = await browser.newContext({ viewport: PHONE });
  const field = await phone.newPage();
  await field.goto(at(new URL(url).pathname));
  await expect(field.getByTestId("field-refused")).toContainText("This link was withdrawn by the office.");
  await phone.close();
});
