import { test, type Page } from "@playwright/test";
import { startTileServer, type TileServer } from "../support/tile-server.ts";
import { expect, expectNoAxeViolations, expectNoHorizontalScroll, seedGrievance, tileEnv } from "./support/fixtures.ts";
import { startPortal, type RunningPortal } from "./support/portal-process.ts";
import { dataDirWithStaff } from "./support/staff-portal.ts";

// Teams and routing in the console (docs/decisions/029-teams-routing-and-assignment.md): an administrator creates a
// team, draws a routing area on the map, and a report submitted inside it arrives with that team; one outside it
// waits for a team.

const ADMIN = { email: "admin@utility.example", password: "a team for every street" };
// Maps open here, so the drawn area lies around this point.
const CENTRE = { latitude: -1.2921, longitude: 36.8219 };

let tiles: TileServer;
let portal: RunningPortal;

test.describe.configure({ mode: "serial" });
test.beforeAll(async () => {
  test.setTimeout(150_000);
  tiles = await startTileServer();
  portal = await startPortal(
    { ...tileEnv(tiles), MAP_DEFAULT_CENTER: `${CENTRE.latitude},${CENTRE.longitude},14` },
    dataDirWithStaff("portal-e2e-teams-", ADMIN.email, ADMIN.password),
  );
});
test.afterAll(async () => {
  await portal?.stop();
  await tiles?.close();
});

const at = (pathname: string) => `${portal.url}${pathname}`;

async function signIn(page: Page) {
  await page.goto(at("/staff/sign-in"));
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("staff-email")).toHaveText(ADMIN.email);
}

/** Corners around the map's centre, clear of the zoom buttons (top left) and the attribution (bottom). */
const CORNERS = [
  [0.35, 0.15],
  [0.85, 0.15],
  [0.8, 0.65],
  [0.15, 0.65],
] as const;

test("an administrator creates a team, draws its area, and a report inside it arrives with the team", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  await page.getByRole("link", { name: "Administration" }).click();
  // Exactly "Teams": before the administration has loaded, the queue's "My teams" would match too.
  await expect(page).toHaveURL(/\/staff\/admin\//);
  await page.getByRole("link", { name: "Teams", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Teams", level: 2 })).toBeVisible();
  await page.getByLabel("Team name").fill("North crew");
  await page.getByLabel("Team inbox (e-mail)").fill("north@utility.example");
  await page.getByLabel("Supervisor").selectOption({ label: ADMIN.email });
  await page.getByRole("button", { name: "Create team" }).click();
  await expect(page.getByTestId("teams-done")).toHaveText("Team North crew created.");
  const team = page.getByTestId("team-item").filter({ hasText: "North crew" });
  await expect(team).toContainText(`Supervisor: ${ADMIN.email}`);
  await team.getByRole("button", { name: "Add member" }).click();
  await expect(team.getByRole("listitem").filter({ hasText: ADMIN.email })).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoHorizontalScroll(page);

  await page.getByRole("link", { name: "Routing rules" }).click();
  await expect(page.getByText("No routing rules yet")).toBeVisible();
  await page.getByLabel("Team", { exact: true }).selectOption({ label: "North crew" });
  const map = page.getByTestId("area-map");
  await expect(map).toBeVisible();
  const box = (await map.boundingBox())!;
  for (const [x, y] of CORNERS) await map.click({ position: { x: box.width * x, y: box.height * y } });
  await expect(page.getByTestId("routing-area-status")).toHaveText("4 points drawn.");
  await page.getByRole("button", { name: "Add rule" }).click();
  await expect(page.getByTestId("routing-done")).toHaveText("Rule for North crew added.");
  await expect(page.getByTestId("routing-rule")).toHaveText(
    /North crew.*Any category · Inside a drawn area \(4 corners\)/,
  );
  await expect(page.getByTestId("routing-area-status")).toHaveText("No area: the rule applies anywhere.");
  // The rules' areas on a map of their own, numbered as in the list.
  await expect(page.getByTestId("routing-areas-map")).toContainText("1. North crew");
  await expectNoAxeViolations(page);

  const inside = await seedGrievance(request, portal.url, { title: "Burst pipe by the market", ...CENTRE });
  const outside = await seedGrievance(request, portal.url, {
    title: "Leak far away",
    latitude: CENTRE.latitude + 0.2,
    longitude: CENTRE.longitude,
  });
  await page.goto(at(`/staff/grievances/${inside.id}`));
  await expect(page.getByTestId("assignment-now")).toContainText("Team: North crew");
  await expect(page.getByText("Assigned to the team North crew")).toBeVisible();
  await page.goto(at(`/staff/grievances/${outside.id}`));
  await expect(page.getByTestId("assignment-now")).toContainText("Needs a team");
});
