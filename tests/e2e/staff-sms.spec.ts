import path from "node:path";
import { test, type Page } from "@playwright/test";
import type { StaffGrievanceDetail } from "#shared/staff/staff-api.ts";
import { expect, expectNoAxeViolations, expectNoHorizontalScroll, seedGrievance, tileEnv } from "./support/fixtures.ts";
import { startTileServer, type TileServer } from "../support/tile-server.ts";
import { startPortal, type RunningPortal } from "./support/portal-process.ts";
import { dataDirWithStaff } from "./support/staff-portal.ts";

// The staff's side of SMS (docs/decisions/041-sms-for-staff.md): the report page's SMS conversation, a message sent
// from it, and the form's "Send me updates by SMS". SMS is set up against a gateway address nothing answers: a
// message stays queued, as during an outage. SMS_SHOTS_DIR: where to save the pages' screenshots, to look at.

const STAFF_EMAIL = "sms-desk@utility.example";
const STAFF_PASSWORD = "correct horse battery staple";
const SHOTS = process.env.SMS_SHOTS_DIR;

let portal: RunningPortal;
let tiles: TileServer;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  tiles = await startTileServer();
  portal = await startPortal(
    {
      ...tileEnv(tiles),
      MAP_DEFAULT_CENTER: "-1.2921,36.8219,12",
      PUBLIC_URL: "https://water.example",
      SMS_GATEWAY: "kannel",
      KANNEL_SENDSMS_URL: "http://127.0.0.1:9/cgi-bin/sendsms",
      KANNEL_USERNAME: "portal",
      KANNEL_PASSWORD: "secret",
      SMS_NUMBER: "+254700000123",
      SMS_INBOUND_TOKEN: "an-inbound-token-long-enough",
      SMS_DEFAULT_COUNTRY: "KE",
    },
    dataDirWithStaff("portal-e2e-sms-", STAFF_EMAIL, STAFF_PASSWORD),
  );
});

test.afterAll(async () => {
  await portal?.stop();
  await tiles?.close();
});

async function signIn(page: Page, next: string) {
  await page.goto(`${portal.url}${next}`);
  await page.getByLabel("Email").fill(STAFF_EMAIL);
  await page.getByLabel("Password").fill(STAFF_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("staff-email")).toHaveText(STAFF_EMAIL);
}

const SIZES = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1366, height: 900 },
];

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

test("staff read a report's SMS and write to the reporter from its page", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const seeded = await seedGrievance(page.request, portal.url, {
    title: "Dry tap at the market",
    user_phone: "0712 345 678",
  });
  await signIn(page, `/staff/grievances/${seeded.id}`);

  const panel = page.getByTestId("sms-panel");
  await expect(panel.getByTestId("sms-status")).toContainText("SMS is on.");
  await expect(panel).toContainText("No SMS yet.");

  // Empty: the message at the field, nothing sent.
  await panel.getByRole("button", { name: "Send SMS" }).click();
  await expect(panel.getByTestId("sms-error")).toHaveText("Please write the message to send.");

  await panel
    .getByLabel("Message to the reporter")
    .fill("A crew comes tomorrow at 9. Reply here if the tap runs again.");
  await panel.getByRole("button", { name: "Send SMS" }).click();
  await expect(panel.getByTestId("sms-done")).toHaveText("The message is queued and will be sent by SMS.");
  const message = panel.getByTestId("sms-message");
  await expect(message).toHaveCount(1);
  await expect(message).toContainText("A crew comes tomorrow at 9.");
  await expect(message).toContainText(`To the reporter, from ${STAFF_EMAIL}`);
  await expect(message.getByTestId("sms-state")).toContainText("Queued");
  await expect(panel.getByLabel("Message to the reporter")).toHaveValue("");

  // Too long for three SMS: the server's message, nothing queued.
  await panel.getByLabel("Message to the reporter").fill("x".repeat(460));
  await panel.getByRole("button", { name: "Send SMS" }).click();
  await expect(panel.getByTestId("sms-error")).toContainText("longer than three SMS");
  await expect(message).toHaveCount(1);
  await expectNoAxeViolations(page);

  // No pin yet: staff place it on the map (setGrievanceLocation), and the timeline says so.
  const place = page.getByTestId("place-panel");
  await expect(place).toContainText("No pin yet, and the reporter did not describe the place.");
  await place.getByRole("button", { name: "Choose on a map" }).click();
  await place.getByRole("button", { name: "Place the pin at the map centre" }).click();
  await expect(place.getByTestId("place-pin")).toContainText("-1.292100");
  await place.getByRole("button", { name: "Save the place" }).click();
  await expect(place.getByTestId("place-done")).toHaveText("The report's place is saved.");
  await expect(page.getByTestId("staff-timeline")).toContainText("Placed on the map at -1.292100, 36.821900");
  await expect(place.getByRole("heading", { name: "Move the pin" })).toBeVisible();

  if (SHOTS) {
    await panel.getByLabel("Message to the reporter").fill("");
    for (const locale of ["en", "ar"]) {
      await page.context().addCookies([{ name: "lang", value: locale, url: portal.url }]);
      for (const size of SIZES) {
        await page.setViewportSize({ width: size.width, height: size.height });
        await page.goto(`${portal.url}/staff/grievances/${seeded.id}`);
        await expect(page.getByTestId("sms-message")).toHaveCount(1);
        await expectNoHorizontalScroll(page);
        await shoot(page, `console-report-${locale}-${size.name}`);
      }
    }
    await page.context().addCookies([{ name: "lang", value: "en", url: portal.url }]);
  }
});

test('the form offers "Send me updates by SMS" once a phone number is written, and the report keeps the consent', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${portal.url}/submit-grievance`);
  const tick = page.getByRole("checkbox", { name: "Send me updates by SMS" });
  await expect(tick).toBeDisabled();
  await expect(page.getByText("Give a phone number above to receive updates by SMS.")).toBeVisible();
  await page.getByLabel("Phone Number").fill("0712 345 678");
  await expect(tick).toBeEnabled();
  await tick.check();
  await expect(
    page.getByText("Each change to your report is sent to your phone by SMS. Reply STOP to end them."),
  ).toBeVisible();
  // Emptying the number takes the tick with it.
  await page.getByLabel("Phone Number").fill("");
  await expect(tick).not.toBeChecked();
  await expect(tick).toBeDisabled();
  await page.getByLabel("Phone Number").fill("0712 345 678");
  await tick.check();
  await expectNoAxeViolations(page);
  await shoot(page, "form-en-phone");

  await page.getByLabel("Issue Title*").fill("Meter leaking by the school");
  await page.getByLabel("Category*").selectOption("Leakage Issues");
  await page.getByLabel("Detailed Description*").fill("The meter by the school gate leaks all day.");
  await page.getByRole("button", { name: "Submit Grievance" }).click();
  const reference = await page.getByTestId("submitted-reference").textContent();
  expect(reference).toMatch(/^WS-/);

  await signIn(page, "/staff");
  const list = await page.request.get(`${portal.url}/api/staff/grievances?q=${encodeURIComponent("Meter leaking")}`);
  const id = ((await list.json()) as { items: { id: string; reference: string }[] }).items.find(
    (item) => item.reference === reference,
  )?.id;
  expect(id).toBeTruthy();
  const detail = (await (
    await page.request.get(`${portal.url}/api/staff/grievances/${id}`)
  ).json()) as StaffGrievanceDetail;
  expect(detail.sms.updatesBySms).toBe(true);
  await page.goto(`${portal.url}/staff/grievances/${id}`);
  await expect(page.getByTestId("sms-status")).toContainText("The reporter agreed to updates by SMS.");

  if (SHOTS) {
    for (const locale of ["en", "ar"]) {
      await page.context().addCookies([{ name: "lang", value: locale, url: portal.url }]);
      for (const size of SIZES) {
        await page.setViewportSize({ width: size.width, height: size.height });
        await page.goto(`${portal.url}/submit-grievance`);
        await page.locator("#report-user-phone").fill("0712 345 678");
        await page.locator("#report-sms-updates").check();
        await expectNoHorizontalScroll(page);
        await shoot(page, `form-${locale}-${size.name}`);
      }
    }
  }
});
