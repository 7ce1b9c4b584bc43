import { useEffect, useRef, useState } from "react";
import { Form, Link, redirect, useActionData, useNavigation, type ActionFunctionArgs } from "react-router";
import {
  INCIDENT_LIMITS,
  INCIDENT_SEVERITIES,
  INCIDENT_SEVERITY_NAMES,
  INCIDENT_TYPE_NAMES,
  INCIDENT_TYPES,
} from "#shared/incidents/incidents.ts";
import { ApiRequestError, errorMessageOf } from "#web/lib/api-client.ts";
import { BusySubmitButton } from "#web/lib/busy-submit-button.tsx";
import { t } from "#web/lib/i18n/i18n.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { paths } from "#web/lib/paths.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { isSignedOut } from "#web/lib/session-guard.ts";
import { AreaDrawer } from "../components/area-drawer.tsx";
import { localInputValue } from "../components/incident-draw.ts";
import {
  parseDeclareForm,
  serverFieldErrorsOf,
  type DeclareField,
  type DeclareFieldErrors,
} from "../components/incident-form-data.ts";
import { declareIncident } from "../api/incidents-api.ts";

export type DeclareResult = { message: string; errors: DeclareFieldErrors };

/** Declares the incident, then opens its page; a refusal comes back with a message per field. */
export async function declareIncidentAction({ request }: ActionFunctionArgs): Promise<DeclareResult | Response> {
  const parsed = parseDeclareForm(await request.formData());
  if (!parsed.ok) return { message: t("Please correct the fields marked below."), errors: parsed.errors };
  try {
    const incident = await declareIncident(parsed.body);
    return redirect(paths.staffIncident(incident.id));
  } catch (error) {
    if (isSignedOut(error)) throw redirect(paths.staffSignIn(paths.staffIncidentNew()));
    const errors = error instanceof ApiRequestError ? serverFieldErrorsOf(error.fieldErrors) : {};
    return { message: errorMessageOf(error), errors };
  }
}

/** The fields in the order the form shows them: the first with a problem gets the focus. */
const FIELD_ORDER: readonly DeclareField[] = [
  "type",
  "severity",
  "title",
  "message",
  "instructions",
  "startsAt",
  "expectedRestorationAt",
  "area",
  "localities",
];

const fieldId = (field: DeclareField) => `incident-${field}`;

export function IncidentDeclareRoute() {
  const t = useT();
  useDocumentTitle(t("Declare an incident"));
  const result = useActionData<typeof declareIncidentAction>();
  const busy = useNavigation().state !== "idle";
  const errors = result?.errors ?? {};
  const summary = useRef<HTMLDivElement>(null);
  // The start defaults to now, as the form opened (not re-read on each render).
  const [now] = useState(() => localInputValue(new Date()));

  // After a refusal, the focus goes to the first field with a problem, or to the message (docs/accessibility.md).
  useEffect(() => {
    if (!result) return;
    const first = FIELD_ORDER.find((field) => result.errors[field]);
    const target = first ? document.getElementById(fieldId(first)) : summary.current;
    target?.focus();
  }, [result]);

  const errorOf = (field: DeclareField) => errors[field] ?? "";
  const described = (field: DeclareField, hint?: string) =>
    [hint, errors[field] ? `${fieldId(field)}-error` : undefined].filter(Boolean).join(" ") || undefined;
  const fieldError = (field: DeclareField) =>
    errors[field] ? (
      <p className="field-error" id={`${fieldId(field)}-error`}>
        {errors[field]}
      </p>
    ) : null;
  const invalid = (field: DeclareField) => (errors[field] ? true : undefined);

  return (
    <section className="page incident-declare" aria-labelledby="declare-heading">
      <p>
        <Link to={paths.staffIncidents()}>{t("All incidents")}</Link>
      </p>
      <h1 id="declare-heading">{t("Declare an incident")}</h1>
      <p className="muted">
        {t(
          "The title, message and instructions are public: they appear on the public site, in the alerts residents receive and in the CAP feed.",
        )}
      </p>
      <div
        ref={summary}
        tabIndex={-1}
        role="alert"
        className={result?.message ? "alert alert--error" : undefined}
        data-testid="declare-error"
      >
        {result?.message}
      </div>
      <Form method="post" noValidate className="card incident-form">
        <div className="form-grid">
          <div className="field">
            <label htmlFor={fieldId("type")}>{t("Type")}</label>
            <select
              id={fieldId("type")}
              name="type"
              defaultValue="supply-interruption"
              aria-invalid={invalid("type")}
              aria-describedby={described("type")}
            >
              {INCIDENT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(INCIDENT_TYPE_NAMES[type])}
                </option>
              ))}
            </select>
            {fieldError("type")}
          </div>
          <div className="field">
            <label htmlFor={fieldId("severity")}>{t("Severity")}</label>
            <select
              id={fieldId("severity")}
              name="severity"
              defaultValue="moderate"
              aria-invalid={invalid("severity")}
              aria-describedby={described("severity")}
            >
              {INCIDENT_SEVERITIES.map((severity) => (
                <option key={severity} value={severity}>
                  {t(INCIDENT_SEVERITY_NAMES[severity])}
                </option>
              ))}
            </select>
            {fieldError("severity")}
          </div>
          <div className="field field--full">
            <label htmlFor={fieldId("title")}>{t("Title")}</label>
            <input
              type="text"
              id={fieldId("title")}
              name="title"
              maxLength={INCIDENT_LIMITS.title}
              aria-invalid={invalid("title")}
              aria-describedby={described("title")}
            />
            {fieldError("title")}
          </div>
          <div className="field field--full">
            <label htmlFor={fieldId("message")}>{t("Public message")}</label>
            <textarea
              id={fieldId("message")}
              name="message"
              rows={4}
              maxLength={INCIDENT_LIMITS.message}
              aria-invalid={invalid("message")}
              aria-describedby={described("message")}
            />
            {fieldError("message")}
          </div>
          <div className="field field--full">
            <label htmlFor={fieldId("instructions")}>{t("Instructions")}</label>
            <textarea
              id={fieldId("instructions")}
              name="instructions"
              rows={3}
              maxLength={INCIDENT_LIMITS.instructions}
              aria-invalid={invalid("instructions")}
              aria-describedby={described("instructions", "incident-instructions-hint")}
            />
            <p className="hint" id="incident-instructions-hint">
              {t(
                "What residents should do, e.g. boil water for one minute before drinking; a tanker is at the school.",
              )}
            </p>
            {fieldError("instructions")}
          </div>
          <div className="field">
            <label htmlFor={fieldId("startsAt")}>{t("Start")}</label>
            <input
              type="datetime-local"
              id={fieldId("startsAt")}
              name="startsAt"
              defaultValue={now}
              aria-invalid={invalid("startsAt")}
              aria-describedby={described("startsAt")}
            />
            {fieldError("startsAt")}
          </div>
          <div className="field">
            <label htmlFor={fieldId("expectedRestorationAt")}>{t("Expected restoration (optional)")}</label>
            <input
              type="datetime-local"
              id={fieldId("expectedRestorationAt")}
              name="expectedRestorationAt"
              aria-invalid={invalid("expectedRestorationAt")}
              aria-describedby={described("expectedRestorationAt")}
            />
            {fieldError("expectedRestorationAt")}
          </div>
          <AreaDrawer error={errorOf("area")} />
          <div className="field field--full">
            <label htmlFor={fieldId("localities")}>{t("Localities")}</label>
            <textarea
              id={fieldId("localities")}
              name="localities"
              rows={3}
              aria-invalid={invalid("localities")}
              aria-describedby={described("localities", "incident-localities-hint")}
            />
            <p className="hint" id="incident-localities-hint">
              {t(
                "One per line, as residents name them (e.g. Kibera, Riverside Estate). Naming localities works without the map; the area on the map is optional when you name at least one.",
              )}
            </p>
            {fieldError("localities")}
          </div>
        </div>
        <div className="form-actions">
          <BusySubmitButton busy={busy} busyLabel={t("Saving...")} className="button">
            {t("Declare the incident")}
          </BusySubmitButton>
        </div>
      </Form>
    </section>
  );
}
