import { expect, expectNoAxeViolations, seedGrievance, test, uniqueTitle } from "./support/fixtures.ts";
import { textIn } from "../support/catalogue.ts";

// Five languages (docs/decisions/019-languages.md): chosen from the browser's languages, switched in the header and
// remembered, sent by the server in the page itself (lang, dir, the layout), used by the API's messages, and laid
// out right to left in Arabic.

test.describe("languages", () => {
  test("a browser set to Spanish gets the portal in Spanish, dates and counts included", async ({
    browser,
    baseURL,
    request,
  }) => {
    const title = uniqueTitle("Idioma");
    await seedGrievance(request, baseURL!, { title, location: "Calle 5" });
    const context = await browser.newContext({ locale: "es-MX", baseURL });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(
      page.getByRole("heading", { level: 1, name: textIn("es", "Clean Water & Sanitation Grievance Portal") }),
    ).toBeVisible();
    await expect(
      page
        .getByRole("navigation", { name: textIn("es", "Main") })
        .getByRole("link", { name: textIn("es", "View Grievances") }),
    ).toBeVisible();

    await page.goto("/grievances");
    await expect(page.getByRole("heading", { level: 1, name: textIn("es", "Grievance Reports") })).toBeVisible();
    // "Mostrando 3 de 3 quejas": the specification's sentence, in Spanish, with Spanish grouping of the numbers.
    await expect(page.getByTestId("result-count")).not.toContainText("Showing");
    const card = page.getByTestId("grievance-card").filter({ hasText: title });
    await expect(card.getByTestId("status-badge")).toHaveText(textIn("es", "Pending"));
    const month = new Intl.DateTimeFormat("es", { month: "short" }).format(new Date());
    await expect(card).toContainText(month);
    await context.close();
  });

  test("the switch changes the language at once, keeps what was typed, and is remembered by the server", async ({
    page,
  }) => {
    await page.goto("/submit-grievance");
    await page.getByLabel("Issue Title").fill("Tuyau cassé rue Haute");
    const languageSwitch = page.getByLabel("Language");
    await languageSwitch.focus();
    await languageSwitch.selectOption("fr");

    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("heading", { level: 1, name: textIn("fr", "Report a Grievance") })).toBeVisible();
    await expect(page.getByLabel(textIn("fr", "Issue Title"))).toHaveValue("Tuyau cassé rue Haute");
    await expect(page.getByLabel(textIn("fr", "Language"))).toBeFocused();

    // A refused submission: the schema's messages in French, the error summary too.
    await page.getByRole("button", { name: textIn("fr", "Submit Grievance") }).click();
    await expect(page.getByTestId("form-error")).toContainText(textIn("fr", "Please fill in all required fields."));

    // The server sends the chosen language in the page itself: <html lang dir> and the layout, before any script.
    const html = await (await page.request.get("/grievances")).text();
    expect(html).toContain('<html lang="fr" dir="ltr">');
    expect(html).toContain(textIn("fr", "Skip to main content"));

    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: textIn("fr", "Report a Grievance") })).toBeVisible();
    await page.getByLabel(textIn("fr", "Language")).selectOption("en");
    await expect(page.getByRole("heading", { level: 1, name: "Report a Grievance" })).toBeVisible();
  });

  test("a language that cannot be fetched: the switch says so and the page stays as it was", async ({ page }) => {
    await page.goto("/submit-grievance");
    await page.getByLabel("Issue Title").fill("Pipe");
    // The Spanish texts' chunk cannot be had (offline without the service worker's copy, say).
    await page.route(/\/assets\/public-es-[^/]+\.js$/, (route) => route.abort("internetdisconnected"));
    await page.getByLabel("Language").selectOption("es");
    await expect(page.getByRole("alert").filter({ hasText: "This language could not be loaded." })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1, name: "Report a Grievance" })).toBeVisible();
    await expect(page.getByLabel("Issue Title")).toHaveValue("Pipe");
  });

  test("a first visit whose language cannot be fetched still starts, in English", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ locale: "ar", baseURL });
    const page = await context.newPage();
    await page.route(/\/assets\/public-ar-[^/]+\.js$/, (route) => route.abort("internetdisconnected"));
    await page.goto("/grievances");
    await expect(page.getByRole("heading", { level: 1, name: "Grievance Reports" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
    await context.close();
  });

  test("the API answers in the visitor's language", async ({ page }) => {
    await page.goto("/");
    await page.getByLabel("Language").selectOption("hi");
    await expect(page.locator("html")).toHaveAttribute("lang", "hi");
    const answer = await page.evaluate(async () => {
      const response = await fetch("/api/grievances/00000000-0000-4000-8000-000000000000", {
        headers: { "accept-language": document.documentElement.lang },
      });
      return { status: response.status, language: response.headers.get("content-language") };
    });
    expect(answer).toEqual({ status: 404, language: "hi" });
  });

  test("Arabic reads right to left: the layout is mirrored and every screen stays usable", async ({
    browser,
    baseURL,
    request,
  }, testInfo) => {
    const title = uniqueTitle("Right to left");
    const created = await seedGrievance(request, baseURL!, { title, location: "شارع النيل" });
    for (const locale of ["en", "ar"] as const) {
      const context = await browser.newContext({ locale, baseURL, viewport: { width: 360, height: 740 } });
      const page = await context.newPage();
      for (const [name, path] of [
        ["form", "/submit-grievance"],
        ["list", "/grievances"],
        ["details", `/grievance/${created.id}`],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(page.locator("html")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
        // Mirrored: the site's name starts at the right edge in Arabic, at the left in English.
        const box = (await page.locator(".site-title").boundingBox())!;
        if (locale === "ar") expect(box.x + box.width).toBeGreaterThan(300);
        else expect(box.x).toBeLessThan(60);
        await expectNoAxeViolations(page);
        await testInfo.attach(`${name}-${locale}-360px`, {
          body: await page.screenshot({ fullPage: true }),
          contentType: "image/png",
        });
      }
      await context.close();
    }
  });
});
