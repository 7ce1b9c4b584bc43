import { test, type APIRequestContext, type Page } from "@playwright/test";
import { startTileServer, type TileServer } from "../support/tile-server.ts";
import { expect, expectNoAxeViolations, seedGrievance, tileEnv } from "./support/fixtures.ts";
import { startPortal, type RunningPortal } from "./support/portal-process.ts";
import { dataDirWithStaff } from "./support/staff-portal.ts";

// A portal of its own, like staff.spec.ts: the staff account must exist before the portal opens the data folder.
// Its maps get tiles from a loopback tile server of this file's own.

const STAFF_EMAIL = "mapper@utility.example";
const STAFF_PASSWORD = "correct horse battery staple";

let tiles: TileServer;
let portal: RunningPortal;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  tiles = await startTileServer();
  const dataDir = dataDirWithStaff("portal-e2e-staff-map-", STAFF_EMAIL, STAFF_PASSWORD);
  portal = await startPortal(tileEnv(tiles), dataDir);
});

test.afterAll(async () => {
  await portal?.stop();
  await tiles?.close();
});

const at = (pathname: string) => `${portal.url}${pathname}`;
const uniqueWord = () => `staffmap${Math.random().toString(36).slice(2, 8)}`;

async function signIn(page: Page, next: string) {
  await page.goto(at(next));
  await page.getByLabel("Email").fill(STAFF_EMAIL);
  await page.getByLabel("Password").fill(STAFF_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("staff-email")).toHaveText(STAFF_EMAIL);
}

/** "I have this problem too" from `times` different browsers. */
async function pressAffected(request: APIRequestContext, id: string, times: number) {
  for (let i = 0; i < times; i++) {
    const browserId = `e2e-browser-${Math.random().toString(36).slice(2, 14)}`;
    const response = await request.post(at(`/api/grievances/${id}/affected`), { data: { browserId } });
    expect(response.status(), await response.text()).toBe(200);
  }
}

test("the console's map shows a hidden report's marker, marked as hidden, linking to the staff page", async ({
  page,
}) => {
  const word = uniqueWord();
  const shown = await seedGrievance(page.request, portal.url, {
    title: `Open hydrant ${word}`,
    latitude: -1.2921,
    longitude: 36.8219,
  });
  const hidden = await seedGrievance(page.request, portal.url, {
    title: `Abusive pin ${word}`,
    latitude: 51.5072,
    longitude: -0.1276,
  });

  await signIn(page, `/staff/grievances/${hidden.id}`);
  await page.getByText("Hide this report").click();
  await page.getByLabel("Reason for hiding").fill("Insults a neighbour.");
  await page.getByRole("button", { name: "Hide report" }).click();
  await expect(page.getByTestId("hidden-state")).toContainText("Hidden from the public");
  // The staff page shows the pin too.
  await expect(page.getByRole("application", { name: "Map of the report's location" })).toBeVisible();

  await page.goto(at(`/staff?q=${word}`));
  await page.getByRole("button", { name: "Map", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/staff\\?q=${word}&view=map$`));
  await expect(page.getByTestId("queue-table")).toHaveCount(0);
  await expect(page.getByTestId("map-status")).toHaveText("Showing 2 reports in this area.");
  const hiddenMarker = page.getByRole("button", { name: `Abusive pin ${word} (hidden)` });
  await expect(hiddenMarker).toHaveClass(/reports-map__marker--hidden/);
  await expect(page.getByRole("button", { name: `Open hydrant ${word}`, exact: true })).not.toHaveClass(/--hidden/);
  expect(tiles.served.length).toBeGreaterThan(0);
  await expectNoAxeViolations(page);

  await hiddenMarker.click();
  const card = page.getByTestId("map-card");
  await expect(card.getByTestId("hidden-marker")).toHaveText("Hidden");
  await card.getByRole("link", { name: `Abusive pin ${word}` }).click();
  await expect(page).toHaveURL(new RegExp(`/staff/grievances/${hidden.id}$`));

  // "Exclude hidden" applies to the map as to the queue.
  await page.goto(at(`/staff?q=${word}&view=map&hidden=exclude`));
  await expect(page.getByTestId("map-status")).toHaveText("Showing 1 report in this area.");
  await expect(page.getByRole("button", { name: `Open hydrant ${word}`, exact: true })).toBeVisible();
  expect(shown.id).toBeTruthy();
});

test("the queue sorts by people affected and filters the reports others share", async ({ page }) => {
  const word = uniqueWord();
  const one = await seedGrievance(page.request, portal.url, { title: `Only me ${word}` });
  const three = await seedGrievance(page.request, portal.url, { title: `Three of us ${word}` });
  const two = await seedGrievance(page.request, portal.url, { title: `Two of us ${word}` });
  await pressAffected(page.request, three.id, 2);
  await pressAffected(page.request, two.id, 1);

  await signIn(page, `/staff?q=${word}`);
  const titles = page.getByTestId("queue-row").locator("th a");
  // The default order: oldest open first.
  await expect(titles).toHaveText([one.title, three.title, two.title]);
  await expect(page.getByTestId("queue-row").filter({ hasText: three.title })).toContainText("3 people affected");

  await page.getByLabel("Sort by").selectOption({ label: "Most people affected" });
  await expect(page).toHaveURL(/sort=affected/);
  await expect(titles).toHaveText([three.title, two.title, one.title]);

  await page.getByLabel("People affected").selectOption({ label: "Someone else affected too" });
  await expect(page).toHaveURL(/affected=true/);
  await expect(titles).toHaveText([three.title, two.title]);
  await expectNoAxeViolations(page);
});
