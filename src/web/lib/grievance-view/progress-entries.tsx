import type { ProgressEntry } from "#shared/staff/staff-api.ts";
import { statusLabel } from "#shared/format.ts";
import { useT } from "../i18n/i18n-context.tsx";
import { formatDateTime } from "../i18n/format.ts";
import { ImageGallery } from "./attached-images.tsx";
import "#web/styles/progress.css";

function Entry({ entry }: { entry: ProgressEntry }) {
  const t = useT();
  const time = <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>;
  switch (entry.type) {
    case "reported":
      return (
        <li className="timeline__item">
          <p className="timeline__title">{t("Reported")}</p>
          <p className="timeline__meta">{time}</p>
        </li>
      );
    // What the reporter added from their private page (docs/decisions/015-reporter-actions.md).
    case "reporter-update":
      return (
        <li className="timeline__item timeline__item--reporter" data-testid="reporter-update-entry">
          <p className="timeline__title">{t("Update from the reporter")}</p>
          <p className="timeline__meta">{time}</p>
          <p className="timeline__note" dir="auto">
            {entry.text}
          </p>
          {entry.images.length > 0 && (
            <ImageGallery images={entry.images} eagerCount={0} noun="photo" className="image-grid timeline__images" />
          )}
        </li>
      );
    case "reporter-confirmed-fixed":
      return (
        <li className="timeline__item timeline__item--resolved">
          <p className="timeline__title">{t("The reporter confirmed it is fixed")}</p>
          <p className="timeline__meta">{time}</p>
        </li>
      );
    case "status":
      return (
        <li className={`timeline__item timeline__item--${entry.to}`}>
          <p className="timeline__title">{t(statusLabel(entry.to))}</p>
          {entry.byReporter && <p className="timeline__by">{t("Reopened by the reporter: it is still a problem")}</p>}
          <p className="timeline__meta">{time}</p>
          {entry.note && (
            <p className="timeline__note" dir="auto">
              {entry.note}
            </p>
          )}
        </li>
      );
  }
}

/** The entries of a timeline as the API gives them, oldest first. */
export function ProgressEntries({ entries }: { entries: ProgressEntry[] }) {
  return (
    <ol className="timeline" data-testid="progress-timeline">
      {entries.map((entry, index) => (
        <Entry key={`${entry.type}-${entry.at}-${index}`} entry={entry} />
      ))}
    </ol>
  );
}
