import { test, type Locator, type Page } from "@playwright/test";
import { expect, pngImage, seedGrievance, uniqueTitle } from "./support/fixtures.ts";
import { startPortal, type RunningPortal } from "./support/portal-process.ts";
import { dataDirWithStaff } from "./support/staff-portal.ts";

// Keyboard-only journeys (docs/accessibility.md): every step is a key press, and each fails when the focus is lost
// to the page body or is not where a keyboard user needs it next. A portal of its own, for the staff account.

const STAFF_EMAIL = "keyboard@utility.example";
const STAFF_PASSWORD = "keyboard only, all the way";

let portal: RunningPortal;
test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  portal = await startPortal({}, dataDirWithStaff("portal-e2e-keyboard-", STAFF_EMAIL, STAFF_PASSWORD));
});

test.afterAll(async () => {
  await portal?.stop();
});

const at = (pathname: string) => `${portal.url}${pathname}`;

async function focusIsOnThePage(page: Page): Promise<void> {
  const lost = await page.evaluate(() => document.activeElement === null || document.activeElement === document.body);
  expect(lost, "the focus fell to the page body").toBe(false);
}

/** Presses Tab until `target` has the focus, failing if the focus is ever lost on the way or never gets there. */
async function tabTo(page: Page, target: Locator, limit = 60): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press("Tab");
    await focusIsOnThePage(page);
  }
  throw new Error(`${limit} presses of Tab did not reach ${String(target)}`);
}

async function expectHeadingFocused(page: Page, name: string | RegExp): Promise<void> {
  await expect(page.getByRole("heading", { level: 1, name })).toBeFocused();
}

test("a resident reports a problem with a photo, finds it, opens it and looks at the photo, by keyboard alone", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const title = uniqueTitle("Keyboard journey leak");
  await page.goto(at("/"));

  // The main navigation: the new page's heading takes the focus, not the link just followed.
  await tabTo(page, page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Submit Grievance" }));
  await page.keyboard.press("Enter");
  await expectHeadingFocused(page, "Report a Grievance");

  // In the form's order: where (left to the map's own tests), what, photos, then the details.
  await tabTo(page, page.getByLabel("Category*"));
  await page.keyboard.type("Leakage");
  await expect(page.getByLabel("Category*")).toHaveValue(/./);

  // The file control opens the system's file chooser with Space, as a keyboard user would.
  await tabTo(page, page.getByLabel("Upload Images (Optional)"));
  const chooser = page.waitForEvent("filechooser");
  await page.keyboard.press("Space");
  await (await chooser).setFiles({ name: "leak.png", mimeType: "image/png", buffer: await pngImage(320, 240) });
  await expect(page.getByTestId("image-count")).toHaveText("1 photo chosen, 4 more allowed.");

  await tabTo(page, page.getByLabel("Issue Title*"));
  await page.keyboard.type(title);
  await tabTo(page, page.getByLabel("Detailed Description*"));
  await page.keyboard.type("Water runs down the street from a broken pipe since this morning.");

  // "Submitting..." is said through the one live region; then the confirmation takes the focus.
  await tabTo(page, page.getByRole("button", { name: "Submit Grievance" }));
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("form-success")).toBeFocused();
  const reference = (await page.getByTestId("submitted-reference").textContent()) ?? "";
  expect(reference).toMatch(/^WS-/);

  // On the list, the panel with the reference and private link has the focus.
  await expect(page).toHaveURL(/\/grievances$/);
  await expect(page.getByRole("heading", { level: 2, name: `Report ${reference} submitted` })).toBeFocused();

  // Find it by its reference and open it from its title.
  await tabTo(page, page.getByLabel("Search"));
  await page.keyboard.type(reference);
  // The search runs once typing pauses: wait for its own result, not an earlier one that also counts one report
  // (the whole list of a fresh portal, or a prefix of the reference), which the new result then replaces.
  await expect(page).toHaveURL(new RegExp(`[?&]q=${reference}(&|$)`));
  await expect(page.getByTestId("announcer")).toHaveText("Showing 1 of 1 grievances");
  const cardLink = page.getByTestId("grievance-card").getByRole("link", { name: title });
  await tabTo(page, cardLink);
  await page.keyboard.press("Enter");
  await expectHeadingFocused(page, title);

  // The photo opens in the viewer, which holds the focus, and Escape gives it back to the photo's button.
  const photo = page.getByRole("button", { name: /^View image 1 of 1$/ });
  await tabTo(page, photo);
  await page.keyboard.press("Enter");
  const viewer = page.getByRole("dialog");
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole("button", { name: "Close image viewer" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(viewer).toBeHidden();
  await expect(photo).toBeFocused();
});

test("a refused submit moves the focus to the error summary, whose links lead into each field", async ({ page }) => {
  await page.goto(at("/submit-grievance"));
  await tabTo(page, page.getByRole("button", { name: "Submit Grievance" }));
  await page.keyboard.press("Enter");

  const summary = page.getByTestId("form-error");
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("heading", { name: "There is a problem" })).toBeVisible();
  const links = summary.getByRole("link");
  await expect(links).toHaveText([
    "Category: This field is required.",
    "Issue Title: This field is required.",
    "Detailed Description: This field is required.",
  ]);

  await tabTo(page, links.nth(2));
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("Detailed Description*")).toBeFocused();
  await expect(page).toHaveURL(/\/submit-grievance$/);
});

test("Clear Filters keeps the focus once there is nothing left to clear", async ({ page }) => {
  await page.goto(at("/grievances?status=pending"));
  const clear = page.getByRole("button", { name: "Clear Filters" });
  await tabTo(page, clear);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/grievances$/);
  await expect(clear).toHaveAttribute("aria-disabled", "true");
  await expect(clear).toBeFocused();
  await focusIsOnThePage(page);
});

test("staff sign in, open a report and change its status, by keyboard alone", async ({ page }) => {
  test.setTimeout(90_000);
  const title = uniqueTitle("Keyboard status change");
  await seedGrievance(page.request, portal.url, { title });

  await page.goto(at("/staff/sign-in"));
  await tabTo(page, page.getByLabel("Email"));
  await page.keyboard.type(STAFF_EMAIL);
  // A wrong password: the message is said, and the focus stays where the keyboard user is.
  await tabTo(page, page.getByLabel("Password"));
  await page.keyboard.type("not the password");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("sign-in-error")).not.toBeEmpty();
  await focusIsOnThePage(page);
  await page.getByLabel("Password").focus();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(STAFF_PASSWORD);
  await page.keyboard.press("Enter");
  await expectHeadingFocused(page, "Work queue");

  // The console has its own header: the account and Sign out, not the public navigation.
  await expect(page.getByTestId("staff-email")).toHaveText(STAFF_EMAIL);
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);

  await tabTo(page, page.getByRole("link", { name: title }));
  await page.keyboard.press("Enter");
  await expectHeadingFocused(page, title);

  // Nothing is preselected: the status is chosen.
  const newStatus = page.getByLabel("New status");
  await expect(newStatus).toHaveValue("");
  await tabTo(page, newStatus);
  await page.keyboard.type("In progress");
  await expect(newStatus).toHaveValue("in-progress");
  await tabTo(page, page.getByLabel("Public note"));
  await page.keyboard.type("A crew is on its way.");
  await tabTo(page, page.getByRole("button", { name: "Change status" }));
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("status-change-done")).toHaveText("Status changed to In progress.");
  await focusIsOnThePage(page);
  await expect(page.getByTestId("staff-report").getByTestId("status-badge")).toHaveText("In progress");
});
