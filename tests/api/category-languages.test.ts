import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATEGORY_ICON_KEYS } from "#shared/categories/category-icons.ts";
import type { CategoryList } from "#shared/categories/category-schemas.ts";
import { TRANSLATED_LOCALES } from "#shared/i18n/translated-locales.ts";
import { createTestApp, type TestApp } from "./test-app.ts";
import { adminAndStaffClients, type staffClient } from "./staff/staff-helpers.ts";

// Categories in every language, each with an icon (migration 021, docs/decisions/019-languages.md): the seven ship
// translated, administrators edit every language and pick the icon, Open311 keeps the English names.

let t: TestApp;
let admin: Awaited<ReturnType<typeof staffClient>>;

const publicList = async () =>
  ((await t.app.inject({ method: "GET", url: "/api/categories" })).json() as CategoryList).categories;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin } = await adminAndStaffClients(t.app, t.db, "admin@water.example", "staff@water.example"));
});
afterAll(() => t.close());

describe("categories in every language", () => {
  it("the seven ship with a name and a description in every language, and each its own icon", async () => {
    const categories = await publicList();
    expect(categories.map((c) => c.icon)).toEqual(["droplet", "tap", "toilet", "pipe", "leak", "drain", "other"]);
    for (const category of categories) {
      for (const locale of TRANSLATED_LOCALES) {
        const translation = category.translations[locale];
        expect(translation?.name, `${category.key} in ${locale}`).toBeTruthy();
        expect(translation?.description, `${category.key} in ${locale}`).toBeTruthy();
        expect(translation?.name).not.toBe(category.name);
      }
    }
    const quality = categories.find((c) => c.service_code === "water-quality")!;
    expect(quality.name).toBe("Water Quality Issues");
    expect(quality.translations.ar?.name).toBe("مشكلات جودة المياه");
    expect(quality.translations.hi?.name).toBe("पानी की गुणवत्ता की समस्याएँ");
  });

  it("administrators edit each language and the icon; an empty language is left out and shown in English", async () => {
    const created = await admin({
      method: "POST",
      url: "/api/staff/admin/categories",
      payload: {
        name: "Water kiosks",
        service_code: "kiosks",
        description: "Kiosks that sell water.",
        icon: "tank",
        translations: {
          es: { name: "Quioscos de agua", description: "Quioscos que venden agua." },
          fr: { name: "", description: "" },
        },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      icon: "tank",
      translations: { es: { name: "Quioscos de agua", description: "Quioscos que venden agua." } },
    });
    expect(created.json().translations).not.toHaveProperty("fr");

    const changed = await admin({
      method: "PATCH",
      url: "/api/staff/admin/categories/kiosks",
      payload: {
        icon: "pump",
        translations: {
          ar: { name: " أكشاك المياه ", description: "" },
          hi: { name: "पानी के कियोस्क", description: "" },
        },
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // The translations sent replace the old ones whole: Spanish was not sent, so it is gone.
    expect(changed.json().translations).toEqual({
      ar: { name: "أكشاك المياه", description: "" },
      hi: { name: "पानी के कियोस्क", description: "" },
    });
    expect((await publicList()).find((c) => c.service_code === "kiosks")).toMatchObject({ icon: "pump" });
    const audit = await t.db.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE target = 'kiosks' ORDER BY id",
    );
    expect(audit.rows.map((row) => row.action)).toEqual(["category.create", "category.icon", "category.translate"]);
  });

  it("refuses an unknown icon and a description without its name", async () => {
    const icon = await admin({
      method: "PATCH",
      url: "/api/staff/admin/categories/other",
      payload: { icon: "volcano" },
    });
    expect(icon.statusCode).toBe(400);
    const half = await admin({
      method: "PATCH",
      url: "/api/staff/admin/categories/other",
      payload: { translations: { fr: { name: "", description: "Une description sans nom." } } },
    });
    expect(half.statusCode).toBe(400);
    expect(half.json().message).toBe("Please give the category a name in this language too, or leave both empty.");
    expect(CATEGORY_ICON_KEYS).not.toContain("volcano");
    expect((await publicList()).find((c) => c.service_code === "other")).toMatchObject({ icon: "other" });
  });

  it("Open311 keeps the English names, whatever language is asked", async () => {
    const services = (
      await t.app.inject({ method: "GET", url: "/open311/v2/services.json", headers: { "accept-language": "ar" } })
    ).json() as { service_code: string; service_name: string; description: string }[];
    const quality = services.find((s) => s.service_code === "water-quality");
    expect(quality?.service_name).toBe("Water Quality Issues");
  });
});
