import { startPortal } from "./support/portal-process.ts";
import { expect, expectNoAxeViolations, pngImage, test, uniqueTitle } from "./support/fixtures.ts";
import type { Page } from "@playwright/test";

async function fillRequired(page: Page, title: string) {
  await page.getByLabel("Issue Title*").fill(title);
  await page.getByLabel("Category*").selectOption("Leakage Issues");
  await page
    .getByLabel("Detailed Description*")
    .fill("Water has been leaking from the main pipe on Elm Street for two days.");
}

test.describe("report form", () => {
  test("has every field of the specification, with priority medium by default", async ({ page }) => {
    await page.goto("/submit-grievance");
    await expect(page.getByRole("heading", { level: 1, name: "Report a Grievance" })).toBeVisible();
    await expect(page.getByLabel("Issue Title*")).toHaveAttribute("type", "text");
    const category = page.getByLabel("Category*");
    await expect(category.locator("option").first()).toHaveText("Select a category");
    await expect(category.locator("option")).toHaveText([
      "Select a category",
      "Water Quality Issues",
      "Water Supply Problems",
      "Sanitation Issues",
      "Infrastructure Problems",
      "Leakage Issues",
      "Drainage Problems",
      "Other",
    ]);
    await expect(page.getByLabel("Priority Level")).toHaveValue("medium");
    await expect(page.getByLabel("Location")).toBeVisible();
    await expect(page.getByLabel("Detailed Description*")).toBeVisible();
    await expect(page.getByLabel("Upload Images (Optional)")).toHaveAttribute("multiple", "");
    await expect(page.getByText("Maximum 5 images, 5MB each. Supported: JPG, PNG, GIF")).toBeVisible();
    await expect(page.getByLabel("Email Address")).toHaveAttribute("type", "email");
    await expect(page.getByLabel("Phone Number")).toHaveAttribute("type", "tel");
    await expect(page.getByRole("button", { name: "Submit Grievance" })).toBeEnabled();
    await expectNoAxeViolations(page);
  });

  test("says storage is ready for 3 seconds after loading", async ({ page }) => {
    // Timed inside the page from the first render, so a busy test machine cannot skew the measurement.
    await page.addInitScript(() => {
      const times: Record<string, number> = {};
      (window as unknown as { times: Record<string, number> }).times = times;
      new MutationObserver(() => {
        const showing = document.body?.textContent?.includes("Storage ready - You can now upload images");
        if (showing && !times.shown) times.shown = performance.now();
        if (!showing && times.shown && !times.hidden) times.hidden = performance.now();
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto("/submit-grievance");
    const ready = page.getByText("Storage ready - You can now upload images");
    await expect(ready).toBeVisible();
    await expect(ready).toBeHidden({ timeout: 5_000 });
    const { shown, hidden } = await page.evaluate(() => (window as unknown as { times: Record<string, number> }).times);
    expect(hidden! - shown!).toBeGreaterThanOrEqual(2_950);
    expect(hidden! - shown!).toBeLessThan(3_500);
  });

  test("asks for the required fields with the specification's message and marks them", async ({ page }) => {
    await page.goto("/submit-grievance");
    await page.getByLabel("Location").fill("Elm Street");
    await page.getByRole("button", { name: "Submit Grievance" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Please fill in all required fields." })).toBeVisible();
    for (const label of ["Issue Title*", "Category*", "Detailed Description*"]) {
      await expect(page.getByLabel(label)).toHaveAttribute("aria-invalid", "true");
    }
    // The error summary takes the focus and links each field in error (GOV.UK); one link leads into the title.
    const summary = page.getByTestId("form-error");
    await expect(summary).toBeFocused();
    await summary.getByRole("link", { name: "Issue Title: This field is required." }).click();
    await expect(page.getByLabel("Issue Title*")).toBeFocused();
    await expect(page.getByLabel("Location")).toHaveValue("Elm Street");
    await expect(page).toHaveURL(/\/submit-grievance$/);
  });

  test("previews chosen images, removes one, and rejects a batch with a non-image or an oversize file", async ({
    page,
  }) => {
    await page.goto("/submit-grievance");
    const picker = page.getByLabel("Upload Images (Optional)");
    const png = await pngImage();
    await picker.setInputFiles([
      { name: "first.png", mimeType: "image/png", buffer: png },
      { name: "second.png", mimeType: "image/png", buffer: png },
    ]);
    await expect(page.getByRole("button", { name: /Remove image/ })).toHaveCount(2);
    await page.getByRole("button", { name: "Remove image first.png" }).click();
    await expect(page.getByRole("button", { name: /Remove image/ })).toHaveCount(1);

    await picker.setInputFiles([
      { name: "third.png", mimeType: "image/png", buffer: png },
      { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not an image") },
    ]);
    await expect(page.getByText("Some files were rejected. Only images under 5MB are allowed.")).toBeVisible();
    await expect(page.getByRole("button", { name: /Remove image/ })).toHaveCount(1);

    const oversize = Buffer.concat([png, Buffer.alloc(5_242_881 - png.length)]);
    await picker.setInputFiles([{ name: "huge.png", mimeType: "image/png", buffer: oversize }]);
    await expect(page.getByText("Some files were rejected. Only images under 5MB are allowed.")).toBeVisible();
    await expect(page.getByRole("button", { name: /Remove image/ })).toHaveCount(1);
  });

  test("does not take more than 5 images", async ({ page }) => {
    await page.goto("/submit-grievance");
    const png = await pngImage();
    const files = (n: number, prefix: string) =>
      Array.from({ length: n }, (_, i) => ({ name: `${prefix}-${i}.png`, mimeType: "image/png", buffer: png }));
    const picker = page.getByLabel("Upload Images (Optional)");
    await picker.setInputFiles(files(4, "a"));
    await picker.setInputFiles(files(2, "b"));
    await expect(page.getByText("You can attach at most 5 images.")).toBeVisible();
    await expect(page.getByRole("button", { name: /Remove image/ })).toHaveCount(4);
  });

  test("submits a report with an image, says so, and shows the list 2 seconds later", async ({ page }) => {
    const title = uniqueTitle("Leaking main pipe");
    await page.goto("/submit-grievance");
    await fillRequired(page, title);
    await page.getByLabel("Priority Level").selectOption("high");
    await page.getByLabel("Location").fill("Elm Street 12");
    await page.getByLabel("Email Address").fill("reporter@example.org");
    await page.getByLabel("Phone Number").fill("+1 555 010 4477");
    await page
      .getByLabel("Upload Images (Optional)")
      .setInputFiles([{ name: "leak.png", mimeType: "image/png", buffer: await pngImage(800, 600) }]);

    // Timed inside the page, so a busy test machine cannot stretch or shrink the measured delay.
    await page.evaluate(() => {
      const times: Record<string, number> = {};
      (window as unknown as { times: Record<string, number> }).times = times;
      new MutationObserver(() => {
        if (!times.shown && document.body.textContent?.includes("Grievance submitted successfully!")) {
          times.shown = performance.now();
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
      const pushState = history.pushState.bind(history);
      history.pushState = (...args: Parameters<History["pushState"]>) => {
        times.navigated ??= performance.now();
        pushState(...args);
      };
    });
    await page.getByRole("button", { name: "Submit Grievance" }).click();
    await expect(page.getByText("Grievance submitted successfully!")).toBeVisible();
    await expect(page).toHaveURL(/\/grievances$/, { timeout: 5_000 });
    const { shown, navigated } = await page.evaluate(
      () => (window as unknown as { times: Record<string, number> }).times,
    );
    expect(navigated! - shown!).toBeGreaterThanOrEqual(1_950);
    expect(navigated! - shown!).toBeLessThan(2_500);

    await page.getByLabel("Search").fill(title);
    const card = page.getByRole("article").filter({ hasText: title });
    await expect(card).toBeVisible();
    await expect(card.getByText("HIGH", { exact: true })).toBeVisible();
    await expect(card.getByText("Pending", { exact: true })).toBeVisible();
    await expect(card.getByRole("img", { name: title })).toBeVisible();
  });

  test("while sending, the button reads Submitting... and is disabled", async ({ page }) => {
    await page.goto("/submit-grievance");
    await fillRequired(page, uniqueTitle("Slow network report"));
    // Hold the request so the sending state can be seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/grievances", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Submit Grievance" }).click();
    const sending = page.getByRole("button", { name: "Submitting..." });
    await expect(sending).toBeDisabled();
    release();
    await expect(page.getByText("Grievance submitted successfully!")).toBeVisible();
  });
});

test.describe("report form when things go wrong", () => {
  test("a retry after a lost answer does not store the report twice", async ({ page, request, baseURL }) => {
    const title = uniqueTitle("Lost answer report");
    await page.goto("/submit-grievance");
    await fillRequired(page, title);
    const keys: string[] = [];
    let first = true;
    await page.route("**/api/grievances", async (route) => {
      keys.push((await route.request().headerValue("idempotency-key")) ?? "");
      if (!first) return route.continue();
      first = false;
      // The server stores the report, but the answer never reaches the browser (a dropped mobile connection).
      await route.fetch();
      await route.abort("connectionreset");
    });
    const submit = page.getByRole("button", { name: "Submit Grievance" });
    await submit.click();
    await expect(page.getByRole("alert").filter({ hasText: "The portal could not be reached" })).toBeVisible();
    await expect(page.getByLabel("Issue Title*")).toHaveValue(title);
    await submit.click();
    await expect(page.getByText("Grievance submitted successfully!")).toBeVisible();

    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    const found = await request.get(`${baseURL}/api/grievances?q=${encodeURIComponent(title)}`);
    expect((await found.json()).matching).toBe(1);
  });

  test("a refused submission shows the reason and keeps every entry and image", async ({ page }) => {
    // One submission an hour: the second is refused by the server.
    const portal = await startPortal({ SUBMISSIONS_PER_HOUR: "1" });
    try {
      const first = uniqueTitle("First report");
      await page.goto(`${portal.url}/submit-grievance`);
      await fillRequired(page, first);
      await page.getByRole("button", { name: "Submit Grievance" }).click();
      await expect(page.getByText("Grievance submitted successfully!")).toBeVisible();

      await page.goto(`${portal.url}/submit-grievance`);
      await fillRequired(page, "Second report");
      await page.getByLabel("Email Address").fill("second@example.org");
      await page
        .getByLabel("Upload Images (Optional)")
        .setInputFiles([{ name: "kept.png", mimeType: "image/png", buffer: await pngImage() }]);
      await page.getByRole("button", { name: "Submit Grievance" }).click();
      await expect(page.getByRole("alert").filter({ hasText: /try again/i })).toBeVisible();
      await expect(page).toHaveURL(/\/submit-grievance$/);
      await expect(page.getByLabel("Issue Title*")).toHaveValue("Second report");
      await expect(page.getByLabel("Category*")).toHaveValue("Leakage Issues");
      await expect(page.getByLabel("Email Address")).toHaveValue("second@example.org");
      await expect(page.getByRole("button", { name: "Remove image kept.png" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Submit Grievance" })).toBeEnabled();
    } finally {
      await portal.stop();
    }
  });

  test("unreachable storage shows the red storage error", async ({ page }) => {
    const portal = await startPortal({ STORAGE_DIR: "/dev/null/storage" });
    try {
      await page.goto(`${portal.url}/submit-grievance`);
      const error = page.getByRole("alert").filter({
        hasText: "Error: Unable to access storage. Please check your storage configuration.",
      });
      await expect(error).toBeVisible();
      const color = await error.evaluate((el) => getComputedStyle(el).color);
      const [r, g, b] = color.match(/\d+/g)!.map(Number);
      expect(r).toBeGreaterThan(g! + 60);
      expect(r).toBeGreaterThan(b! + 60);
      await expect(page.getByText("Storage ready - You can now upload images")).toHaveCount(0);
      await expectNoAxeViolations(page);
    } finally {
      await portal.stop();
    }
  });
});
