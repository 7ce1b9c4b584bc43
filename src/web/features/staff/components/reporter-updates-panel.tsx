import { useId } from "react";
import { useFetcher } from "react-router";
import type { StaffReporterUpdate } from "#shared/staff/staff-api.ts";
import { formatCount, formatDateTime } from "#web/lib/i18n/format.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { ImageGallery } from "#web/lib/grievance-view/attached-images.tsx";
import type { StaffActionResult } from "../api/staff-actions.ts";
import { BusySubmitButton } from "#web/lib/busy-submit-button.tsx";
import { ReasonField } from "./reason-field.tsx";
import { fieldErrorOf } from "#web/lib/action-result.ts";
import { FormFeedback } from "#web/lib/form-feedback.tsx";
import { slot, withElements } from "#web/lib/text-with-elements.tsx";
import { useResetOnSuccess } from "./use-reset-on-success.ts";

/** Hide one update with a required reason; its own fetcher, so each update's form keeps its own messages. */
function HideUpdateForm({ update }: { update: StaffReporterUpdate }) {
  const t = useT();
  const fetcher = useFetcher<StaffActionResult>({ key: `staff-hide-update-${update.id}` });
  const id = useId();
  const idle = fetcher.state === "idle";
  const result = fetcher.data?.intent === "hide-update" ? fetcher.data : undefined;
  const formRef = useResetOnSuccess(result, idle);
  const reasonError = fieldErrorOf(result, "reason");
  return (
    <fetcher.Form method="post" ref={formRef} noValidate className="staff-form reporter-update__hide">
      <input type="hidden" name="intent" value="hide-update" />
      <input type="hidden" name="updateId" value={update.id} />
      <ReasonField id={id} label={t("Reason for hiding this update")} rows={2} error={reasonError} />
      <div className="form-actions">
        <BusySubmitButton busy={!idle} busyLabel={t("Saving...")} className="button button--danger">
          {t("Hide update")}
        </BusySubmitButton>
      </div>
      <FormFeedback result={result} testId="hide-update" />
    </fetcher.Form>
  );
}

/** Who hid an update, and when, after the words "Hidden from the public" (the state, in bold). */
function hiddenStateText(update: StaffReporterUpdate, t: ReturnType<typeof useT>): string {
  const state = slot("state");
  const date = slot("date");
  const email = update.hidden_by_email;
  if (update.hidden_at && email) return t("{state} since {date} by {email}.", { state, date, email });
  if (update.hidden_at) return t("{state} since {date}.", { state, date });
  if (email) return t("{state} by {email}.", { state, email });
  return `${state}.`;
}

function UpdateItem({ update, index, count }: { update: StaffReporterUpdate; index: number; count: number }) {
  const t = useT();
  return (
    <li
      className={`reporter-update${update.hidden ? " reporter-update--hidden" : ""}`}
      data-testid="staff-reporter-update"
    >
      <p className="timeline__meta">
        {withElements(
          t("Update {number} of {count} · {date}", {
            number: formatCount(index + 1),
            count: formatCount(count),
            date: slot("date"),
          }),
          {
            date: <time dateTime={update.at}>{formatDateTime(update.at)}</time>,
          },
        )}
      </p>
      <p className="timeline__note" dir="auto">
        {update.text}
      </p>
      {update.images.length > 0 && (
        <ImageGallery images={update.images} eagerCount={0} noun="photo" className="image-grid timeline__images" />
      )}
      {update.hidden ? (
        <p className="reporter-update__hidden-state" data-testid="update-hidden-state">
          {withElements(hiddenStateText(update, t), {
            state: <strong>{t("Hidden from the public")}</strong>,
            date: update.hidden_at && <time dateTime={update.hidden_at}>{formatDateTime(update.hidden_at)}</time>,
          })}
          {update.hidden_reason && (
            <>
              {" "}
              <span className="details__meta-label">{t("Reason:")}</span> {update.hidden_reason}
            </>
          )}
        </p>
      ) : (
        <HideUpdateForm update={update} />
      )}
    </li>
  );
}

/**
 * "Updates from the reporter" in the staff report view (docs/decisions/015-reporter-actions.md): every update, hidden
 * ones too, each with its photos and a Hide button (spam, abuse, personal data), or who hid it and why.
 */
export function ReporterUpdatesPanel({ updates }: { updates: StaffReporterUpdate[] }) {
  const t = useT();
  const id = useId();
  if (updates.length === 0) return null;
  return (
    <section
      className="details__section reporter-updates"
      aria-labelledby={`${id}-heading`}
      data-testid="staff-reporter-updates"
    >
      <h2 id={`${id}-heading`}>{t("Updates from the reporter")}</h2>
      <ol className="reporter-updates__list">
        {updates.map((update, index) => (
          <UpdateItem key={update.id} update={update} index={index} count={updates.length} />
        ))}
      </ol>
    </section>
  );
}
