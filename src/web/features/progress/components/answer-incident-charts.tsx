import * as Plot from "@observablehq/plot";
import { useCallback } from "react";
import type { PublicStats } from "#shared/staff/staff-api.ts";
import { formatDuration } from "#web/lib/format-duration.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { formatDate } from "#web/lib/i18n/format.ts";
import { ChartBlock, FigureTable } from "./chart-block.tsx";
import { shortLabel, type ChartLocale } from "./chart-locale.ts";
import { COLOURS, rowAxes } from "./chart-scales.ts";

type Trends = PublicStats["trends"];

/** The reporters' answers to "Is it fixed?" after a resolution: "Yes" and "No, it is still a problem". */
export function FixedAnswersChart({ answers, locale }: { answers: Trends["fixedAnswers"]; locale: ChartLocale }) {
  const t = useT();
  const rows = [
    { label: t("Yes"), count: answers.yes, colour: COLOURS.yes },
    { label: t("No, it is still a problem"), count: answers.no, colour: COLOURS.no },
  ];
  const draw = useCallback(
    (width: number) => {
      const highest = Math.max(...rows.map((r) => r.count));
      return Plot.plot({
        width,
        ...rowAxes(
          rows.map((r) => r.label),
          locale,
          width,
          { kind: "count", highest },
        ),
        marks: [
          Plot.barX(rows, { x: "count", y: "label", fill: (r: { colour: string }) => r.colour }),
          Plot.ruleX([0]),
        ],
      });
    },
    // The rows are made from `answers` and the language, which `locale` follows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [answers, locale],
  );
  return (
    <ChartBlock
      id="fixed-answers"
      title={t('Answers to "Is it fixed?" in the last twelve weeks')}
      lead={t("Asked of the reporter on their private page once their report is resolved.")}
      draw={draw}
      table={
        <FigureTable
          caption={t('Answers to "Is it fixed?" in the last twelve weeks')}
          columns={[t("Answer"), t("Reports")]}
          rows={rows.map((r) => [r.label, locale.number(r.count)])}
        />
      }
    />
  );
}

/** Each incident of the twelve weeks: how long it lasted, and how long after its first report it was declared. */
export function IncidentCharts({ incidents, locale }: { incidents: Trends["incidents"]; locale: ChartLocale }) {
  const t = useT();
  const label = (i: Trends["incidents"][number]) => shortLabel(i.title, 24);
  const durations = useCallback(
    (width: number) => {
      const highest = Math.max(...incidents.map((i) => i.durationHours));
      return Plot.plot({
        width,
        ...rowAxes(incidents.map(label), locale, width, { kind: "count", highest }),
        marks: [Plot.barX(incidents, { x: "durationHours", y: label, fill: COLOURS.incident }), Plot.ruleX([0])],
      });
    },
    [incidents, locale],
  );
  const declared = incidents.filter((i) => i.minutesFromFirstReport !== null);
  const delays = useCallback(
    (width: number) => {
      const highest = Math.max(...declared.map((i) => (i.minutesFromFirstReport ?? 0) / 60));
      return Plot.plot({
        width,
        ...rowAxes(declared.map(label), locale, width, { kind: "count", highest }),
        marks: [
          Plot.barX(declared, {
            x: (i: { minutesFromFirstReport: number }) => i.minutesFromFirstReport / 60,
            y: label,
            fill: COLOURS.over,
          }),
          Plot.ruleX([0]),
        ],
      });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [incidents, locale],
  );
  if (incidents.length === 0) return <p className="muted">{t("No incident was declared in the last twelve weeks.")}</p>;
  const duration = (i: Trends["incidents"][number]) =>
    i.active
      ? t("{duration} so far", { duration: formatDuration(i.durationHours * 3600) })
      : formatDuration(i.durationHours * 3600);
  return (
    <>
      <ChartBlock
        id="incident-durations"
        title={t("How long each incident lasted, in hours")}
        draw={durations}
        table={
          <FigureTable
            caption={t("How long each incident lasted, in hours")}
            columns={[t("Incident"), t("Declared"), t("Duration")]}
            rows={incidents.map((i) => [i.title, formatDate(i.declaredAt), duration(i)])}
          />
        }
      />
      {declared.length > 0 && (
        <ChartBlock
          id="incident-declaration"
          title={t("Hours from the first report to the declaration")}
          draw={delays}
          table={
            <FigureTable
              caption={t("Hours from the first report to the declaration")}
              columns={[t("Incident"), t("Declared after the first report")]}
              rows={incidents.map((i) => [
                i.title,
                i.minutesFromFirstReport === null
                  ? t("No earlier report")
                  : formatDuration(i.minutesFromFirstReport * 60),
              ])}
            />
          }
        />
      )}
    </>
  );
}
