import type { Page } from "@playwright/test";
import type { RememberedReport, Seeded } from "./seed.ts";

/**
 * Every screen the screenshots show, in the order of the gallery: the public pages, then the console. `path` is
 * the address opened (a fresh page load each time); `act` runs once the page shows its heading, for a state a visit
 * alone does not reach (the form's errors). Console screens (`console: true`) are opened signed in as the seeded
 * administrator; the sign-in and set-password pages are not (signed in, the sign-in page moves on to the queue).
 */
export interface Screen {
  name: string;
  title: string;
  path: string;
  console?: boolean;
  act?: (page: Page) => Promise<void>;
}

/** The browser's storage key of "My reports" (src/web/lib/browser-storage.ts). */
const MY_REPORTS_KEY = "clean-water-portal.my-reports";

/**
 * The screens, the ones that show a seeded thing only when it is known (a portal that was not seeded here has no
 * tracking token or set-password link to show, and perhaps no report or incident).
 */
export function screensOf(seeded: Partial<Seeded>): Screen[] {
  const { reportId, trackingPath, remembered, incidentId, setPasswordPath, fieldPath } = seeded;
  const only = <T>(value: T | undefined, screen: (value: T) => Screen): Screen[] =>
    value === undefined ? [] : [screen(value)];
  return [
    { name: "landing", title: "Landing page", path: "/" },
    { name: "form", title: "Report form", path: "/submit-grievance" },
    { name: "form-errors", title: "Report form after an empty submit", path: "/submit-grievance", act: submitEmpty },
    { name: "list", title: "Reports list", path: "/grievances" },
    { name: "list-map", title: "Reports list, map view", path: "/grievances?view=map" },
    ...only(reportId, (id) => ({ name: "report", title: "A report's page", path: `/grievance/${id}` })),
    ...only(trackingPath, (path) => ({ name: "tracking", title: "Private tracking page", path })),
    ...only(remembered, (reports) => ({
      name: "my-reports",
      title: "My reports",
      path: "/my-reports",
      act: (page: Page) => remember(page, reports),
    })),
    ...only(fieldPath, (path) => ({ name: "field", title: "A technician's link to a job", path })),
    { name: "incidents", title: "Water incidents", path: "/incidents" },
    ...only(incidentId, (id) => ({ name: "incident", title: "A water incident", path: `/incidents/${id}` })),
    { name: "stats", title: "Progress & statistics", path: "/stats" },
    { name: "not-found", title: "Page not found", path: "/no-such-page" },
    { name: "accessibility", title: "Accessibility statement", path: "/accessibility" },
    { name: "staff-sign-in", title: "Console: sign-in", path: "/staff/sign-in" },
    ...only(setPasswordPath, (path) => ({
      name: "staff-set-password",
      title: "Console: a new account's set-password link",
      path,
    })),
    { name: "staff-queue", title: "Console: work queue", path: "/staff", console: true },
    { name: "staff-queue-map", title: "Console: work queue, map view", path: "/staff?view=map", console: true },
    ...only(reportId, (id) => ({
      name: "staff-report",
      title: "Console: a report",
      path: `/staff/grievances/${id}`,
      console: true,
    })),
    ...only(reportId, (id) => ({
      name: "staff-report-template-duplicate",
      title: "Console: a report, a response template picked and an original searched for",
      path: `/staff/grievances/${id}`,
      console: true,
      act: pickTemplateAndSearch,
    })),
    { name: "staff-take-report", title: "Console: take a report", path: "/staff/take-report", console: true },
    { name: "staff-team-work", title: "Console: work by team", path: "/staff/team-work", console: true },
    { name: "staff-incidents", title: "Console: water incidents", path: "/staff/incidents", console: true },
    { name: "staff-incident-new", title: "Console: declare an incident", path: "/staff/incidents/new", console: true },
    ...only(incidentId, (id) => ({
      name: "staff-incident",
      title: "Console: an incident",
      path: `/staff/incidents/${id}`,
      console: true,
    })),
    { name: "admin-categories", title: "Admin: categories", path: "/staff/admin/categories", console: true },
    { name: "admin-accounts", title: "Admin: staff accounts", path: "/staff/admin/accounts", console: true },
    { name: "admin-api-keys", title: "Admin: API keys", path: "/staff/admin/api-keys", console: true },
    { name: "admin-water-points", title: "Admin: water points", path: "/staff/admin/water-points", console: true },
    { name: "admin-teams", title: "Admin: teams", path: "/staff/admin/teams", console: true },
    { name: "admin-routing-rules", title: "Admin: routing rules", path: "/staff/admin/routing-rules", console: true },
    {
      name: "admin-service-targets",
      title: "Admin: service targets",
      path: "/staff/admin/service-targets",
      console: true,
    },
    { name: "admin-audit", title: "Admin: audit log", path: "/staff/admin/audit", console: true },
    {
      name: "admin-response-templates",
      title: "Admin: response templates",
      path: "/staff/admin/response-templates",
      console: true,
    },
  ];
}

/** "Resolved" chosen with the first template picked, and the duplicate panel's search for other reports run. */
async function pickTemplateAndSearch(page: Page): Promise<void> {
  await page.locator('select[name="status"]').selectOption("resolved");
  const picker = page.getByTestId("template-picker");
  await picker.waitFor({ timeout: 10_000 });
  await picker.selectOption({ index: 1 });
  const panel = page.getByTestId("duplicate-panel");
  // Folded on a phone: opened first.
  const toggle = panel.locator("button[aria-expanded=false]");
  if (await toggle.count()) await toggle.click();
  await page.getByTestId("duplicate-search").fill("water");
  await panel.locator("form[role=search] button[type=submit]").click();
  await panel.locator('input[type="radio"]').first().check({ timeout: 10_000 });
}

/** Presses the form's submit button with every field empty, and waits for the error summary. */
async function submitEmpty(page: Page): Promise<void> {
  await page.locator('main form:has([name="title"]) button[type="submit"]').first().click();
  await page.getByTestId("form-error").waitFor({ timeout: 10_000 });
}

/** Leaves the reports in the browser's storage as the form does after sending them, and opens the page again. */
async function remember(page: Page, reports: RememberedReport[]): Promise<void> {
  await page.evaluate(
    `localStorage.setItem(${JSON.stringify(MY_REPORTS_KEY)}, ${JSON.stringify(JSON.stringify(reports))})`,
  );
  await page.reload();
  await waitForHeading(page);
}

/** The page's main heading: every screen has one, shown once its data and texts are in. */
export async function waitForHeading(page: Page): Promise<boolean> {
  try {
    await page.locator("h1").first().waitFor({ state: "visible", timeout: 20_000 });
    return true;
  } catch {
    return false;
  }
}

/**
 * Lets the page finish what it loads on its own: images below the fold (lazily loaded ones are asked for at once: a
 * scroll alone starts them too late on a busy machine), fonts, map markers. Tile requests fail at once without the
 * internet, so the network goes quiet. Answers how many images had still not loaded after ten seconds.
 */
export async function settle(page: Page): Promise<number> {
  // A page may show its heading before its data (the list's cards come after it): quiet first, then scroll.
  const quiet = () => page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => undefined);
  await quiet();
  await page.evaluate(SCROLL_THROUGH);
  await quiet();
  return (await page.evaluate(FONTS_AND_IMAGES)) as number;
}

// Run in the page, so written as the browser's JavaScript (the scripts' TypeScript knows no DOM).
const SCROLL_THROUGH = `(async () => {
  for (const image of document.querySelectorAll('img[loading="lazy"]')) image.loading = "eager";
  for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
    window.scrollTo(0, y);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  window.scrollTo(0, 0);
})()`;
const FONTS_AND_IMAGES = `(async () => {
  for (const image of document.querySelectorAll('img[loading="lazy"]')) image.loading = "eager";
  await document.fonts.ready;
  const loaded = (image) =>
    new Promise((resolve) => {
      image.addEventListener("load", resolve, { once: true });
      image.addEventListener("error", resolve, { once: true });
    });
  const pending = [...document.images].filter((image) => !image.complete).map(loaded);
  await Promise.race([Promise.all(pending), new Promise((resolve) => setTimeout(resolve, 10000))]);
  return [...document.images].filter((image) => !image.complete).length;
})()`;
