import type { Page } from "@playwright/test";
import { expect, pngImage, test, uniqueTitle } from "./support/fixtures.ts";

// The offline app shell and the reports kept on the phone (docs/offline.md). The only spec that lets the service
// worker run (playwright.config.ts blocks it for the others).
test.use({ serviceWorkers: "allow" });

const SAVED = "Saved on this phone — will be sent when you are back online";

/** Waits until the service worker has installed the app shell and controls the page. */
async function shellInstalled(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

test("the form opens without a connection, keeps a report with its photo, and sends it once when back online", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const title = uniqueTitle("Written at the broken pipe");
  await page.goto("/submit-grievance");
  await expect(page.getByLabel("Category*").locator("option")).not.toHaveCount(1);
  await shellInstalled(page);

  // The app shell loads offline; the categories seen last are offered.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Report a Grievance" })).toBeVisible();
  await expect(page.getByTestId("storage-error")).toHaveCount(0);
  await page.getByLabel("Issue Title*").fill(title);
  await page.getByLabel("Category*").selectOption("Leakage Issues");
  await page.getByLabel("Detailed Description*").fill("Water pours from the main under the road; no signal here.");
  await page
    .getByLabel("Upload Images (Optional)")
    .setInputFiles([{ name: "pipe.png", mimeType: "image/png", buffer: await pngImage(400, 300) }]);
  await page.getByRole("button", { name: "Submit Grievance" }).click();

  await expect(page.getByTestId("saved-offline")).toHaveText(SAVED);
  await expect(page.getByTestId("saved-offline")).toBeFocused();
  await expect(page.getByLabel("Issue Title*")).toHaveValue("");
  await expect(page.getByTestId("offline-outbox")).toContainText(
    "1 report saved on this phone will be sent when you are back online.",
  );

  // Kept across a reload (IndexedDB), still offline.
  await page.reload();
  await expect(page.getByTestId("offline-outbox")).toContainText("1 report saved on this phone");

  // Back online: sent, with its reference. Two tabs at once must not make two reports.
  const second = await context.newPage();
  await context.setOffline(false);
  await second.goto("/grievances");
  const sent = page.getByTestId("offline-sent");
  await expect(sent).toContainText(`Your report “${title}” was sent. Reference: WS-`);
  await expect(page.getByTestId("offline-outbox")).not.toContainText("will be sent when you are back online");
  // Said once, and the form no longer says it waits.
  await expect(sent).toHaveCount(1);
  await expect(page.getByTestId("saved-offline")).toHaveCount(0);

  await expect
    .poll(
      async () =>
        (await (await request.get(`${baseURL}/api/grievances?q=${encodeURIComponent(title)}`)).json()).matching,
    )
    .toBe(1);
  await sent.getByRole("link", { name: "View it" }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("button", { name: /^View image 1 of 1$/ })).toBeVisible();

  // Sent reports join My Reports on this device, and nothing waits any more.
  await page.goto("/my-reports");
  await expect(page.getByRole("link", { name: title })).toBeVisible();
  await expect(page.getByTestId("offline-outbox")).toHaveCount(0);
});

test("no API answer is served from the cache: offline, the list says it could not load", async ({ page, context }) => {
  await page.goto("/grievances");
  await expect(page.getByTestId("result-count")).toBeVisible();
  await shellInstalled(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Grievance Reports" })).toBeVisible();
  await expect(page.getByTestId("list-error")).toBeVisible();
  await expect(page.getByTestId("result-count")).toHaveCount(0);
  await context.setOffline(false);
});
