// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import type { Locale } from "#shared/i18n/locales.ts";
import type { IncidentStats } from "#web/features/progress/api/stats-api.ts";
import { IncidentStatsSection } from "#web/features/progress/components/incident-stats.tsx";
import { activateWebLocale } from "../../support/web-i18n.ts";

/** The statistics' incidents section: its durations counted each language's way ("1 minute", never "1 minutes"). */
const incidents = (hours: number, minutes: number): IncidentStats => ({
  declared: 2,
  active: 1,
  medianDurationHours: hours,
  reportsPerIncident: 1.5,
  medianMinutesFromFirstReportToDeclaration: minutes,
});

/** The section's figures, term → value. */
function figures(stats: IncidentStats): Record<string, string> {
  render(<IncidentStatsSection stats={stats} />);
  const section = screen.getByTestId("stats-incidents");
  return Object.fromEntries(
    [...section.querySelectorAll("dl > div")].map((row) => [
      row.querySelector("dt")?.textContent ?? "",
      row.querySelector("dd")?.textContent ?? "",
    ]),
  );
}

const EXPECTED: Record<Locale, { one: [string, string]; more: [string, string] }> = {
  en: { one: ["1 hour", "1 minute"], more: ["2.5 hours", "3 minutes"] },
  es: { one: ["1 hora", "1 minuto"], more: ["2,5 horas", "3 minutos"] },
  fr: { one: ["1 heure", "1 minute"], more: ["2,5 heures", "3 minutes"] },
  hi: { one: ["1 घंटा", "1 मिनट"], more: ["2.5 घंटे", "3 मिनट"] },
  ar: { one: ["ساعة واحدة", "دقيقة واحدة"], more: ["2.5 ساعة", "3 دقائق"] },
};

describe("the statistics' incidents section", () => {
  afterEach(cleanup);
  afterAll(() => activateWebLocale("en"));

  for (const [locale, { one, more }] of Object.entries(EXPECTED) as [Locale, (typeof EXPECTED)["en"]][]) {
    it(`says one hour and one minute, and more of them, in ${locale}`, () => {
      activateWebLocale(locale);
      const durations = (stats: IncidentStats) => {
        const values = Object.values(figures(stats));
        cleanup();
        // Median duration, then the median time from the first report to the declaration.
        return [values[2], values[4]];
      };
      expect(durations(incidents(1, 1))).toEqual(one);
      expect(durations(incidents(2.5, 3))).toEqual(more);
    });
  }
});
