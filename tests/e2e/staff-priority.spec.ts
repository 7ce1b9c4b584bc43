import { test, type Page } from "@playwright/test";
import { expect, expectNoAxeViolations, seedGrievance } from "./support/fixtures.ts";
import { startPortal, type RunningPortal } from "./support/portal-process.ts";
import { dataDirWithStaff } from "./support/staff-portal.ts";

// Staff triage from the report page (docs/staff-guide.md, "Service targets"; docs/product-decisions.md D17): the
// "Priority" form changes a report's priority, and the page then shows the new priority, the due times that follow its
// service targets and the change on the staff timeline. A portal of its own, its staff account made before it opens the
// data folder.

const STAFF_EMAIL = "triage@utility.example";
const STAFF_PASSWORD = "correct horse battery staple";

let portal: RunningPortal;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  portal = await startPortal({}, dataDirWithStaff("portal-e2e-priority-", STAFF_EMAIL, STAFF_PASSWORD));
});

test.afterAll(async () => {
  await portal?.stop();
});

async function signIn(page: Page, next: string) {
  await page.goto(`${portal.url}${next}`);
  await page.getByLabel("Email").fill(STAFF_EMAIL);
  await page.getByLabel("Password").fill(STAFF_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("staff-email")).toHaveText(STAFF_EMAIL);
}

test("staff change a report's priority from its page: new due times, and the change on the timeline", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const seeded = await seedGrievance(page.request, portal.url, {
    title: "Burst main on Mill Road",
    priority: "medium",
  });
  await signIn(page, `/staff/grievances/${seeded.id}`);

  const panel = page.getByTestId("priority");
  await expect(panel.getByTestId("priority-now")).toHaveText("Now: Medium");
  const resolveBy = page.getByTestId("due-times").locator("p", { hasText: "Resolve by:" }).locator("time");
  const resolveBefore = await resolveBy.getAttribute("datetime");
  expect(resolveBefore).toBeTruthy();

  // Nothing chosen: the shared schema's message at the field, nothing sent.
  await panel.getByRole("button", { name: "Change priority" }).click();
  await expect(panel.getByLabel("New priority")).toHaveAttribute("aria-invalid", "true");
  await expect(panel.getByText("Please choose a priority.")).toBeVisible();

  // The current priority is not offered again.
  const select = panel.getByLabel("New priority");
  await expect(select.locator("option")).toHaveText(["Choose a new priority", "Low", "High", "Urgent"]);
  await select.selectOption({ label: "Urgent" });
  await panel.getByRole("button", { name: "Change priority" }).click();

  await expect(panel.getByTestId("priority-change-done")).toContainText("Priority changed to Urgent.");
  await expect(panel.getByTestId("priority-now")).toHaveText("Now: Urgent");
  await expect(page.getByTestId("staff-report")).toContainText("URGENT PRIORITY");
  await expect(page.getByTestId("staff-timeline")).toContainText("Priority changed from Medium to Urgent");
  // Urgent's target to resolve is shorter than medium's: the report is due sooner.
  await expect(resolveBy).not.toHaveAttribute("datetime", resolveBefore!);
  const resolveAfter = await resolveBy.getAttribute("datetime");
  expect(Date.parse(resolveAfter!)).toBeLessThan(Date.parse(resolveBefore!));
  await expect(select.locator("option")).toHaveText(["Choose a new priority", "Low", "Medium", "High"]);
  await expectNoAxeViolations(page);
});
