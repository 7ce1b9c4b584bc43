import fs from "node:fs/promises";
import { atomSchemaProblems } from "../support/xml-schemas.ts";
import { expect, seedGrievance, test, uniqueTitle } from "./support/fixtures.ts";

// The list page offers its current filter as CSV and as an Atom feed (docs/integrators.md).
test("the list announces the filtered feed and downloads the filtered reports as CSV", async ({ page, baseURL }) => {
  const title = uniqueTitle("Sewage in the stream");
  await seedGrievance(page.request, baseURL!, { title, category: "Sanitation Issues", priority: "urgent" });

  await page.goto("/grievances?category=Sanitation%20Issues&page=2");
  const feedLink = page.locator('head link[rel="alternate"][type="application/atom+xml"]');
  await expect(feedLink).toHaveAttribute("href", "/feeds/grievances.atom?category=Sanitation+Issues");
  await expect(page.getByRole("link", { name: "Atom feed" })).toHaveAttribute(
    "href",
    "/feeds/grievances.atom?category=Sanitation+Issues",
  );

  const feed = await page.request.get(`${baseURL}/feeds/grievances.atom?category=Sanitation+Issues`);
  expect(await feed.text()).toContain(`New report: ${title}`);
  expect(atomSchemaProblems([await feed.text()])).toBe("");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^reports-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await fs.readFile((await download.path())!, "utf8");
  expect(csv).toContain(title);
  expect(csv).not.toMatch(/Water Quality Issues|Leakage Issues/);

  // Another filter, other links.
  await page.getByLabel("Priority").selectOption("urgent");
  await expect(feedLink).toHaveAttribute("href", "/feeds/grievances.atom?category=Sanitation+Issues&priority=urgent");
});
