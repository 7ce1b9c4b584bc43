import { useId } from "react";
import type { FieldJob, FieldNote } from "#shared/field/field.ts";
import { useCategoryName } from "#web/lib/categories/use-categories.ts";
import { PriorityBadge, StatusBadge } from "#web/lib/grievance-view/badges.tsx";
import { ImageGallery } from "#web/lib/grievance-view/attached-images.tsx";
import { ReportPlace } from "#web/lib/grievance-view/report-place.tsx";
import { formatDateTime } from "#web/lib/i18n/format.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";

/** One note: who wrote it (the office, or a technician by address), when, its words and photos. */
function NoteItem({ note }: { note: FieldNote }) {
  const t = useT();
  return (
    <li className="field__note" data-testid="field-note">
      <p className="timeline__meta">
        <time dateTime={note.at}>{formatDateTime(note.at)}</time>
        {" · "}
        {note.author.kind === "technician" ? <bdi>{note.author.email}</bdi> : t("the office")}
      </p>
      <p className="field__note-text" dir="auto">
        {note.text}
      </p>
      {note.images.length > 0 && <ImageGallery images={note.images} eagerCount={0} noun="photo" />}
    </li>
  );
}

/**
 * What a technician's link opens (docs/decisions/031-technician-links.md): the report in the order a crew needs it
 * on a phone: what and where, the pin, the photos, then the notes.
 */
export function FieldJobView({ job }: { job: FieldJob }) {
  const t = useT();
  const id = useId();
  const categoryName = useCategoryName();
  const { report } = job;
  return (
    <article className="card details field__job" data-testid="field-job">
      <header className="details__header">
        <p className="field__reference">{t("Job {reference}", { reference: report.reference })}</p>
        <h1 className="details__title" dir="auto">
          {report.title}
        </h1>
        <div className="badge-row">
          <PriorityBadge priority={report.priority} withWord />
          <StatusBadge status={report.status} />
        </div>
      </header>
      <div className="details__meta">
        {report.location && (
          <p>
            <span className="details__meta-label">{t("Location:")}</span> <bdi>{report.location}</bdi>
          </p>
        )}
        <p>
          <span className="details__meta-label">{t("Category:")}</span> {categoryName(report.category)}
        </p>
        <p>
          <span className="details__meta-label">{t("Reported on")}</span>{" "}
          <time dateTime={report.created_at}>{formatDateTime(report.created_at)}</time>
        </p>
      </div>
      <section className="details__section" aria-labelledby={`${id}-description`}>
        <h2 id={`${id}-description`}>{t("Issue Description")}</h2>
        <p className="details__description" dir="auto">
          {report.description}
        </p>
      </section>
      <ReportPlace latitude={report.latitude} longitude={report.longitude} />
      {report.images.length > 0 && (
        <section className="details__section" aria-labelledby={`${id}-photos`}>
          <h2 id={`${id}-photos`}>{t("Photos from the report")}</h2>
          <ImageGallery images={report.images} noun="photo" />
        </section>
      )}
      <section className="details__section" aria-labelledby={`${id}-notes`} data-testid="field-notes">
        <h2 id={`${id}-notes`}>{t("Notes")}</h2>
        {job.notes.length === 0 ? (
          <p className="muted">{t("No notes yet.")}</p>
        ) : (
          <ol className="field__notes">
            {job.notes.map((note) => (
              <NoteItem key={note.id} note={note} />
            ))}
          </ol>
        )}
      </section>
    </article>
  );
}
