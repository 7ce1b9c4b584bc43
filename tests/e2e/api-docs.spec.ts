import { apiPaths } from "#shared/api-paths.ts";
import { expect, test } from "./support/fixtures.ts";

// The API reference (docs/api-conventions.md): swagger-ui under the portal's own CSP, which allows only its one
// style element by hash on this page (src/server/http/openapi.ts). A CSP refusal would show as a console error.
test.describe("API reference at /api/docs", () => {
  for (const width of [1280, 390]) {
    test(`renders the operations at ${width} px without a CSP error`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      const problems: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") problems.push(message.text());
      });
      page.on("pageerror", (error) => problems.push(error.message));
      await page.goto(apiPaths.docs);
      await expect(page.getByRole("heading", { name: /Clean Water & Sanitation Grievance Portal API/ })).toBeVisible();
      await expect(page.locator(".opblock-summary-path", { hasText: "/api/grievances/{id}" }).first()).toBeVisible();
      await page.locator(".opblock-summary", { hasText: "Read one report" }).click();
      await expect(page.getByText("Contact details masked.")).toBeVisible();
      expect(problems).toEqual([]);
    });
  }
});
