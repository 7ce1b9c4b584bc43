import { afterAll, describe, expect, it } from "vitest";
import { ADMIN_MESSAGES } from "#shared/admin/admin-schemas.ts";
import { CATEGORY_MESSAGES } from "#shared/categories/category-schemas.ts";
import { FOLLOW_MESSAGES } from "#shared/notifications/follow.ts";
import { priorityBadge, priorityLabel, statusLabel } from "#shared/format.ts";
import { LOCATION_MESSAGES } from "#shared/places/location-messages.ts";
import { MESSAGES } from "#shared/messages.ts";
import { REPORTER_MESSAGES } from "#shared/tracking/reporter-actions.ts";
import { STAFF_MESSAGES } from "#shared/staff/staff-messages.ts";
import { TRACKING_MESSAGES } from "#shared/tracking/tracking.ts";
import { translateText as translateTextWith } from "#shared/i18n/translate-text.ts";
import { i18n, t } from "#web/lib/i18n/i18n.ts";
import { translateText } from "#web/lib/i18n/translate-text.ts";
import { activateWebLocale } from "../support/web-i18n.ts";

// The texts of src/shared stay English where they are worded (schemas, the server's errors) and are translated where
// they are shown: a template's values are read back and translated too (docs/decisions/019-languages.md).

afterAll(() => activateWebLocale("en"));

/** Every message of the shared tables, the templates filled in with sample values. */
function everySharedMessage(): string[] {
  const filled = (value: unknown): string[] => {
    if (typeof value === "string") return [value];
    if (typeof value !== "function") return [];
    // Each count once as 1 and once as more, since singular and plural are two templates.
    const sample = (n: number) =>
      (value as (...args: unknown[]) => string)(...Array.from({ length: value.length }, (_, i) => (i === 0 ? n : "x")));
    return [sample(1), sample(7)];
  };
  const tables = [
    MESSAGES,
    STAFF_MESSAGES,
    LOCATION_MESSAGES,
    ADMIN_MESSAGES,
    CATEGORY_MESSAGES,
    REPORTER_MESSAGES,
    FOLLOW_MESSAGES,
    TRACKING_MESSAGES,
  ];
  return tables.flatMap((table) => Object.values(table).flatMap(filled));
}

describe("shared messages", () => {
  it("keep their English words exactly", () => {
    expect(MESSAGES.tooLong("Issue Title", 200)).toBe("Issue Title must be at most 200 characters.");
    expect(MESSAGES.invalidCharacters("Search")).toBe(
      "Search contains invisible or broken characters that cannot be saved. Please retype it.",
    );
    expect(STAFF_MESSAGES.sameStatus("In progress")).toBe("This report is already In progress.");
    expect(STAFF_MESSAGES.forbiddenTransition("Resolved", "Pending")).toBe(
      "A report cannot be moved from Resolved to Pending.",
    );
    expect(STAFF_MESSAGES.signInThrottled(1)).toBe("Too many failed sign-in attempts. Please try again in 1 minute.");
    expect(STAFF_MESSAGES.signInThrottled(15)).toBe(
      "Too many failed sign-in attempts. Please try again in 15 minutes.",
    );
    expect(LOCATION_MESSAGES.similarIntro).toMatch(/^Open reports of this category within 250 m of your pin/);
    expect(REPORTER_MESSAGES.updateTooLong).toBe("The update must be at most 2000 characters.");
    expect(ADMIN_MESSAGES.passwordTooShort).toBe("The password must be at least 12 characters long.");
    expect(CATEGORY_MESSAGES.nameTooLong).toBe("The name must be at most 100 characters.");
  });

  it("come back in Spanish, a template's field label with them", () => {
    activateWebLocale("es");
    expect(translateText(MESSAGES.tooLong("Issue Title", 200))).toBe(
      "El campo «Título del problema» debe tener como máximo 200 caracteres.",
    );
    expect(translateText(MESSAGES.requiredFields)).toBe("Complete todos los campos obligatorios.");
    expect(translateText(MESSAGES.submitSuccess)).toBe("¡Queja enviada correctamente!");
    expect(translateText(STAFF_MESSAGES.forbiddenTransition(statusLabel("resolved"), statusLabel("pending")))).toBe(
      "Un reporte no puede pasar de «Resuelto» a «Pendiente».",
    );
    // The most specific template wins over "{field} must be at most {max} characters.".
    expect(translateText(STAFF_MESSAGES.noteTooLong(1000))).toBe("La nota debe tener como máximo 1000 caracteres.");
  });

  it("count in Arabic with the language's own plural forms", () => {
    activateWebLocale("ar");
    expect(translateText(LOCATION_MESSAGES.tooManyAffected(1))).toMatch(/بعد دقيقة واحدة\.$/);
    expect(translateText(LOCATION_MESSAGES.tooManyAffected(2))).toMatch(/بعد دقيقتين\.$/);
    expect(translateText(LOCATION_MESSAGES.tooManyAffected(5))).toMatch(/بعد 5 دقائق\.$/);
    expect(t("{count, plural, one {# person affected} other {# people affected}}", { count: 12 })).toBe(
      "12 شخصًا متأثرًا",
    );
  });

  it("every one, and every status and priority label, is a message of the catalogues, as it is or by a template", () => {
    const labels = [
      ...(["pending", "in-progress", "resolved"] as const).map(statusLabel),
      ...(["low", "medium", "high", "urgent"] as const).flatMap((p) => [
        priorityLabel(p),
        priorityBadge(p),
        priorityBadge(p, true),
      ]),
    ];
    activateWebLocale("es");
    // Marks the id it was asked for, whatever its translation (some are the same words in a language).
    const marking = { messages: i18n.messages, _: (id: string) => `[${id}]` };
    const unknown = [...everySharedMessage(), ...labels].filter(
      (text) => !translateTextWith(marking, text).startsWith("["),
    );
    expect(unknown).toEqual([]);
  });
});
