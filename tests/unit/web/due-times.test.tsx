// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TimeLeft } from "#web/features/staff/components/time-left.tsx";
import { targetEventTitle } from "#web/features/staff/components/target-event.ts";
import { formatDate, formatDateTime } from "#web/lib/i18n/format.ts";
import { t } from "#web/lib/i18n/i18n.ts";
import { activateWebLocale } from "../../support/web-i18n.ts";

// Due times in words (docs/decisions/030-service-targets-and-escalation.md): the console's time left, and the
// residents' "Expected by <date>" in each language's own date format.

const NOW = Date.parse("2026-03-05T12:00:00Z");
const at = (hours: number) => new Date(NOW + hours * 3_600_000).toISOString();

describe("time left", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
    activateWebLocale("en");
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("says how long is left, or that the report is overdue and by how much", () => {
    render(<TimeLeft item={{ nextDueAt: at(3.5), overdue: false }} />);
    expect(screen.getByTestId("time-left").textContent).toBe("3 hours left");
    cleanup();
    render(<TimeLeft item={{ nextDueAt: at(-49), overdue: true }} />);
    expect(screen.getByTestId("time-left").textContent).toBe("Overdue 2 days late");
    cleanup();
    const { container } = render(<TimeLeft item={{ nextDueAt: null, overdue: false }} />);
    expect(container.textContent).toBe("");
  });

  it("is in the console's language", () => {
    activateWebLocale("fr");
    render(<TimeLeft item={{ nextDueAt: at(50), overdue: false }} />);
    expect(screen.getByTestId("time-left").textContent).toBe("reste 2\u00a0jours");
  });
});

describe("Expected by <date>", () => {
  afterEach(() => activateWebLocale("en"));

  it("reads in every language with its own date format", () => {
    const due = "2026-03-12T09:30:00.000Z";
    activateWebLocale("en");
    expect(t("Expected by {date}", { date: formatDate(due) })).toBe(`Expected by ${formatDate(due)}`);
    expect(formatDate(due)).toMatch(/12/);
    activateWebLocale("es");
    expect(t("Expected by {date}", { date: formatDate(due) })).toBe("Previsto para el 12 mar 2026");
    activateWebLocale("ar");
    expect(t("Expected by {date}", { date: formatDate(due) })).toContain("متوقع بحلول");
  });
});

describe("the staff timeline's target events", () => {
  beforeEach(() => activateWebLocale("en"));

  const event = (kind: "escalated" | "priority", details: Record<string, unknown>) => ({
    id: "1",
    kind,
    at: "2026-03-05T12:00:00.000Z",
    from: null,
    to: null,
    note: null,
    actor: kind === "escalated" ? ("system" as const) : ("staff" as const),
    staff_email: null,
    details,
  });

  it("says which target was missed and when it was due, and a priority's change", () => {
    const dueAt = "2026-03-05T10:00:00.000Z";
    expect(targetEventTitle(event("escalated", { target: "acknowledge", dueAt }), t)).toBe(
      `Escalated: not acknowledged by ${formatDateTime(dueAt)}`,
    );
    expect(targetEventTitle(event("escalated", { target: "resolve", dueAt }), t)).toBe(
      `Escalated: not resolved by ${formatDateTime(dueAt)}`,
    );
    expect(targetEventTitle(event("priority", { from: "low", to: "urgent" }), t)).toBe(
      "Priority changed from Low to Urgent",
    );
    activateWebLocale("es");
    expect(targetEventTitle(event("priority", { from: "low", to: "urgent" }), t)).toMatch(/^Prioridad cambiada de /);
  });
});
