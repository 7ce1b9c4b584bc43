import { useEffect, useId, useRef } from "react";
import { useFetcher } from "react-router";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { translateText } from "#web/lib/i18n/translate-text.ts";
import { paths } from "#web/lib/paths.ts";
import { BusySubmitButton } from "#web/lib/busy-submit-button.tsx";
import { Field } from "#web/lib/form-field.tsx";
import type { FollowResult } from "../api/follow-action.ts";

/**
 * "Follow this report" on a report's public page (decision 014): an e-mail address, then a confirmation message must
 * be opened before any update is sent (double opt-in). The answer never says whether the address already follows.
 * Sent through the page's action (app/pages/grievance-action.ts), which checks the address first.
 */
export function FollowForm({ grievanceId }: { grievanceId: string }) {
  const t = useT();
  const id = useId();
  const fetcher = useFetcher<FollowResult>();
  const sending = fetcher.state !== "idle";
  // Nothing is said while a request is on its way, so that each answer appears anew and is announced.
  const result = sending ? undefined : fetcher.data;
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (result?.ok) formRef.current?.reset();
  }, [result]);

  // Messages are kept as the schema or the server worded them and translated when shown (docs/decisions/019).
  const error = result && !result.ok ? translateText(result.message) : "";
  return (
    <section className="follow-box" aria-labelledby={`${id}-heading`} data-testid="follow-form">
      <h2 id={`${id}-heading`}>{t("Follow this report")}</h2>
      <p className="muted">
        {t("Get an e-mail when its status changes. We first send a link to confirm; your address is never shown.")}
      </p>
      {/* Following changes nothing the page shows: the report is not read again after it. */}
      <fetcher.Form
        method="post"
        action={paths.grievance(grievanceId)}
        defaultShouldRevalidate={false}
        noValidate
        ref={formRef}
      >
        <input type="hidden" name="intent" value={"follow" satisfies FollowResult["intent"]} />
        {/* The refusal is said in the form's alert below, which the field points at (errorId). */}
        <Field id={`${id}-email`} label={t("Your e-mail")} error={error} errorId={`${id}-error`} errorShownElsewhere>
          {(control) => (
            <input name="email" type="email" autoComplete="email" inputMode="email" required {...control} />
          )}
        </Field>
        <div className="form-actions">
          <BusySubmitButton busy={sending} busyLabel={t("Sending...")} className="button">
            {t("Follow")}
          </BusySubmitButton>
        </div>
        <div role="status" className={result?.ok ? "alert alert--success" : undefined} data-testid="follow-done">
          {result?.ok && result.message ? translateText(result.message) : ""}
        </div>
        <div
          role="alert"
          id={`${id}-error`}
          className={error ? "alert alert--error" : undefined}
          data-testid="follow-error"
        >
          {error}
        </div>
      </fetcher.Form>
    </section>
  );
}
