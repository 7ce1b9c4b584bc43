import { useId, useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import type { ErasureResult } from "#shared/api-schemas/personal-data.ts";
import { eraseRequestSchema, REASON_MAX_LENGTH } from "#shared/privacy/personal-data.ts";
import type { StaffGrievanceDetail } from "#shared/staff/staff-api.ts";
import { errorMessageOf } from "#web/lib/api-client.ts";
import { BusySubmitButton } from "#web/lib/busy-submit-button.tsx";
import { Field } from "#web/lib/form-field.tsx";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { erasePersonalData } from "../api/personal-data-api.ts";
import { PhotoBlurTool } from "./photo-blur-tool.tsx";
import { StaffPanel } from "./staff-panel.tsx";

/**
 * Erasure on request and blurring a photo (docs/decisions/043-erasure-and-access-on-request.md): rare, drastic and
 * recorded in the audit log, so folded on a phone and behind a disclosure like hiding a report.
 */
export function PersonalDataPanel({ grievance }: { grievance: StaffGrievanceDetail }) {
  const t = useT();
  return (
    <StaffPanel title={t("Personal data")} foldOnPhone testId="personal-data-panel">
      <ErasureForm grievanceId={grievance.id} />
      {grievance.images.length > 0 && <PhotoBlurTool grievanceId={grievance.id} images={grievance.images} />}
    </StaffPanel>
  );
}

function ErasureForm({ grievanceId }: { grievanceId: string }) {
  const t = useT();
  const id = useId();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [problem, setProblem] = useState("");
  const [done, setDone] = useState<ErasureResult>();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = eraseRequestSchema.safeParse({ reason: new FormData(form).get("reason") });
    setProblem("");
    setDone(undefined);
    if (!parsed.success) {
      setError(t(parsed.error.issues[0]?.message ?? ""));
      return;
    }
    setError("");
    setBusy(true);
    try {
      setDone(await erasePersonalData(grievanceId, parsed.data.reason));
      form.reset();
      await revalidator.revalidate();
    } catch (failure) {
      setProblem(errorMessageOf(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <p className="muted">
        {t(
          "On the person's request: their contact details, and e-mail addresses and phone numbers typed into the report and their updates, are erased. The report itself stays public.",
        )}
      </p>
      <details className="disclosure" open={Boolean(error || problem)}>
        <summary>{t("Erase personal data")}</summary>
        <form noValidate className="staff-form" onSubmit={(event) => void submit(event)}>
          <Field id={`${id}-reason`} label={t("Reason for the erasure")} error={error} announce>
            {(control) => <textarea dir="auto" name="reason" rows={3} maxLength={REASON_MAX_LENGTH} {...control} />}
          </Field>
          <div className="form-actions">
            <BusySubmitButton busy={busy} busyLabel={t("Saving...")} className="button button--danger-secondary">
              {t("Erase personal data")}
            </BusySubmitButton>
          </div>
        </form>
      </details>
      <div role="status" className={done ? "alert alert--success" : undefined} data-testid="erasure-done">
        {done && <ErasureSummary result={done} />}
      </div>
      <div role="alert" className={problem ? "alert alert--error" : undefined}>
        {problem}
      </div>
    </>
  );
}

function ErasureSummary({ result }: { result: ErasureResult }) {
  const t = useT();
  return (
    <>
      {t("Personal data erased.")}{" "}
      {t(
        "Contact details: {contact}. Numbers and addresses in the report: {inReport}, in updates: {inUpdates}. Follows ended: {follows}. E-mail records cleared: {emails}. SMS deleted: {sms}.",
        {
          contact: result.contactDetails ? t("erased") : t("none"),
          inReport: result.inReport,
          inUpdates: result.inUpdates,
          follows: result.follows,
          emails: result.emails,
          sms: result.sms,
        },
      )}
    </>
  );
}
