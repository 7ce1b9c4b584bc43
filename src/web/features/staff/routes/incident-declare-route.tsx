import { msg } from "#shared/i18n/locales.ts";
import { useEffect, useRef, useState } from "react";
import { Form, Link, redirect, useActionData, useNavigation, type ActionFunctionArgs } from "react-router";
import {
  INCIDENT_LIMITS,
  INCIDENT_SEVERITIES,
  INCIDENT_SEVERITY_NAMES,
  INCIDENT_TYPE_NAMES,
  INCIDENT_TYPES,
} from "#shared/incidents/incidents.ts";
import { refusal, type ActionRefused } from "#web/lib/action-result.ts";
import { ApiRequestError, errorMessageOf } from "#web/lib/api-client.ts";
import { BusySubmitButton } from "#web/lib/busy-submit-button.tsx";
import { Field } from "#web/lib/form-field.tsx";
import { t } from "#web/lib/i18n/i18n.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { paths } from "#web/lib/paths.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { isSignedOut } from "#web/lib/session-guard.ts";
import { AreaDrawer } from "../components/area-drawer.tsx";
import { localInputValue } from "#web/lib/map/area-drawing.ts";
import {
  parseDeclareForm,
  serverFieldErrorsOf,
  type DeclareField,
  type DeclareFieldErrors,
} from "../components/incident-form-data.ts";
import { declareIncident } from "../api/incidents-api.ts";
import { DateTimeInput } from "#web/lib/date-time-input.tsx";
import { TranslationFields } from "../components/incident-translation-fields.tsx";

const DECLARE = "declare";

/** A declared incident opens its page; only a refusal comes back to the form, with a message per field. */
export type DeclareResult = ActionRefused<typeof DECLARE, DeclareField>;

const refused = (message: string, errors: DeclareFieldErrors): DeclareResult =>
  refusal(DECLARE, message, Object.keys(errors).length > 0 ? errors : undefined);

/** Declares the incident, then opens its page; a refusal comes back with a message per field. */
export async function declareIncidentAction({ request }: ActionFunctionArgs): Promise<DeclareResult | Response> {
  const parsed = parseDeclareForm(await request.formData());
  if (!parsed.ok) return refused(t("Please correct the fields marked below."), parsed.errors);
  try {
    const incident = await declareIncident(parsed.body);
    return redirect(paths.staffIncident(incident.id));
  } catch (error) {
    if (isSignedOut(error)) throw redirect(paths.staffSignIn(paths.staffIncidentNew()));
    const errors = error instanceof ApiRequestError ? serverFieldErrorsOf(error.fieldErrors) : {};
    return refused(errorMessageOf(error), errors);
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
  const errors: DeclareFieldErrors = result?.fieldErrors ?? {};
  const summary = useRef<HTMLDivElement>(null);
  // The start defaults to now, as the form opened (not re-read on each render).
  const [now] = useState(() => localInputValue(new Date()));

  // After a refusal, the focus goes to the first field with a problem, or to the message (docs/accessibility.md).
  useEffect(() => {
    if (!result) return;
    const first = FIELD_ORDER.find((field) => result.fieldErrors?.[field]);
    const target = first ? document.getElementById(fieldId(first)) : summary.current;
    target?.focus();
  }, [result]);

  const errorOf = (field: DeclareField) => errors[field] ?? "";
  // Each field by its id and message; the hints' ids are the ones the form has always used.
  const fieldOf = (field: DeclareField) => ({ id: fieldId(field), error: errorOf(field) });

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
          <Field {...fieldOf("type")} label={t("Type")}>
            {(control) => (
              <select name="type" defaultValue="supply-interruption" {...control}>
                {INCIDENT_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(INCIDENT_TYPE_NAMES[type])}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field {...fieldOf("severity")} label={t("Severity")}>
            {(control) => (
              <select name="severity" defaultValue="moderate" {...control}>
                {INCIDENT_SEVERITIES.map((severity) => (
                  <option key={severity} value={severity}>
                    {t(INCIDENT_SEVERITY_NAMES[severity])}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field {...fieldOf("title")} label={t("Title")} full>
            {(control) => <input type="text" dir="auto" name="title" maxLength={INCIDENT_LIMITS.title} {...control} />}
          </Field>
          <Field {...fieldOf("message")} label={t("Public message")} full>
            {(control) => (
              <textarea dir="auto" name="message" rows={4} maxLength={INCIDENT_LIMITS.message} {...control} />
            )}
          </Field>
          <Field
            {...fieldOf("instructions")}
            label={t("Instructions")}
            hint={t(
              "What residents should do, e.g. boil water for one minute before drinking; a tanker is at the school.",
            )}
            hintId="incident-instructions-hint"
            full
          >
            {(control) => (
              <textarea dir="auto" name="instructions" rows={3} maxLength={INCIDENT_LIMITS.instructions} {...control} />
            )}
          </Field>
          <div className="field--full">
            <TranslationFields
              idPrefix="incident"
              fields={[
                { name: "title", label: msg("Title"), maxLength: INCIDENT_LIMITS.title },
                { name: "message", label: msg("Public message"), maxLength: INCIDENT_LIMITS.message, rows: 3 },
                { name: "instructions", label: msg("Instructions"), maxLength: INCIDENT_LIMITS.instructions, rows: 2 },
              ]}
            />
          </div>
          <Field {...fieldOf("startsAt")} label={t("Start")}>
            {(control) => <DateTimeInput name="startsAt" defaultValue={now} {...control} />}
          </Field>
          <Field {...fieldOf("expectedRestorationAt")} label={t("Expected restoration (optional)")}>
            {(control) => <DateTimeInput name="expectedRestorationAt" {...control} />}
          </Field>
          <AreaDrawer error={errorOf("area")} />
          <Field
            {...fieldOf("localities")}
            label={t("Localities")}
            hint={t(
              "One per line, as residents name them (e.g. Kibera, Riverside Estate). Naming localities works without the map; the area on the map is optional when you name at least one.",
            )}
            hintId="incident-localities-hint"
            full
          >
            {(control) => <textarea dir="auto" name="localities" rows={3} {...control} />}
          </Field>
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
