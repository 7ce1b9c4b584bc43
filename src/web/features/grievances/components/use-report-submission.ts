import { useCallback, useEffect, useReducer, useRef, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { DEFAULT_PRIORITY, REDIRECT_AFTER_SUBMIT_MS } from "#shared/domain.ts";
import {
  fieldErrorsOf,
  grievanceInputSchema,
  summaryMessageOf,
  type FieldErrors,
  type GrievanceField,
} from "#shared/grievances/grievance-schema.ts";
import { MESSAGES } from "#shared/messages.ts";
import { useAnnounce } from "#web/lib/announcer.tsx";
import { ApiRequestError, errorMessageOf } from "#web/lib/api-client.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { paths } from "#web/lib/paths.ts";
import { announceSubmitted, rememberedReportOf, rememberReport } from "#web/lib/my-reports-store.ts";
import { createGrievance, newSubmissionKey } from "../api/report.ts";
import { QUEUE_CHANGED_EVENT } from "../api/offline-flag.ts";
import { saveForLater } from "../api/offline-queue.ts";
import { useChosenImages } from "#web/lib/images/use-chosen-images.ts";

export type ReportValues = Record<GrievanceField, string>;

export const EMPTY_VALUES: ReportValues = {
  title: "",
  category: "",
  priority: DEFAULT_PRIORITY,
  location: "",
  description: "",
  user_email: "",
  user_phone: "",
  sms_updates: "",
  latitude: "",
  longitude: "",
  water_point: "",
};

/**
 * Where a submit stands: nothing sent yet (or a refusal to correct), on its way, sent (the confirmation shows until
 * the visitor is taken to the list), or kept on this phone to be sent when the connection returns (docs/offline.md).
 */
export type SubmissionStatus = "idle" | "submitting" | "sent" | "kept-offline";

export interface SubmissionState {
  status: SubmissionStatus;
  /** Each field's message: the schema's (English) or the server's (already in the visitor's language). */
  errors: FieldErrors;
  /** The error summary's headline; null hides the summary. */
  formError: string | null;
  /**
   * The summary is about fields only (the form's own check, or the server naming fields): once every one of them
   * has been put right it goes, rather than stay as an empty box (docs/accessibility.md).
   */
  aboutFields: boolean;
  /** The failed request behind formError, for its reference to quote when the server failed (SupportReference). */
  failure: unknown;
  /** The sent report's reference, shown in the confirmation. */
  reference: string | null;
  /**
   * Where the focus goes after a submit (docs/accessibility.md): the error summary, or the confirmation. Counted,
   * so that a second refused submit moves the focus to the summary again.
   */
  focus: { to: "summary" | "success"; n: number } | null;
}

export type SubmissionEvent =
  /** The visitor changed these fields: their errors go. */
  | { type: "edited"; fields: GrievanceField[] }
  /** The form's own check refused the entries (nothing was sent). */
  | { type: "invalid"; errors: FieldErrors; message: string }
  /** A submit passed the form's check: the last one's messages go. */
  | { type: "started" }
  /** No connection, and this browser could not keep the report either. */
  | { type: "not-kept" }
  | { type: "sending" }
  | { type: "sent"; reference: string }
  /** The request failed; the report may still be kept for later ("kept-offline") or refused ("refused"). */
  | { type: "request-failed" }
  | { type: "kept-offline" }
  /** The server refused the report or could not be reached: its message, and its fields' when it named them. */
  | { type: "refused"; message: string; failure: unknown; errors?: FieldErrors }
  /** The kept reports changed (sent or refused): the outbox now says what became of them. */
  | { type: "settled" };

export const INITIAL_SUBMISSION: SubmissionState = {
  status: "idle",
  errors: {},
  formError: null,
  aboutFields: false,
  failure: null,
  reference: null,
  focus: null,
};

const focusOn = (state: SubmissionState, to: "summary" | "success") => ({ to, n: (state.focus?.n ?? 0) + 1 });

/** The report form's submission as a pure function of what happened, so each step is tested without a browser. */
export function submissionReducer(state: SubmissionState, event: SubmissionEvent): SubmissionState {
  switch (event.type) {
    case "edited": {
      // The same state when none of them had an error, so typing does not re-render the form for nothing.
      if (!event.fields.some((field) => state.errors[field])) return state;
      const errors = { ...state.errors };
      for (const field of event.fields) delete errors[field];
      return { ...state, errors };
    }
    case "invalid":
      // The last request's failure stays with the summary, as it did before the submission became a reducer.
      return {
        ...state,
        errors: event.errors,
        formError: event.message,
        aboutFields: true,
        focus: focusOn(state, "summary"),
      };
    case "started":
      return { ...state, errors: {}, formError: null, aboutFields: false, failure: null };
    case "not-kept":
      return { ...state, formError: MESSAGES.networkFailed, aboutFields: false, focus: focusOn(state, "summary") };
    case "sending":
      return { ...state, status: "submitting" };
    case "sent":
      return { ...state, status: "sent", reference: event.reference, focus: focusOn(state, "success") };
    case "request-failed":
      return { ...state, status: "idle" };
    case "kept-offline":
      return { ...state, status: "kept-offline", focus: focusOn(state, "success") };
    case "refused":
      return {
        ...state,
        status: "idle",
        errors: event.errors ?? state.errors,
        formError: event.message,
        aboutFields: Object.keys(event.errors ?? {}).length > 0,
        failure: event.failure,
        focus: focusOn(state, "summary"),
      };
    case "settled":
      return state.status === "kept-offline" ? { ...state, status: "idle" } : state;
  }
}

/**
 * After a submit: the report is remembered in this browser for /my-reports, and announced to the list page the
 * visitor is sent to, which shows its private link (docs/product-decisions.md D13).
 */
function keepSubmitted(submitted: Awaited<ReturnType<typeof createGrievance>>): void {
  const report = rememberedReportOf(submitted);
  if (!report) return;
  rememberReport(report);
  announceSubmitted(report);
}

/**
 * The report form's entries, photos and submission: the form's check, sending with an Idempotency-Key, keeping the
 * report on the phone without a connection, the messages of a refusal, and where the focus goes after each.
 * `onAccepted` runs once a report is accepted, before the visitor is sent to the list.
 */
export function useReportSubmission(onAccepted?: () => void) {
  const t = useT();
  const navigate = useNavigate();
  const announce = useAnnounce();
  const [values, setValues] = useState<ReportValues>(EMPTY_VALUES);
  const [state, dispatch] = useReducer(submissionReducer, INITIAL_SUBMISSION);
  const summaryRef = useRef<HTMLDivElement>(null);
  const successRef = useRef<HTMLDivElement>(null);
  // One key per set of entries: a retry of unchanged entries reuses it, any change starts a new report.
  const submissionKey = useRef<string | undefined>(undefined);
  // Previews' object URLs are freed when the form goes away.
  const photos = useChosenImages(() => {
    submissionKey.current = undefined;
  });
  const { status, focus } = state;

  useEffect(() => {
    if (!focus) return;
    (focus.to === "summary" ? summaryRef : successRef).current?.focus();
  }, [focus]);

  // Sent: the message shows, then the visitor is taken to the list (specification §2).
  useEffect(() => {
    if (status !== "sent") return;
    const timer = setTimeout(() => void navigate(paths.list()), REDIRECT_AFTER_SUBMIT_MS);
    return () => clearTimeout(timer);
  }, [status, navigate]);

  // "Saved on this phone" holds until the kept reports change (sent, or refused): the outbox above the page then
  // says what became of them, and this message must not go on saying it waits.
  useEffect(() => {
    if (status !== "kept-offline") return;
    const settled = () => dispatch({ type: "settled" });
    window.addEventListener(QUEUE_CHANGED_EVENT, settled);
    return () => window.removeEventListener(QUEUE_CHANGED_EVENT, settled);
  }, [status]);

  // A change of these fields clears their errors and makes the entries a new report (a new submission key).
  const edited = useCallback((...fields: GrievanceField[]) => {
    submissionKey.current = undefined;
    dispatch({ type: "edited", fields });
  }, []);

  const change = (field: GrievanceField, value: string) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    edited(field);
  };

  const busy = status === "submitting" || status === "sent";

  /**
   * No connection: the report is kept in this browser, photos included, with its Idempotency-Key, and sent when the
   * connection returns (docs/offline.md); the form is emptied for the next one.
   */
  const keepForLater = async (key: string) => {
    await saveForLater({
      key,
      values,
      photos: photos.images.map((image) => ({ name: image.file.name, type: image.file.type, bytes: image.file })),
    });
    submissionKey.current = undefined;
    setValues(EMPTY_VALUES);
    photos.clear();
    dispatch({ type: "kept-offline" });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const parsed = grievanceInputSchema.safeParse(values);
    if (!parsed.success) {
      const errors = fieldErrorsOf(parsed.error);
      dispatch({ type: "invalid", errors, message: summaryMessageOf(errors) });
      photos.setError(errors.images);
      return;
    }
    dispatch({ type: "started" });
    photos.setError(undefined);
    submissionKey.current ??= newSubmissionKey();
    const key = submissionKey.current;
    if (!navigator.onLine) {
      await keepForLater(key).catch(() => dispatch({ type: "not-kept" }));
      return;
    }
    dispatch({ type: "sending" });
    announce(t("Submitting..."));
    try {
      const submitted = await createGrievance(
        values,
        photos.images.map((image) => image.file),
        key,
      );
      keepSubmitted(submitted);
      onAccepted?.();
      dispatch({ type: "sent", reference: submitted.reference });
    } catch (error) {
      // docs/product-decisions.md D3: say what went wrong and keep every entry and image for another try.
      console.error("Grievance submission failed:", error);
      dispatch({ type: "request-failed" });
      // The connection went while sending: kept for later, as if it had been gone before.
      if (error instanceof ApiRequestError && error.status === 0 && !navigator.onLine) {
        try {
          await keepForLater(key);
          return;
        } catch {
          // This browser cannot keep it either: the message below says what went wrong, and the entries stay.
        }
      }
      const errors = error instanceof ApiRequestError ? error.fieldErrors : undefined;
      dispatch({ type: "refused", message: errorMessageOf(error), failure: error, errors });
      if (errors) photos.setError(errors.images);
    }
  };

  return { values, setValues, change, edited, state, busy, photos, submit, summaryRef, successRef };
}
