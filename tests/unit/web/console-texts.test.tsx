// @vitest-environment happy-dom
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createMemoryRouter, RouterProvider } from "react-router";
import type { StaffNotification } from "#shared/notifications/follow.ts";
import { ConsoleFrame } from "#web/features/staff/components/console-frame.tsx";
import { slot, withElements } from "#web/lib/text-with-elements.tsx";
import { StaffNotifications } from "#web/features/staff/components/staff-notifications.tsx";
import { I18nProvider } from "#web/lib/i18n/i18n-context.tsx";
import { t } from "#web/lib/i18n/i18n.ts";
import { routeIds } from "#web/lib/paths.ts";
import { activateWebLocale } from "../../support/web-i18n.ts";

// The console's texts (docs/decisions/019-languages.md): English exactly as before, other languages from the
// console's catalogue, with elements (the signed-in address, dates) where each language's word order puts them.

function renderFrame() {
  const router = createMemoryRouter(
    [
      {
        element: <ConsoleFrame />,
        children: [
          {
            id: routeIds.staffConsole,
            path: "/staff",
            loader: () => ({ email: "clerk@utility.example", role: "admin" }),
            element: <h1>Queue</h1>,
          },
        ],
      },
    ],
    { initialEntries: ["/staff"] },
  );
  return render(
    <I18nProvider>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

const notification: StaffNotification = {
  id: "n1",
  kind: "receipt",
  recipient: "resident@example.org",
  subject: "We received your report",
  status: "pending",
  attempts: 2,
  createdAt: "2026-03-05T10:00:00Z",
  sentAt: null,
  sentVia: null,
  failedAt: null,
  nextAttemptAt: "2026-03-05T11:00:00Z",
  lastError: null,
};

describe("console texts", () => {
  beforeEach(() => activateWebLocale("en"));
  afterEach(cleanup);

  it("puts an element where the message's placeholder is", () => {
    const { container } = render(
      <p>{withElements(t("Signed in as {email}", { email: slot("email") }), { email: <strong>a@b.c</strong> })}</p>,
    );
    expect(container.innerHTML).toBe("<p>Signed in as <strong>a@b.c</strong></p>");
  });

  it("shows the console's header in English, then in the language chosen", async () => {
    renderFrame();
    await screen.findByRole("heading", { name: "Queue" });
    expect(screen.getByTestId("staff-bar").textContent).toContain("Signed in as clerk@utility.example");
    expect(screen.getByRole("link", { name: "Work queue" })).toBeTruthy();
    expect(screen.getByLabelText(/Language/)).toBeTruthy();
    act(() => activateWebLocale("es"));
    expect(screen.getByTestId("staff-bar").textContent).toContain("Sesión iniciada como clerk@utility.example");
    expect(screen.getByTestId("staff-email").textContent).toBe("clerk@utility.example");
    expect(screen.getByRole("button", { name: "Cerrar sesión" })).toBeTruthy();
  });

  it("words the e-mail queue as before in English, with plurals elsewhere", () => {
    const { container, rerender } = render(
      <I18nProvider>
        <StaffNotifications notifications={[notification]} />
      </I18nProvider>,
    );
    const meta = () => container.querySelector(".timeline__meta")?.textContent ?? "";
    expect(container.querySelector(".timeline__title")?.textContent).toBe(
      "Receipt to the reporter to resident@example.org: Pending",
    );
    expect(meta()).toMatch(
      /^Queued [A-Z][a-z]{2} \d{2}, 2026 \d{2}:00 · 2 attempt\(s\), next [A-Z][a-z]{2} \d{2}, 2026 \d{2}:00$/,
    );
    act(() => activateWebLocale("fr"));
    rerender(
      <I18nProvider>
        <StaffNotifications notifications={[notification]} />
      </I18nProvider>,
    );
    expect(container.querySelector(".timeline__title")?.textContent).toBe(
      "Accusé de réception à l'auteur à resident@example.org : En attente",
    );
    expect(meta()).toContain("2 tentatives, prochaine le ");
  });

  it("says a message written to a file (no mail server) was not sent to anyone", () => {
    const written = { ...notification, status: "sent" as const, sentAt: "2026-03-05T10:01:00Z", nextAttemptAt: null };
    const { container, rerender } = render(
      <I18nProvider>
        <StaffNotifications notifications={[{ ...written, sentVia: "file" }]} />
      </I18nProvider>,
    );
    expect(container.querySelector(".timeline__title")?.textContent).toBe(
      "Receipt to the reporter to resident@example.org: Written to a file (no mail server)",
    );
    expect(container.querySelector(".timeline__meta")?.textContent).toMatch(/ · written [A-Z][a-z]{2} \d{2}, 2026/);
    expect(screen.getByTestId("mail-written-to-files").textContent).toContain("nobody receives them");
    rerender(
      <I18nProvider>
        <StaffNotifications notifications={[{ ...written, sentVia: "smtp" }]} />
      </I18nProvider>,
    );
    expect(container.querySelector(".timeline__title")?.textContent).toBe(
      "Receipt to the reporter to resident@example.org: Sent",
    );
    expect(screen.queryByTestId("mail-written-to-files")).toBeNull();
  });
});
