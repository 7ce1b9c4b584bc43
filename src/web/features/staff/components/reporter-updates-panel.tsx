import { useId } from "react";
import { useFetcher } from "react-router";
import type { StaffReporterUpdate } from "../../../../shared/staff-api.ts";
import { formatDateTime } from "../../../../shared/format.ts";
import { ImageGallery } from "../../grievances/components/attached-images.tsx";
import type { StaffActionResult } from "../staff-actions.ts";
import { BusySubmitButton } from "../../../lib/busy-submit-button.tsx";
import { ReasonField } from "./reason-field.tsx";
import { FormFeedback } from "./form-feedback.tsx";
import { useResetOnSuccess } from "./use-reset-on-success.ts";

/** Hide one update with a required reason; its own fetcher, so each update's form keeps its own messages. */
function HideUpdateForm({ update }: { update: StaffReporterUpdate }) {
  const fetcher = useFetcher<StaffActionResult>({ key: `staff-hide-update-${update.id}` });
  const id = useId();
  const idle = fetcher.state === "idle";
  const result = fetcher.data?.intent === "hide-update" ? fetcher.data : undefined;
  const formRef = useResetOnSuccess(result, idle);
  const reasonError = result && !result.ok && result.field === "reason" ? result.message : "";
  return (
    <fetcher.Form method="post" ref={formRef} noValidate className="staff-form reporter-update__hide">
      <input type="hidden" name="intent" value="hide-update" />
      <input type="hidden" name="updateId" value={update.id} />
      <ReasonField id={id} label="Reason for hiding this update" rows={2} error={reasonError} />
      <div className="form-actions">
        <BusySubmitButton busy={!idle} busyLabel="Saving..." className="button button--danger">
          Hide update
        </BusySubmitButton>
      </div>
      <FormFeedback result={result} testId="hide-update" />
    </fetcher.Form>
  );
}

function UpdateItem({ update, index, count }: { update: StaffReporterUpdate; index: number; count: number }) {
  return (
    <li className={`reporter-update${update.hidden ? " reporter-update--hidden" : ""}`} data-testid="staff-reporter-update">
      <p className="timeline__meta">
        Update {index + 1} of {count} · <time dateTime={update.at}>{formatDateTime(update.at)}</time>
      </p>
      <p className="timeline__note">{update.text}</p>
      {update.images.length > 0 && (
        <ImageGallery images={update.images} eagerCount={0} noun="photo" className="image-grid timeline__images" />
      )}
      {update.hidden ? (
        <p className="reporter-update__hidden-state" data-testid="update-hidden-state">
          <strong>Hidden from the public</strong>
          {update.hidden_at && (
            <>
              {" since "}
              <time dateTime={update.hidden_at}>{formatDateTime(update.hidden_at)}</time>
            </>
          )}
          {update.hidden_by_email && ` by ${update.hidden_by_email}`}.
          {update.hidden_reason && (
            <>
              {" "}
              <span className="details__meta-label">Reason:</span> {update.hidden_reason}
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
  const id = useId();
  if (updates.length === 0) return null;
  return (
    <section className="details__section reporter-updates" aria-labelledby={`${id}-heading`} data-testid="staff-reporter-updates">
      <h2 id={`${id}-heading`}>Updates from the reporter</h2>
      <ol className="reporter-updates__list">
        {updates.map((update, index) => (
          <UpdateItem key={update.id} update={update} index={index} count={updates.length} />
        ))}
      </ol>
    </section>
  );
}
