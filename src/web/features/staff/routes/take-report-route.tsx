import { Form, Link, redirect, useActionData, useNavigation, useSubmit, type ActionFunctionArgs } from "react-router";
import { onBehalfInputSchema } from "#shared/staff/call-and-duplicate-schemas.ts";
import { refusal, type ActionResult } from "#web/lib/action-result.ts";
import { ApiRequestError, errorMessageOf } from "#web/lib/api-client.ts";
import { BusySubmitButton } from "#web/lib/busy-submit-button.tsx";
import { FormFeedback } from "#web/lib/form-feedback.tsx";
import { ImagePicker } from "#web/lib/images/image-picker.tsx";
import { useChosenImages } from "#web/lib/images/use-chosen-images.ts";
import { useLocale, useT } from "#web/lib/i18n/i18n-context.tsx";
import { translateText } from "#web/lib/i18n/translate-text.ts";
import { paths } from "#web/lib/paths.ts";
import { isSignedOut } from "#web/lib/session-guard.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { takeReport } from "../api/work-api.ts";
import { TakeReportFields } from "../components/take-report-fields.tsx";
import "../components/calls-and-duplicates.css";

/**
 * "Take a report" (docs/decisions/033-duplicates-calls-and-templates.md): staff fill the public form's fields for a
 * caller on the phone, at the counter, by letter or e-mail; the reference is then shown large to read out.
 */

type TakeReportResult = ActionResult<"take", { id: string; reference: string } | undefined>;

export async function takeReportAction({ request }: ActionFunctionArgs): Promise<TakeReportResult> {
  const form = await request.formData();
  const fields: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string") fields[name] = value;
  // The shared schema first, so the form says what the server would, without a round trip.
  const parsed = onBehalfInputSchema.safeParse(fields);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= translateText(issue.message);
    return refusal("take", Object.values(fieldErrors)[0] ?? "", fieldErrors);
  }
  try {
    const report = await takeReport(form);
    return { intent: "take", ok: true, data: { id: report.id, reference: report.reference } };
  } catch (error) {
    if (isSignedOut(error)) throw redirect(paths.staffSignIn(paths.staffTakeReport()));
    const fieldErrors = error instanceof ApiRequestError ? error.fieldErrors : undefined;
    return refusal("take", errorMessageOf(error), fieldErrors);
  }
}

export function TakeReportRoute() {
  const t = useT();
  const locale = useLocale();
  useDocumentTitle(t("Take a report"));
  const result = useActionData<typeof takeReportAction>();
  const busy = useNavigation().state !== "idle";
  const photos = useChosenImages();
  const submit = useSubmit();
  const taken = result?.ok ? result.data : undefined;
  if (taken) {
    return (
      <section className="card take-report-done" aria-labelledby="taken-heading" data-testid="taken-report">
        <h1 id="taken-heading">{t("The report is saved")}</h1>
        <p>{t("Read the reference out to the caller: with it they can follow the report.")}</p>
        <p className="take-report-done__reference" data-testid="taken-reference">
          <bdi>{taken.reference}</bdi>
        </p>
        <p className="form-actions">
          <Link className="button" to={paths.staffGrievance(taken.id)}>
            {t("Open the report in the console")}
          </Link>
          <Link className="button button--secondary" to={paths.staffTakeReport()}>
            {t("Take another report")}
          </Link>
        </p>
      </section>
    );
  }
  const errorOf = (field: string) => {
    const message = result && !result.ok ? result.fieldErrors?.[field as never] : undefined;
    return message ? translateText(message) : "";
  };
  return (
    <section className="page take-report" aria-labelledby="take-heading">
      <h1 id="take-heading">{t("Take a report")}</h1>
      <p className="muted">
        {t(
          "For a resident who calls, comes to the counter, writes or e-mails. A phone number alone is contact enough; with an e-mail address they get the receipt and their private link.",
        )}
      </p>
      <p className="hint">{t("Fields marked * are required.")}</p>
      <Form
        method="post"
        encType="multipart/form-data"
        noValidate
        className="card take-report__form staff-form"
        onSubmit={(event) => {
          // The photos chosen in the picker (kept by it, not by its input) go with the fields.
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          form.delete("images");
          for (const image of photos.images) form.append("images", image.file);
          void submit(form, { method: "post", encType: "multipart/form-data" });
        }}
      >
        <TakeReportFields
          errorOf={errorOf}
          locale={locale}
          photos={
            <ImagePicker
              inputId="take-images"
              images={photos.images}
              error={photos.error ?? (errorOf("images") || undefined)}
              disabled={busy}
              onPick={(files) => void photos.pick(files)}
              onRemove={photos.remove}
            />
          }
        />
        <FormFeedback result={result} testId="take-report" />
        <div className="form-actions">
          <BusySubmitButton busy={busy} busyLabel={t("Saving...")} className="button">
            {t("Save the report")}
          </BusySubmitButton>
        </div>
      </Form>
    </section>
  );
}
