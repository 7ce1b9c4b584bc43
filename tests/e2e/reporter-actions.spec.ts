import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test, type Page } from "@playwright/test";
import { expect, expectNoAxeViolations, expectNoHorizontalScroll, pngImage, uniqueTitle } from "./support/fixtures.ts";
import { startPortal, type RunningPortal } from "./support/portal-process.ts";
import { dataDirWithStaff } from "./support/staff-portal.ts";

// The tracking page (docs/decisions/015-reporter-actions.md): the reporter adds an update with a photo from
// their private page, staff resolve the report, the reporter answers "No, it is still a problem", and the report
// is in progress again and flagged in the console. Like staff.spec.ts, this file runs its own portal: the staff
// account is created with the CLI before the portal opens the data folder.

const STAFF_EMAIL = "crew@utility.example";
const STAFF_PASSWORD = "correct horse battery staple";
// Outside test-results, which every Playwright run empties when it starts.
const SCREENSHOTS = process.env.SCREENSHOT_DIR ?? path.join(os.tmpdir(), "portal-reporter-actions-screens");

let portal: RunningPortal;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  const dataDir = dataDirWithStaff("portal-e2e-reporter-", STAFF_EMAIL, STAFF_PASSWORD);
  portal = await startPortal({}, dataDir);
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
});

test.afterAll(async () => {
  await portal?.stop();
});

const at = (pathname: string) => `${portal.url}${pathname}`;

async function screenshots(page: Page, name: string) {
  for (const [label, width, height] of [
    ["phone", 360, 740],
    ["desktop", 1280, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${label}.png`), fullPage: true });
  }
}

async function staffSignIn(page: Page) {
  await page.getByLabel("Email").fill(STAFF_EMAIL);
  await page.getByLabel("Password").fill(STAFF_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("a reporter adds an update with a photo, then reopens the resolved report: staff see the flag", async ({
  page,
}) => {
  const title = uniqueTitle("Burst main on Market Road");
  const form = new FormData();
  form.append("title", title);
  form.append("description", "Water has been gushing from the road since this morning.");
  form.append("category", "Leakage Issues");
  form.append("user_email", "reporter@example.org");
  const submitted = await page.request.post(at("/api/grievances"), { multipart: form });
  expect(submitted.status()).toBe(201);
  const { id, trackingUrl } = (await submitted.json()) as { id: string; trackingUrl: string };

  // The reporter, on a phone, opens their private page and adds an update with a photo.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(trackingUrl);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const updateForm = page.getByTestId("update-form");
  await expect(updateForm.getByRole("heading", { name: "Add an update" })).toBeVisible();
  // Without text: the message at the field, which gets focus.
  await updateForm.getByRole("button", { name: "Add update" }).click();
  const text = updateForm.getByLabel("What has changed?");
  await expect(updateForm.getByText("Please describe what has changed.")).toBeVisible();
  await expect(text).toBeFocused();
  await expect(text).toHaveAttribute("aria-invalid", "true");

  await text.fill("The hole is now a metre wide and cars drive around it.");
  await updateForm
    .getByLabel("Upload Images (Optional)")
    .setInputFiles({ name: "hole.png", mimeType: "image/png", buffer: await pngImage(800, 600, "#8d6e63") });
  await expect(updateForm.getByRole("img", { name: "Preview of hole.png" })).toBeVisible();
  await updateForm.getByRole("button", { name: "Add update" }).click();
  await expect(updateForm.getByRole("status")).toHaveText("Thank you. Your update was added to the report's timeline.");
  await expect(text).toHaveValue("");
  await expect(updateForm.getByRole("img", { name: "Preview of hole.png" })).toHaveCount(0);
  const timeline = page.getByTestId("progress-timeline");
  const updateEntry = timeline.getByTestId("reporter-update-entry");
  await expect(updateEntry).toContainText("Update from the reporter");
  await expect(updateEntry).toContainText("The hole is now a metre wide");
  await expect(updateEntry.getByRole("button", { name: "View photo 1 of 1" })).toBeVisible();
  // The thumbnail really loads.
  await expect
    .poll(() => updateEntry.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  // No "Is it fixed?" before the report is resolved.
  await expect(page.getByTestId("fixed-question")).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshots(page, "1-update-added");

  // Staff see the update in the report view and resolve the report.
  await page.goto(at(`/staff/grievances/${id}`));
  await staffSignIn(page);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const staffUpdates = page.getByTestId("staff-reporter-updates");
  await expect(staffUpdates.getByRole("heading", { name: "Updates from the reporter" })).toBeVisible();
  await expect(staffUpdates).toContainText("The hole is now a metre wide");
  await expect(staffUpdates.getByRole("button", { name: "Hide update" })).toBeVisible();
  await page.getByLabel("New status").selectOption({ label: "Resolved" });
  await page.getByLabel("Public note").fill("The main was repaired and the road filled.");
  await page.getByRole("button", { name: "Change status" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Status changed to Resolved." })).toBeVisible();
  await expectNoAxeViolations(page);

  // The reporter comes back: "Is it fixed?" — no, it is still a problem.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(trackingUrl);
  const question = page.getByTestId("fixed-question");
  await expect(question.getByRole("heading", { name: "Is it fixed?" })).toBeVisible();
  await expect(question.getByRole("button", { name: "Yes" })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, "2-is-it-fixed");
  await page.setViewportSize({ width: 360, height: 740 });

  const noButton = question.getByRole("button", { name: "No, it is still a problem" });
  await noButton.click();
  const note = question.getByLabel("What is still wrong?");
  await expect(note).toBeFocused();
  // Cancel gives focus back to the button that opened the note.
  await question.getByRole("button", { name: "Cancel" }).click();
  await expect(noButton).toBeFocused();
  await noButton.click();
  await expect(note).toBeFocused();
  await question.getByRole("button", { name: "Send: still a problem" }).click();
  await expect(question.getByText("Please tell us what is still wrong.")).toBeVisible();
  await expect(note).toHaveAttribute("aria-invalid", "true");
  await note.fill("Water still bubbles up next to the repair.");
  await expectNoAxeViolations(page);
  await question.getByRole("button", { name: "Send: still a problem" }).click();
  const done = question.getByRole("status");
  await expect(done).toHaveText(
    "Thank you. The report is in progress again and the staff have been told it is still a problem.",
  );
  await expect(done).toBeFocused();
  await expect(question.getByRole("button")).toHaveCount(0);
  await expect(page.getByTestId("tracked-report").getByTestId("status-badge").first()).toHaveText("In progress");
  const reopen = timeline.getByRole("listitem").last();
  await expect(reopen).toContainText("In progress");
  await expect(reopen).toContainText("Reopened by the reporter: it is still a problem");
  await expect(reopen).toContainText("Water still bubbles up next to the repair.");
  await expectNoAxeViolations(page);
  await screenshots(page, "3-reopened");

  // The public page shows the update and the reopen, without anyone's identity.
  await page.goto(at(`/grievance/${id}`));
  const publicTimeline = page.getByTestId("progress-timeline");
  await expect(publicTimeline.getByTestId("reporter-update-entry")).toContainText("The hole is now a metre wide");
  await expect(publicTimeline).toContainText("Reopened by the reporter: it is still a problem");
  await expect(page.getByText(STAFF_EMAIL)).toHaveCount(0);
  await expect(page.getByText("reporter@example.org")).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The console: in progress again and flagged, and found by the filter.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(at("/staff"));
  const row = page.getByTestId("queue-row").filter({ hasText: title });
  await expect(row.getByTestId("status-badge")).toHaveText("In progress");
  await expect(row.getByTestId("reopened-marker")).toHaveText("Reopened by reporter");
  await page.getByLabel("Reopened by reporter only").check();
  await expect(page).toHaveURL(/reopened=true/);
  await expect(page.getByTestId("queue-row")).toHaveCount(1);
  await expect(page.getByTestId("queue-row")).toContainText(title);
  await expectNoAxeViolations(page);
  await screenshots(page, "4-console");

  // The staff view: the flag and the reporter's reopen in the timeline.
  await page.setViewportSize({ width: 1280, height: 900 });
  await row.getByRole("link", { name: title }).click();
  await expect(page.getByTestId("staff-report").getByTestId("reopened-marker")).toBeVisible();
  await expect(page.getByTestId("staff-timeline")).toContainText("Reopened by the reporter");
  await expect(page.getByTestId("staff-timeline")).toContainText("by the reporter");
  await screenshots(page, "5-staff-report");
});

test("the page's action sends an update with its photo once, then the report is read once; a failed read keeps the page", async ({
  page,
}) => {
  const title = uniqueTitle("Leaking standpipe");
  const form = new FormData();
  form.append("title", title);
  form.append("description", "The standpipe by the school leaks day and night.");
  form.append("category", "Leakage Issues");
  const submitted = await page.request.post(at("/api/grievances"), { multipart: form });
  const { trackingUrl } = (await submitted.json()) as { trackingUrl: string };
  const trackApi = `/api/track/${new URL(trackingUrl).pathname.split("/").pop()}`;
  const asked: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (!pathname.startsWith(trackApi)) return;
    asked.push(`${request.method()} ${pathname.slice(trackApi.length) || "/"}`);
  });

  await page.goto(trackingUrl);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(asked).toEqual(["GET /"]);

  // A refusal of the action's own check sends nothing and reads nothing again.
  const updateForm = page.getByTestId("update-form");
  const send = updateForm.getByRole("button", { name: "Add update" });
  await send.click();
  await expect(updateForm.getByText("Please describe what has changed.")).toBeVisible();
  await expect(updateForm.getByLabel("What has changed?")).toBeFocused();
  expect(asked).toEqual(["GET /"]);

  // The update with its photo: one POST (the photo arrives with it), then one read of the report for the timeline.
  await updateForm.getByLabel("What has changed?").fill("It now floods the path to the school.");
  await updateForm
    .getByLabel("Upload Images (Optional)")
    .setInputFiles({ name: "path.png", mimeType: "image/png", buffer: await pngImage(400, 300, "#5d4037") });
  await expect(updateForm.getByRole("img", { name: "Preview of path.png" })).toBeVisible();
  await send.click();
  await expect(updateForm.getByRole("status")).toHaveText("Thank you. Your update was added to the report's timeline.");
  const entry = page.getByTestId("reporter-update-entry");
  await expect(entry).toContainText("It now floods the path to the school.");
  await expect(entry.getByRole("button", { name: "View photo 1 of 1" })).toBeVisible();
  await expect(send).toBeFocused();
  await page.waitForLoadState("networkidle");
  expect(asked).toEqual(["GET /", "POST /updates", "GET /"]);

  // When that read fails, the page keeps the report it shows, and the action's message.
  await page.route(`**${trackApi}`, (route) => (route.request().method() === "GET" ? route.abort() : route.continue()));
  await updateForm.getByLabel("What has changed?").fill("A neighbour put a bucket under it.");
  await send.click();
  await expect(updateForm.getByRole("status")).toHaveText("Thank you. Your update was added to the report's timeline.");
  await expect(page.getByTestId("tracked-report")).toBeVisible();
  await expect(page.getByTestId("track-unavailable")).toHaveCount(0);
  await expect(send).toBeFocused();
  expect(asked.filter((entry) => entry === "POST /updates")).toHaveLength(2);
  expect(asked.filter((entry) => entry === "GET /")).toHaveLength(3);
});

test("staff hide a reporter update: it leaves the public timeline", async ({ page }) => {
  const title = uniqueTitle("Overflowing latrine");
  const form = new FormData();
  form.append("title", title);
  form.append("description", "The latrine behind the market overflows.");
  form.append("category", "Sanitation Issues");
  const submitted = await page.request.post(at("/api/grievances"), { multipart: form });
  const { id, trackingUrl } = (await submitted.json()) as { id: string; trackingUrl: string };
  const token = new URL(trackingUrl).pathname.split("/").pop()!;
  const update = new FormData();
  update.append("text", "Here is my neighbour's phone number: 0700 000 000");
  expect((await page.request.post(at(`/api/track/${token}/updates`), { multipart: update })).status()).toBe(201);

  await page.goto(at(`/staff/grievances/${id}`));
  await staffSignIn(page);
  const panel = page.getByTestId("staff-reporter-updates");
  await panel.getByRole("button", { name: "Hide update" }).click();
  await expect(panel.getByText("Please give a reason for hiding this update.")).toBeVisible();
  await panel.getByLabel("Reason for hiding this update").fill("Personal data of a neighbour.");
  await panel.getByRole("button", { name: "Hide update" }).click();
  await expect(panel.getByTestId("update-hidden-state")).toContainText("Hidden from the public");
  await expect(panel.getByTestId("update-hidden-state")).toContainText("Personal data of a neighbour.");
  await expectNoAxeViolations(page);

  await page.goto(at(`/grievance/${id}`));
  await expect(page.getByTestId("progress-timeline")).toBeVisible();
  await expect(page.getByTestId("reporter-update-entry")).toHaveCount(0);
  await expect(page.getByText("0700 000 000")).toHaveCount(0);
});
