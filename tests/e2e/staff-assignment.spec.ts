import { test, type Page } from "@playwright/test";
import { expect, expectNoAxeViolations, pngImage, seedGrievance } from "./support/fixtures.ts";
import { startPortal, type RunningPortal } from "./support/portal-process.ts";
import { dataDirWithStaff } from "./support/staff-portal.ts";

// The staff's work on reports (docs/staff-guide.md, "Assignment"): the queue's views, reports chosen
// and assigned in bulk, one reassigned to a member on its page, and an internal note with a photo that the public
// page never shows. A portal of its own, its administrator made before it opens the data folder.

const STAFF_EMAIL = "dispatcher@utility.example";
const STAFF_PASSWORD = "correct horse battery staple";

let portal: RunningPortal;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  portal = await startPortal({}, dataDirWithStaff("portal-e2e-assignment-", STAFF_EMAIL, STAFF_PASSWORD));
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

/** A team with the signed-in administrator in it, made through the teams' API as the administrators' screen does. */
async function teamWithMe(page: Page, name: string) {
  const headers = { origin: portal.url };
  const accounts = await page.request.get(at("/api/staff/admin/accounts"));
  const me = ((await accounts.json()) as { accounts: { id: string; email: string }[] }).accounts.find(
    (account) => account.email === STAFF_EMAIL,
  );
  const team = await page.request.post(at("/api/staff/teams"), {
    headers,
    data: { name, email: "north@utility.example" },
  });
  expect(team.status(), await team.text()).toBe(201);
  const { id } = (await team.json()) as { id: string };
  const member = await page.request.post(at(`/api/staff/teams/${id}/members`), {
    headers,
    data: { staffAccountId: me!.id },
  });
  expect(member.ok(), await member.text()).toBe(true);
}

test("reports are assigned in bulk from the queue's views, then one to a member, with an internal note", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const word = `assign${Math.random().toString(36).slice(2, 8)}`;
  const first = await seedGrievance(page.request, portal.url, { title: `Leaking hydrant ${word}` });
  const second = await seedGrievance(page.request, portal.url, { title: `Low pressure ${word}` });
  await signIn(page, "/staff");
  await teamWithMe(page, `North crew ${word}`);
  await page.goto(at(`/staff?q=${word}&work=needs-team`));

  const views = page.getByTestId("queue-views");
  await expect(views.getByRole("link", { name: "Needs a team" })).toHaveAttribute("aria-current", "page");
  const rows = page.getByTestId("queue-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.first().getByTestId("queue-team")).toHaveText("Needs a team");
  await expectNoAxeViolations(page);

  // Choose the whole page and assign it to the team.
  await page.getByTestId("queue-choose-all").check();
  const bulk = page.getByTestId("bulk-actions");
  await expect(bulk.getByTestId("bulk-count")).toContainText("2 reports chosen.");
  await bulk.getByLabel("Team").selectOption({ label: `North crew ${word}` });
  await bulk.getByRole("button", { name: "Assign the chosen reports" }).click();
  await expect(bulk.getByTestId("bulk-result")).toContainText("2 reports changed, 0 not changed.");
  // Reloaded: nothing in this report needs a team any more; both are in "My teams".
  await expect(rows).toHaveCount(0);
  await views.getByRole("link", { name: "My teams" }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: first.title }).getByTestId("queue-team")).toHaveText(`North crew ${word}`);

  // On the report's page: to a member of the team.
  await rows.filter({ hasText: first.title }).getByRole("link").first().click();
  const assignment = page.getByTestId("assignment");
  await assignment.getByLabel("Member").selectOption({ label: STAFF_EMAIL });
  await assignment.getByRole("button", { name: "Reassign" }).click();
  await expect(assignment.getByTestId("assignment-done")).toHaveText(
    `Assigned to ${STAFF_EMAIL} in North crew ${word}.`,
  );
  await expect(assignment.getByTestId("assignment-now")).toContainText(STAFF_EMAIL);
  await expect(page.getByTestId("staff-timeline")).toContainText(`Assigned to ${STAFF_EMAIL} in North crew ${word}`);

  // An internal note with a photo, marked as for staff only.
  const notes = page.getByTestId("internal-notes");
  await expect(notes).toContainText("Internal — staff only");
  await notes.getByLabel("Internal note").fill(`Valve key kept at depot ${word}`);
  await notes
    .locator('input[type="file"]')
    .setInputFiles([{ name: "valve.png", mimeType: "image/png", buffer: await pngImage(400, 300) }]);
  await notes.getByRole("button", { name: "Add internal note" }).click();
  await expect(notes.getByTestId("internal-note-done")).toHaveText("Internal note added.");
  const note = notes.getByTestId("internal-note");
  await expect(note).toContainText(`Valve key kept at depot ${word}`);
  await expect(note).toContainText(`by ${STAFF_EMAIL}`);
  // Its photo, re-encoded, from the staff-only address.
  await expect(note.locator("img")).toHaveCount(1);
  await expect(note.locator("img")).toHaveAttribute("src", /^\/api\/staff\/media\/grievance-images\//);
  await expectNoAxeViolations(page);

  // "Mine" holds it; the public page knows nothing of the note.
  await page.goto(at(`/staff?q=${word}&work=mine`));
  await expect(rows).toHaveText([new RegExp(first.title)]);
  await page.goto(at(`/grievance/${first.id}`));
  await expect(page.getByRole("heading", { name: first.title })).toBeVisible();
  await expect(page.locator("body")).not.toContainText("Valve key kept at depot");
  expect(second.id).not.toBe(first.id);
});
