import { describe, expect, it, vi } from "vitest";
import { i18n } from "#web/lib/i18n/i18n.ts";
import { pageTexts } from "#web/lib/i18n/page-texts.ts";

/** A page with a catalogue of its own gets its texts through one loader (src/web/lib/i18n/page-texts.ts). */
describe("a page's own texts", () => {
  const catalogue = (text: string) => vi.fn(() => Promise.resolve({ "Page heading": text }));

  it("downloads the chosen language's catalogue once, and only that one", async () => {
    const fr = catalogue("Titre de la page");
    const ar = catalogue("عنوان الصفحة");
    const load = pageTexts({ "../catalogues/fr/page.json": fr, "../catalogues/ar/page.json": ar });
    await load("fr");
    await load("fr");
    expect(fr).toHaveBeenCalledTimes(1);
    expect(ar).not.toHaveBeenCalled();
    i18n.activate("fr");
    expect(i18n._("Page heading")).toBe("Titre de la page");
  });

  it("asks for nothing in a language the page has no catalogue for", async () => {
    const fr = catalogue("Titre");
    await expect(pageTexts({ "../catalogues/fr/page.json": fr })("sw")).resolves.toBeUndefined();
    expect(fr).not.toHaveBeenCalled();
  });
});
