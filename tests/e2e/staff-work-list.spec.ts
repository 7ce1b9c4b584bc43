import { test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { expect, expectNoAxeViolations, expectNoHorizontalScroll, seedGrievance } from "./support/fixtures.ts";
import { startPortal, type RunningPortal } from "./support/portal-process.ts";
import { dataDirWithStaff } from "./support/staff-portal.ts";

// The console's work list (docs/staff-guide.md, "The pages"): every column at 1366 px with tags and dates whole,
// sortable by its headers; cards on a phone; and a report's page that puts "Change status" under the report's summary
// on a phone, its secondary panels folded. A portal of its own, its account made before it opens the data folder.

const STAFF_EMAIL = "worklist@utility.example";
const STAFF_PASSWORD = "correct horse battery staple";

let portal: RunningPortal;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  portal = await startPortal({}, dataDirWithStaff("portal-e2e-work-list-", STAFF_EMAIL, STAFF_PASSWORD));
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

/** Three reports sharing a word: the oldest low, then urgent (two people affected), then high with an update. */
async function seedWorkList(request: APIRequestContext) {
  const word = `worklist${Math.random().toString(36).slice(2, 8)}`;
  const low = await seedGrievance(request, portal.url, {
    title: `Dripping standpipe ${word}`,
    priority: "low",
    location: "Junction of Ngong Road and Kenyatta Avenue, opposite the petrol station",
  });
  const urgent = await seedGrievance(request, portal.url, { title: `Burst main ${word}`, priority: "urgent" });
  const high = await seedGrievance(request, portal.url, { title: `No water since Monday ${word}`, priority: "high" });
  const affected = await request.post(at(`/api/grievances/${urgent.id}/affected`), {
    data: { browserId: `e2e-browser-${word}` },
  });
  expect(affected.status()).toBe(200);
  const token = new URL(high.trackingUrl).pathname.split("/").pop();
  const update = await request.post(at(`/api/track/${token}/updates`), {
    multipart: { text: "The tap in the yard is dry too." },
  });
  expect(update.status(), await update.text()).toBe(201);
  return { word, low, urgent, high };
}

/** How many lines an element's text takes. */
const linesOf = (locator: Locator) =>
  locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });

test("at 1366 px the queue shows every column, tags and dates whole, flags in words, sorted by its headers", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const { word, low, urgent, high } = await seedWorkList(page.request);
  await signIn(page, `/staff?q=${word}`);
  const table = page.getByTestId("queue-table");
  await expect(table.getByRole("columnheader")).toHaveText([
    "Reference",
    "Title",
    "Location",
    "Category",
    /^Priority/,
    "Status",
    "Team",
    /^Age and target/,
    "Incident",
    "Flags",
  ]);
  const titles = page.getByTestId("queue-row").locator("th a");
  await expect(titles).toHaveText([low.title, urgent.title, high.title]);

  const urgentRow = page.getByTestId("queue-row").filter({ hasText: urgent.title });
  await expect(urgentRow).toContainText(urgent.reference);
  await expect(urgentRow).toContainText("target 1 day");
  await expect(urgentRow).toContainText("2 people affected");
  await expect(page.getByTestId("queue-row").filter({ hasText: high.title })).toContainText(
    "1 new update from the reporter",
  );
  // No tag broken mid-word, no date wrapped, nothing to scroll sideways.
  for (const element of await table.locator(".badge, time, .reference").all()) {
    expect(await linesOf(element), (await element.textContent()) ?? "").toBe(1);
  }
  await expectNoHorizontalScroll(page);
  expect(await page.locator(".queue-table-wrap").evaluate((wrap) => wrap.scrollWidth - wrap.clientWidth)).toBe(0);

  // The headers sort: aria-sort says how, the address keeps it.
  const priority = table.getByRole("columnheader", { name: /^Priority/ });
  const age = table.getByRole("columnheader", { name: /^Age and target/ });
  await expect(age).toHaveAttribute("aria-sort", "descending");
  await expect(priority).toHaveAttribute("aria-sort", "none");
  await priority.getByRole("button").click();
  await expect(page).toHaveURL(/sort=priority/);
  await expect(titles).toHaveText([urgent.title, high.title, low.title]);
  await expect(priority).toHaveAttribute("aria-sort", "descending");
  await expect(age).toHaveAttribute("aria-sort", "none");
  await expect(page.getByLabel("Sort by")).toHaveValue("priority");
  await age.getByRole("button").click();
  await expect(page).not.toHaveURL(/sort=/);
  await expect(titles).toHaveText([low.title, urgent.title, high.title]);
  await age.getByRole("button").click();
  await expect(page).toHaveURL(/sort=newest/);
  await expect(age).toHaveAttribute("aria-sort", "ascending");
  await expect(titles).toHaveText([high.title, urgent.title, low.title]);
  await expectNoAxeViolations(page);
  // An order is not a filter: Clear Filters keeps it.
  await page.getByLabel("Overdue only").check();
  await expect(page).toHaveURL(/overdue=true/);
  await page.getByRole("button", { name: "Clear Filters" }).click();
  await expect(page).not.toHaveURL(/overdue=|q=/);
  await expect(page).toHaveURL(/sort=newest/);
  await expect(age).toHaveAttribute("aria-sort", "ascending");
});

test("on a phone the queue's rows are cards, and a report's page has Change status under its summary", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { word, low } = await seedWorkList(page.request);
  await signIn(page, `/staff?q=${word}`);
  const row = page.getByTestId("queue-row").filter({ hasText: low.title });
  // A card: the title first, then the labelled cells, one under the other.
  const title = await row.locator("th").boundingBox();
  const reference = await row.getByText(low.reference).boundingBox();
  expect(title!.y).toBeLessThan(reference!.y);
  await expect(row.getByText(low.reference)).toBeVisible();
  // The sort buttons stay in sight, above the cards.
  await expect(page.getByRole("button", { name: /^Priority/ })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page);

  await row.getByRole("link", { name: low.title }).click();
  await expect(page.getByRole("heading", { level: 1, name: low.title })).toBeVisible();
  // "Change status" right after the summary, before the report's description; it was 1,900 px down.
  const changeStatus = page.getByRole("heading", { level: 2, name: "Change status" });
  const description = page.getByRole("heading", { level: 2, name: "Issue Description" });
  expect((await changeStatus.boundingBox())!.y).toBeLessThan((await description.boundingBox())!.y);
  expect((await page.getByRole("button", { name: "Change status" }).boundingBox())!.y).toBeLessThan(1400);
  // The secondary panels are folded, their headings buttons that unfold them.
  const timeline = page.getByRole("button", { name: "Timeline" });
  await expect(timeline).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByTestId("staff-timeline")).toBeHidden();
  await timeline.click();
  await expect(timeline).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByTestId("staff-timeline")).toBeVisible();
  await expect(page.getByRole("button", { name: "E-mail notifications" })).toHaveAttribute("aria-expanded", "false");
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page);

  // On a wide screen the same panels are open.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.reload();
  await expect(page.getByRole("button", { name: "Timeline" })).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByTestId("staff-timeline")).toBeVisible();
});
