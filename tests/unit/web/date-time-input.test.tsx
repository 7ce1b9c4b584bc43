// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { formatDateTime as formatDateTimeIn } from "#shared/format.ts";
import { DateTimeInput } from "#web/lib/date-time-input.tsx";
import { I18nProvider } from "#web/lib/i18n/i18n-context.tsx";
import { activateWebLocale } from "../../support/web-i18n.ts";

// The console's date fields (src/web/lib/date-time-input.tsx): the browser draws the control in its own language,
// so the chosen moment is read back under it in the page's language.

const renderField = (defaultValue?: string) =>
  render(
    <I18nProvider>
      <form>
        <DateTimeInput
          id="starts"
          name="startsAt"
          aria-invalid={undefined}
          aria-describedby="starts-hint"
          defaultValue={defaultValue}
        />
      </form>
    </I18nProvider>,
  );

afterEach(() => {
  cleanup();
  activateWebLocale("en");
});

describe("a date and time field", () => {
  it("says nothing until a moment is chosen, then reads it back in the page's language, with the control pointing at it", () => {
    activateWebLocale("ar");
    renderField();
    const input = document.querySelector<HTMLInputElement>("#starts")!;
    expect(screen.queryByTestId("date-time-reads")).toBeNull();
    expect(input.getAttribute("aria-describedby")).toBe("starts-hint");

    fireEvent.input(input, { target: { value: "2026-11-26T14:30" } });
    const reads = screen.getByTestId("date-time-reads");
    expect(reads.textContent).toBe(`التاريخ المختار: ${formatDateTimeIn(new Date(2026, 10, 26, 14, 30), "ar")}`);
    // Arabic words and digits, not the American "11/26/2026, 02:30 PM" the control itself may show.
    expect(reads.textContent).toMatch(/نوفمبر|نوف/);
    expect(input.getAttribute("aria-describedby")).toBe("starts-hint starts-reads");
  });

  it("reads its default in English as the specification writes dates, and follows a form reset", () => {
    renderField("2026-03-05T09:07");
    expect(screen.getByTestId("date-time-reads").textContent).toBe("Reads as Mar 05, 2026 09:07");
    const input = document.querySelector<HTMLInputElement>("#starts")!;
    fireEvent.input(input, { target: { value: "2026-04-01T10:00" } });
    expect(screen.getByTestId("date-time-reads").textContent).toBe("Reads as Apr 01, 2026 10:00");
    fireEvent.reset(input.form!);
    expect(screen.getByTestId("date-time-reads").textContent).toBe("Reads as Mar 05, 2026 09:07");
  });
});
