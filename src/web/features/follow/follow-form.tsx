import { useId, useState, type FormEvent } from "react";
import { followInputSchema } from "../../../shared/follow.ts";
import { MESSAGES } from "../../../shared/messages.ts";
import { errorMessageOf } from "../../lib/api-client.ts";
import { useT } from "../../lib/i18n/i18n-context.tsx";
import { translateText } from "../../lib/i18n/translate-text.ts";
import { followGrievance } from "./follow-api.ts";
import { BusySubmitButton } from "../../lib/busy-submit-button.tsx";

// Messages are kept as the schema or the server worded them and translated when shown (docs/decisions/019).
type State = { kind: "idle" } | { kind: "sending" } | { kind: "done"; message: string } | { kind: "error"; message: string };

/**
 * "Follow this report" on a report's public page (issue 8): an e-mail address, then a confirmation message must
 * be opened before any update is sent (double opt-in). The answer never says whether the address already follows.
 */
export function FollowForm({ grievanceId }: { grievanceId: string }) {
  const t = useT();
  const id = useId();
  const [state, setState] = useState<State>({ kind: "idle" });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = followInputSchema.safeParse({ email: new FormData(form).get("email") ?? "" });
    if (!parsed.success) {
      setState({ kind: "error", message: parsed.error.issues[0]?.message ?? MESSAGES.invalidEmail });
      return;
    }
    setState({ kind: "sending" });
    try {
      const answer = await followGrievance(grievanceId, parsed.data.email);
      form.reset();
      setState({ kind: "done", message: answer.message });
    } catch (error) {
      setState({ kind: "error", message: errorMessageOf(error) });
    }
  }

  const error = state.kind === "error" ? translateText(state.message) : "";
  return (
    <section className="follow-box" aria-labelledby={`${id}-heading`} data-testid="follow-form">
      <h2 id={`${id}-heading`}>{t("Follow this report")}</h2>
      <p className="muted">
        {t("Get an e-mail when its status changes. We first send a link to confirm; your address is never shown.")}
      </p>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <div className="field">
          <label htmlFor={`${id}-email`}>{t("Your e-mail")}</label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        </div>
        <div className="form-actions">
          <BusySubmitButton busy={state.kind === "sending"} busyLabel={t("Sending...")} className="button">
            {t("Follow")}
          </BusySubmitButton>
        </div>
        <div role="status" className={state.kind === "done" ? "alert alert--success" : undefined} data-testid="follow-done">
          {state.kind === "done" ? translateText(state.message) : ""}
        </div>
        <div role="alert" id={`${id}-error`} className={error ? "alert alert--error" : undefined} data-testid="follow-error">
          {error}
        </div>
      </form>
    </section>
  );
}
