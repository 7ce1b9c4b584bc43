import { test, type Page } from "@playwright/test";
import { expect, expectNoAxeViolations } from "./support/fixtures.ts";
import { startPortal, type RunningPortal } from "./support/portal-process.ts";
import { dataDirWithStaff } from "./support/staff-portal.ts";

// Roles, accounts with one-time links, API keys and the audit log, as an administrator and a new colleague use them
// (docs/decisions/017). The first administrator is made by the CLI, as an operator would.

const ADMIN_EMAIL = "admin@utility.example";
const NEW_EMAIL = "crew.lead@utility.example";
const PASSWORD = "correct horse battery staple";
let portal: RunningPortal;

test.describe.configure({ mode: "serial" });
test.beforeAll(async () => {
  test.setTimeout(150_000);
  portal = await startPortal({}, dataDirWithStaff("portal-e2e-accounts-", ADMIN_EMAIL, PASSWORD));
});
test.afterAll(async () => portal?.stop());

const at = (pathname: string) => `${portal.url}${pathname}`;

async function signIn(page: Page, email: string, password: string) {
  await page.goto(at("/staff/sign-in"));
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("staff-email")).toHaveText(email);
}

test("an admin adds a colleague, who sets a password through the link and works as staff until disabled", async ({
  page,
  browser,
}) => {
  await signIn(page, ADMIN_EMAIL, PASSWORD);
  await page.getByRole("link", { name: "Administration" }).click();
  await page.getByRole("link", { name: "Staff accounts" }).click();
  await page.getByLabel("Email").fill(NEW_EMAIL);
  await page.getByRole("button", { name: "Create account and link" }).click();
  await expect(page.getByTestId("accounts-done")).toHaveText(`Account ${NEW_EMAIL} created.`);
  const link = await page.getByTestId("password-link").getByRole("textbox").inputValue();
  expect(link).toMatch(/\/staff\/set-password\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByTestId("account-item").filter({ hasText: NEW_EMAIL })).toContainText("Password not set yet");
  await expectNoAxeViolations(page);

  // The colleague, in a browser of their own.
  const colleague = await (await browser.newContext()).newPage();
  await colleague.goto(link);
  await expect(colleague.getByTestId("set-password-email")).toHaveText(NEW_EMAIL);
  await colleague.getByLabel("New password").fill("a fresh long password");
  await colleague.getByLabel("Repeat the password").fill("a different password");
  await colleague.getByRole("button", { name: "Set password" }).click();
  await expect(colleague.getByRole("alert").filter({ hasText: "The two passwords differ." })).toBeVisible();
  await colleague.getByLabel("Repeat the password").fill("a fresh long password");
  await colleague.getByRole("button", { name: "Set password" }).click();
  await expect(colleague.getByText("Your password is set. Please sign in with it.")).toBeVisible();
  await signIn(colleague, NEW_EMAIL, "a fresh long password");
  await expect(colleague.getByRole("link", { name: "Administration" })).toHaveCount(0);
  await colleague.goto(at("/staff/admin/accounts"));
  await expect(colleague.getByText("Only administrators can do this.")).toBeVisible();
  // The link worked once.
  await colleague.goto(link);
  await expect(colleague.getByRole("alert")).toContainText("This link is not valid");

  // Disabled: the colleague's session ends.
  // Disabling is asked for twice: a summary opens the confirmation.
  await page.locator(`summary[aria-label="Disable…: ${NEW_EMAIL}"]`).click();
  await page.getByRole("button", { name: `Disable ${NEW_EMAIL}` }).click();
  await expect(page.getByTestId("accounts-done")).toHaveText(`${NEW_EMAIL} is disabled and signed out.`);
  await colleague.goto(at("/staff"));
  await expect(colleague).toHaveURL(/\/staff\/sign-in/);
});

test("an admin creates an API key, sees it once, revokes it; the audit log lists every action", async ({ page }) => {
  await signIn(page, ADMIN_EMAIL, PASSWORD);
  await page.goto(at("/staff/admin/api-keys"));
  await page.getByLabel("Name").fill("City work-order system");
  await page.getByRole("button", { name: "Create key" }).click();
  const key = await page.getByTestId("new-api-key").getByRole("textbox").inputValue();
  expect(key).toMatch(/^wgp_/);

  // The key works for Open311, until revoked.
  const post = () =>
    page.request.post(at("/open311/v2/requests.json"), {
      form: {
        api_key: key,
        service_code: "leakage",
        address_string: "Main Road 4",
        description: "Water running down the road.",
      },
    });
  expect((await post()).status()).toBe(201);

  await page.reload();
  await expect(page.getByTestId("new-api-key")).toHaveCount(0);
  const item = page.getByTestId("api-key-item").filter({ hasText: "City work-order system" });
  await expect(item).not.toContainText(key);
  await item.getByText("Revoke…").click();
  await item.getByRole("button", { name: "Revoke City work-order system" }).click();
  await expect(page.getByTestId("keys-done")).toHaveText('Key "City work-order system" revoked: it no longer works.');
  expect((await post()).status()).toBe(403);

  await page.getByRole("link", { name: "Audit log" }).click();
  const log = page.getByTestId("audit-log");
  await expect(log.getByRole("row").nth(1)).toContainText("api_key.revoke");
  for (const action of [
    "api_key.create",
    "account.disable",
    "account.password_set",
    "account.password_link",
    "account.create",
  ]) {
    await expect(log).toContainText(action);
  }
  await expect(log).toContainText("command line");
  await expectNoAxeViolations(page);
});
