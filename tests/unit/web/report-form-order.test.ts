import { describe, expect, it } from "vitest";
import { summaryLinksOf } from "#web/features/grievances/components/report-form-messages.ts";
import { IMAGES_INPUT_ID } from "#web/lib/images/image-picker.tsx";
import { t } from "#web/lib/i18n/i18n.ts";
import { activateWebLocale } from "../../support/web-i18n.ts";

/**
 * The report form asks where first, then what, then for photos, then the details and the contact
 * (docs/accessibility.md, "The report form"): its error summary lists the fields in that same order, so the first
 * link leads to the first field in error on the page.
 */
describe("the report form's error summary", () => {
  it("lists the fields in error in the form's order: where, what, photos, details, contact", () => {
    activateWebLocale("en");
    const links = summaryLinksOf(
      t,
      {
        user_phone: "Please enter a valid phone number.",
        title: "Please fill in all required fields.",
        description: "Please fill in all required fields.",
        category: "Please fill in all required fields.",
        latitude: "The pin is outside the area this portal serves.",
        location: "Too long.",
      },
      "Too many images.",
    );
    expect(links.map((link) => link.target)).toEqual([
      "report-location",
      "report-latitude",
      "report-category",
      IMAGES_INPUT_ID,
      "report-title",
      "report-description",
      "report-user-phone",
    ]);
  });
});
