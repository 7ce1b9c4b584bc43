import { test, type Page } from "@playwright/test";
import { expect, expectNoAxeViolations } from "./support/fixtures.ts";
import { startPortal, type RunningPortal } from "./support/portal-process.ts";
import { dataDirWithStaff } from "./support/staff-portal.ts";

// An administrator manages the categories (docs/decisions/017), and the public form follows. Its own portal: the
// account is made by the CLI (an administrator by default) before the portal opens the data folder.

const ADMIN_EMAIL = "admin@utility.example";
const PASSWORD = "correct horse battery staple";
let portal: RunningPortal;

test.describe.configure({ mode: "serial" });
test.beforeAll(async () => {
  test.setTimeout(150_000);
  portal = await startPortal({}, dataDirWithStaff("portal-e2e-admin-", ADMIN_EMAIL, PASSWORD));
});
test.afterAll(async () => portal?.stop());

const at = (pathname: string) => `${portal.url}${pathname}`;

async function signIn(page: Page) {
  await page.goto(at("/staff"));
  await page.getByLabel("Email").fill(ADMIN_EMAIL);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("staff-email")).toHaveText(ADMIN_EMAIL);
}

const formOptions = async (page: Page, label = /^Category/) => {
  await page.goto(at("/submit-grievance"));
  const select = page.getByLabel(label);
  // More than the placeholder: "not one option" alone also passes before the select has rendered (none at all).
  await expect.poll(() => select.locator("option").count()).toBeGreaterThan(1);
  return select.locator("option").allTextContents();
};

test("an administrator adds, renames, moves and deactivates a category; the form follows", async ({ page }) => {
  await signIn(page);
  await page.getByRole("link", { name: "Administration" }).click();
  await expect(page.getByRole("heading", { name: "Categories", level: 2 })).toBeVisible();
  const items = page.getByTestId("category-item");
  await expect(items).toHaveCount(7);

  const add = page.getByRole("region", { name: "Add a category" });
  await add.getByLabel("Service code").fill("water-kiosks");
  await add.getByLabel("Name (English)").fill("Water kiosks");
  await add.getByLabel("Group (optional)").fill("Supply");
  await add.getByLabel("Description in English (optional)").fill("Kiosks and standpipes.");
  // Its Arabic name and description, typed right to left, and its icon (migration 021).
  await expect(add.getByLabel("Name in العربية")).toHaveAttribute("dir", "rtl");
  await add.getByLabel("Name in العربية").fill("أكشاك المياه");
  await add.getByLabel("Description in العربية").fill("أكشاك تبيع المياه.");
  await add.getByRole("radio", { name: "Tank" }).check();
  await add.getByRole("button", { name: "Add category" }).click();
  await expect(page.getByTestId("categories-done")).toHaveText('"Water kiosks" was added at the end of the list.');
  await expect(items).toHaveCount(8);
  await expect(items.last()).toContainText("water-kiosks");
  await expectNoAxeViolations(page);

  // Rename through its edit form.
  const kiosks = items.filter({ hasText: "water-kiosks" });
  await kiosks.getByText("Edit Water kiosks").click();
  await expect(kiosks.getByRole("radio", { name: "Tank" })).toBeChecked();
  await expect(kiosks.getByLabel("Name in العربية")).toHaveValue("أكشاك المياه");
  await kiosks.getByLabel("Name (English)").fill("Water kiosks and standpipes");
  await kiosks.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByTestId("categories-done")).toHaveText('"Water kiosks and standpipes" was saved.');

  // Move it up one place, with the keyboard.
  await page.getByRole("button", { name: "Move Water kiosks and standpipes up" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("categories-done")).toHaveText(
    '"Water kiosks and standpipes" moved up to place 7 of 8.',
  );
  await expect(items.nth(6)).toContainText("Water kiosks and standpipes");

  // The form: the ungrouped ones in their order, then the "Supply" group.
  const offered = await formOptions(page);
  expect(offered).toEqual([
    "Select a category",
    "Water Quality Issues",
    "Water Supply Problems",
    "Sanitation Issues",
    "Infrastructure Problems",
    "Leakage Issues",
    "Drainage Problems",
    "Other",
    "Water kiosks and standpipes",
  ]);
  await expect(page.locator('optgroup[label="Supply"] option')).toHaveText(["Water kiosks and standpipes"]);
  // Chosen, it shows its icon and its description.
  await page.getByLabel(/^Category/).selectOption("water-kiosks");
  await expect(page.getByTestId("category-note")).toHaveText("Water kiosks and standpipesKiosks and standpipes.");
  await expect(page.getByTestId("category-note").locator("svg")).toHaveCount(1);
  await expect(page.getByLabel(/^Category/)).toHaveAttribute("aria-describedby", /report-category-note/);

  // In Arabic the form offers the Arabic names, the seven's as shipped and this one's as typed, with the description.
  await page.context().addCookies([{ name: "lang", value: "ar", url: portal.url }]);
  const arabic = await formOptions(page, /^الفئة/);
  expect(arabic).toContain("مشكلات جودة المياه");
  expect(arabic).toContain("أكشاك المياه");
  expect(arabic).not.toContain("Water Quality Issues");
  await page.getByLabel(/^الفئة/).selectOption("water-kiosks");
  await expect(page.getByTestId("category-note")).toHaveText("أكشاك المياهأكشاك تبيع المياه.");
  await expectNoAxeViolations(page);
  await page.context().clearCookies({ name: "lang" });

  // Deactivate: gone from the form, still in the list's filter, marked.
  await page.goto(at("/staff/admin/categories"));
  await page.getByRole("button", { name: "Deactivate Water kiosks and standpipes" }).click();
  await expect(page.getByTestId("categories-done")).toHaveText(
    '"Water kiosks and standpipes" is no longer offered on the form. Its reports keep it.',
  );
  expect(await formOptions(page)).not.toContain("Water kiosks and standpipes");
  await page.goto(at("/grievances"));
  await expect(
    page.getByLabel("Category").locator("option", { hasText: "Water kiosks and standpipes (no longer offered)" }),
  ).toHaveCount(1);
});
