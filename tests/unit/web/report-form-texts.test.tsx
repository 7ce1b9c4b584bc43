// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ErrorSummary } from "#web/features/grievances/components/error-summary.tsx";
import { ImagePicker, type ChosenImage } from "#web/lib/images/image-picker.tsx";
import { mapStatusText } from "#web/lib/map/reports-map-view.ts";
import { activateWebLocale } from "../../support/web-i18n.ts";

/**
 * The report form's and the map's texts with counts (docs/decisions/019-languages.md): the English stays word for
 * word what it was before the texts became messages, and the other languages get their own plural forms.
 */
const images = (count: number): ChosenImage[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `image-${i}`,
    file: new File(["x"], `photo-${i}.jpg`, { type: "image/jpeg" }),
    previewUrl: `blob:photo-${i}`,
  }));

const chosenText = (count: number) => {
  render(
    <ImagePicker images={images(count)} error={undefined} disabled={false} onPick={() => {}} onRemove={() => {}} />,
  );
  const text = screen.getByTestId("image-count").textContent;
  cleanup();
  return text;
};

const batch = (count: number) => ({
  markers: Array.from({ length: count }, () => ({})),
  matching: count,
  matchingCapped: false,
  cap: 250,
});

afterEach(cleanup);

describe("report form and map texts", () => {
  it("words the chosen photos in English as before", () => {
    activateWebLocale("en");
    expect(chosenText(0)).toBe("No photos chosen.");
    expect(chosenText(1)).toBe("1 photo chosen, 4 more allowed.");
    expect(chosenText(4)).toBe("4 photos chosen, 1 more allowed.");
    expect(chosenText(5)).toBe("5 photos chosen.");
  });

  it("keeps the specification's hint and label in English", () => {
    activateWebLocale("en");
    render(<ImagePicker images={images(1)} error={undefined} disabled={false} onPick={() => {}} onRemove={() => {}} />);
    expect(screen.getByText("Maximum 5 images, 5MB each. Supported: JPG, PNG, GIF and WebP")).toBeTruthy();
    expect(screen.getByLabelText("Upload Images (Optional)")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Remove image photo-0.jpg" })).toBeTruthy();
  });

  it("counts the map's reports in English as before", () => {
    activateWebLocale("en");
    expect(mapStatusText(batch(1))).toBe("Showing 1 report in this area.");
    expect(mapStatusText(batch(3))).toBe("Showing 3 reports in this area.");
    expect(mapStatusText(batch(0))).toBe("No reports with a pin match your filters in this area.");
  });

  it("uses each language's plural forms", () => {
    activateWebLocale("es");
    expect(chosenText(1)).toBe("1 foto elegida; se permiten 4 más.");
    expect(mapStatusText(batch(3))).toBe("Se muestran 3 reportes en esta zona.");
    activateWebLocale("ar");
    expect(mapStatusText(batch(2))).toBe("يتم عرض بلاغين في هذه المنطقة.");
  });

  it("titles the error summary in the active language", () => {
    activateWebLocale("fr");
    render(<ErrorSummary message="Veuillez remplir tous les champs obligatoires." links={[]} />);
    expect(screen.getByRole("heading", { name: "Il y a un problème" })).toBeTruthy();
  });
});
