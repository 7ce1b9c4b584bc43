import { request as playwrightRequest, type Locator, type Page } from "@playwright/test";
import jsQR from "jsqr";
import sharp from "sharp";
import { apiPaths } from "#shared/api-paths.ts";
import { staffApiPaths } from "#shared/staff/staff-api.ts";
import { expect, expectNoAxeViolations, expectNoHorizontalScroll, test, tileEnv } from "./support/fixtures.ts";
import { startPortal, type RunningPortal } from "./support/portal-process.ts";
import { dataDirWithStaff } from "./support/staff-portal.ts";

// A water point's page and its printable sign (docs/decisions/039-water-point-status.md): whether it works and since
// when, its total downtime, its reports with the open ones first, and a sign whose QR codes open the page and the form
// with the point chosen, with the SMS number when SMS is on.

const ADMIN = { email: "admin@utility.example", password: "every kiosk on the map" };
const PUBLIC_URL = "https://water.example";
const SMS_NUMBER = "+254700000123";
const REGISTRY = [
  "wpdx_id,lat_deg,lon_deg,water_source_clean,water_tech_clean,status_id,clean_adm1,clean_adm2,name",
  "WP-0412,-1.2921,36.8219,Borehole,Hand Pump,Yes,Nairobi,Kibra,Kiosk by the market",
].join("\n");

let portal: RunningPortal;
test.describe.configure({ mode: "serial" });
test.beforeAll(async ({ tiles }) => {
  test.setTimeout(150_000);
  portal = await startPortal(
    {
      ...tileEnv(tiles),
      PUBLIC_URL,
      // SMS on (nothing is sent: no report asks for SMS updates), so that the sign prints the number.
      SMS_GATEWAY: "kannel",
      KANNEL_SENDSMS_URL: "http://127.0.0.1:9/cgi-bin/sendsms",
      KANNEL_USERNAME: "portal",
      KANNEL_PASSWORD: "kannel-password",
      SMS_NUMBER,
      SMS_INBOUND_TOKEN: "an-inbound-token-long-enough",
    },
    dataDirWithStaff("portal-e2e-water-point-page-", ADMIN.email, ADMIN.password),
  );
  const api = await playwrightRequest.newContext({ baseURL: portal.url, extraHTTPHeaders: { Origin: portal.url } });
  expect((await api.post(staffApiPaths.session, { data: ADMIN })).status()).toBe(200);
  const imported = await api.post(staffApiPaths.adminWaterPointImport, {
    multipart: { file: { name: "registry.csv", mimeType: "text/csv", buffer: Buffer.from(REGISTRY) } },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  // One outage report, open, and an earlier quality report about the same point.
  for (const [title, category] of [
    ["Brown water at the kiosk", "Water Quality Issues"],
    ["No water at the kiosk since Monday", "Water Supply Problems"],
  ]) {
    const sent = await api.post(apiPaths.grievances, {
      multipart: {
        title: title!,
        description: `${title}. Please send someone.`,
        category: category!,
        priority: "high",
        water_point: "wp-0412",
      },
    });
    expect(sent.status(), await sent.text()).toBe(201);
  }
  await api.dispose();
});
test.afterAll(async () => portal?.stop());

const at = (pathname: string) => `${portal.url}${pathname}`;

/** What a QR code on the page says, read from its pixels as a phone's camera would. */
async function decodeQr(code: Locator): Promise<string | undefined> {
  const png = await code.screenshot();
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data;
}

async function openPoint(page: Page, code: string) {
  await page.goto(at(`/water-points/${code}`));
  await expect(page.getByRole("heading", { level: 1, name: "Kiosk by the market" })).toBeVisible();
}

test("the page says the point is not working, since when and for how long, with its reports", async ({ page }) => {
  await openPoint(page, "wp-0412");
  const status = page.getByTestId("water-point-status");
  await expect(status).toHaveText(/Not working/);
  await expect(status).toHaveClass(/water-point-status--not-functional/);
  await expect(page.getByTestId("water-point-since")).toContainText("since");
  await expect(page.getByTestId("water-point-downtime")).toHaveText(/minute/);
  await expect(page.getByText("Borehole · Hand Pump")).toBeVisible();
  await expect(page.getByText("Nairobi, Kibra")).toBeVisible();
  await expect(page.getByTestId("pin-map")).toBeVisible();
  // Open first, newest first: both are open, the outage is the newer.
  const reports = page.getByTestId("water-point-reports").getByRole("link");
  await expect(reports).toHaveText(["No water at the kiosk since Monday", "Brown water at the kiosk"]);
  await expect(page.getByRole("link", { name: "Report a problem at this point" })).toHaveAttribute(
    "href",
    "/submit-grievance?water_point=WP-0412",
  );
  await expectNoAxeViolations(page);
  await expectNoHorizontalScroll(page);

  await reports.first().click();
  await expect(page.getByRole("heading", { level: 1, name: "No water at the kiosk since Monday" })).toBeVisible();
});

test("the sign has the code, the name, two QR codes that read as the page and the form, and the SMS number", async ({
  page,
}) => {
  await openPoint(page, "WP-0412");
  await page.getByRole("link", { name: "Printable sign for this point" }).click();
  const sign = page.getByTestId("water-point-sign");
  await expect(sign.locator(".water-point-sign__code")).toHaveText("WP-0412");
  await expect(sign.getByRole("heading", { name: "Kiosk by the market" })).toBeVisible();
  await expect(page.getByTestId("sign-sms")).toHaveText(
    `No smartphone? Send an SMS to ${SMS_NUMBER} that starts with WP-0412, then say what is wrong.`,
  );
  expect(await decodeQr(page.getByTestId("sign-qr-page"))).toBe(`${PUBLIC_URL}/water-points/WP-0412`);
  expect(await decodeQr(page.getByTestId("sign-qr-report"))).toBe(`${PUBLIC_URL}/submit-grievance?water_point=WP-0412`);
  await expectNoAxeViolations(page);
  await expectNoHorizontalScroll(page);

  // Printed, the sign alone: no site header, footer or buttons.
  await page.emulateMedia({ media: "print" });
  await expect(page.locator(".site-header")).toBeHidden();
  await expect(page.locator(".site-footer")).toBeHidden();
  await expect(page.getByRole("button", { name: "Print this sign" })).toBeHidden();
  await expect(sign).toBeVisible();
});

test("the sign speaks the visitor's language, and an unknown code or view is the friendly page not found", async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: "ar" });
  const page = await context.newPage();
  await page.goto(at("/water-points/WP-0412/sign"));
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByText("هل تعمل هذه النقطة؟ امسح الرمز لتعرف.")).toBeVisible();
  await expect(page.getByTestId("sign-sms")).toContainText(SMS_NUMBER);
  await context.close();

  const other = await browser.newPage();
  for (const pathname of ["/water-points/WP-9999", "/water-points/WP-0412/poster"]) {
    await other.goto(at(pathname));
    await expect(other.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  }
  await other.close();
});
