import { useId, useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import { msg } from "#shared/i18n/locales.ts";
import type { SmsState } from "#shared/api-schemas/staff-sms.ts";
import type { StaffGrievanceDetail } from "#shared/staff/staff-api.ts";
import { STAFF_SMS_MAX_LENGTH, STAFF_SMS_MESSAGES } from "#shared/staff/staff-sms-schemas.ts";
import { errorMessageOf } from "#web/lib/api-client.ts";
import { BusySubmitButton } from "#web/lib/busy-submit-button.tsx";
import { Field } from "#web/lib/form-field.tsx";
import { formatDateTime } from "#web/lib/i18n/format.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { translateText } from "#web/lib/i18n/translate-text.ts";
import { slot, withElements } from "#web/lib/text-with-elements.tsx";
import { sendSmsToReporter } from "../api/staff-sms-api.ts";
import { StaffPanel } from "./staff-panel.tsx";
import { useSmsOn } from "./sms-on.ts";
import "./sms-panel.css";

type SmsMessage = StaffGrievanceDetail["sms"]["messages"][number];

const KINDS: Record<NonNullable<SmsMessage["kind"]>, string> = {
  reply: msg("Reply"),
  update: msg("Update"),
  "fixed-question": msg("Is it fixed?"),
  staff: msg("From staff"),
  "incident-alert": msg("Incident alert"),
};

const STATES: Record<SmsState, string> = {
  queued: msg("Queued"),
  waiting: msg("Waiting (daily limit)"),
  sent: msg("Sent"),
  delivered: msg("Delivered"),
  failed: msg("Failed"),
};

function SmsItem({ sms }: { sms: SmsMessage }) {
  const t = useT();
  const out = sms.direction === "out";
  // The address in its own direction: in Arabic its "-" and "@" would otherwise be reordered with the sentence.
  const who = out
    ? sms.kind === "staff" && sms.staffEmail
      ? withElements(t("To the reporter, from {email}", { email: slot("email") }), {
          email: <bdi dir="ltr">{sms.staffEmail}</bdi>,
        })
      : t("To the reporter")
    : t("From the reporter");
  return (
    <li className={`sms-conversation__item sms-conversation__item--${sms.direction}`} data-testid="sms-message">
      <p className="sms-conversation__meta">
        <time dateTime={sms.at}>{formatDateTime(sms.at)}</time>
        {" · "}
        <span>{who}</span>
        {out && sms.kind && sms.kind !== "staff" && <span>{` · ${t(KINDS[sms.kind])}`}</span>}
      </p>
      <p className="sms-conversation__text" dir="auto">
        {sms.text}
      </p>
      {out && sms.state && (
        <p className={`sms-conversation__state sms-conversation__state--${sms.state}`} data-testid="sms-state">
          {sms.state === "failed" && sms.error
            ? t("Failed: {reason}", { reason: sms.error })
            : sms.state === "failed"
              ? t("Failed: the phone's network reported it undelivered")
              : t(STATES[sms.state])}
          {sms.stateAt && (
            <>
              {" · "}
              <time dateTime={sms.stateAt}>{formatDateTime(sms.stateAt)}</time>
            </>
          )}
        </p>
      )}
    </li>
  );
}

/** Why no message can be written now, or undefined when one can. */
function whyNot(grievance: StaffGrievanceDetail, smsOn: boolean): string | undefined {
  if (!smsOn) return STAFF_SMS_MESSAGES.smsOff;
  if (!grievance.user_phone) return STAFF_SMS_MESSAGES.noPhone;
  if (grievance.sms.stopped) return STAFF_SMS_MESSAGES.stopped;
  return undefined;
}

/**
 * The report's SMS (docs/decisions/041-sms-for-staff.md): whether SMS is on and the reporter agreed to updates by
 * it, the conversation oldest first with each outgoing message's state, and a form to write to the reporter. The
 * page's data is reloaded after a message is queued, so it shows in the conversation as queued.
 */
export function SmsPanel({ grievance }: { grievance: StaffGrievanceDetail }) {
  const t = useT();
  const id = useId();
  const smsOn = useSmsOn();
  const revalidator = useRevalidator();
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [done, setDone] = useState("");
  const blocked = whyNot(grievance, smsOn);
  const { messages, updatesBySms } = grievance.sms;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setDone("");
    if (!text.trim()) {
      setError(t(STAFF_SMS_MESSAGES.textRequired));
      return;
    }
    setBusy(true);
    setError("");
    sendSmsToReporter(grievance.id, text)
      .then(() => {
        setText("");
        setDone(t(STAFF_SMS_MESSAGES.sent));
        void revalidator.revalidate();
      })
      .catch((failure: unknown) => setError(translateText(errorMessageOf(failure))))
      .finally(() => setBusy(false));
  };

  return (
    <StaffPanel title={t("SMS with the reporter")} testId="sms-panel">
      <p className="sms-panel__status" data-testid="sms-status">
        {smsOn ? t("SMS is on.") : t("SMS is off on this portal.")}{" "}
        {grievance.user_phone &&
          (updatesBySms
            ? t("The reporter agreed to updates by SMS.")
            : t("The reporter did not ask for updates by SMS: only messages staff write are sent."))}
      </p>
      {messages.length === 0 ? (
        <p className="muted">{t("No SMS yet.")}</p>
      ) : (
        <ol className="sms-conversation" aria-label={t("SMS, oldest first")}>
          {messages.map((sms) => (
            <SmsItem key={sms.id} sms={sms} />
          ))}
        </ol>
      )}
      {blocked ? (
        <p className="sms-panel__blocked" data-testid="sms-blocked">
          {t(blocked)}
        </p>
      ) : (
        <form noValidate onSubmit={handleSubmit} className="staff-form">
          <Field
            id={`${id}-text`}
            label={t("Message to the reporter")}
            hint={t("At most three SMS: 459 plain characters, or 201 in other alphabets such as Arabic or Hindi.")}
            full
          >
            {(control) => (
              <textarea
                dir="auto"
                rows={3}
                maxLength={STAFF_SMS_MAX_LENGTH}
                value={text}
                disabled={busy}
                {...control}
                onChange={(event) => {
                  setText(event.target.value);
                  setError("");
                  setDone("");
                }}
              />
            )}
          </Field>
          <div className="form-feedback">
            <div role="alert" className={error ? "alert alert--error" : undefined} data-testid="sms-error">
              {error}
            </div>
            <div role="status" className={done ? "alert alert--success" : undefined} data-testid="sms-done">
              {done}
            </div>
          </div>
          <div className="form-actions">
            <BusySubmitButton busy={busy} busyLabel={t("Sending...")} className="button">
              {t("Send SMS")}
            </BusySubmitButton>
          </div>
        </form>
      )}
    </StaffPanel>
  );
}
