import { DatabaseUnavailableError } from "../db/database-unavailable.ts";
import { HttpError } from "../http/http-error.ts";

/**
 * What became of one POST /api/grievances, as grievance_submissions_total's labels: a small fixed set, read from
 * the answer's status and the error behind it, so that the form's route needs no counting code of its own.
 */
export interface SubmissionOutcome {
  outcome: "accepted" | "refused";
  reason:
    | "new"
    | "idempotent_replay"
    | "validation"
    | "image_rejected"
    | "duplicate"
    | "idempotency_key_reused"
    | "too_large"
    | "not_a_form"
    | "rate_limited"
    | "database_unavailable"
    | "server_error"
    | "client_gone"
    | "other";
}

const REFUSED_BY_STATUS: Record<number, SubmissionOutcome["reason"]> = {
  400: "validation",
  // A retry of a report still being saved, or of one that can no longer be answered again.
  409: "duplicate",
  413: "too_large",
  415: "not_a_form",
  422: "idempotency_key_reused",
  429: "rate_limited",
  503: "database_unavailable",
  // Storage failures end here too: the log line of the same request says which.
  500: "server_error",
};

export function submissionOutcome(statusCode: number, replayed: boolean, error: unknown): SubmissionOutcome {
  if (statusCode >= 200 && statusCode < 300)
    return { outcome: "accepted", reason: replayed ? "idempotent_replay" : "new" };
  if (error instanceof DatabaseUnavailableError) return { outcome: "refused", reason: "database_unavailable" };
  if (statusCode === 400 && error instanceof HttpError && error.fieldErrors?.images) {
    return { outcome: "refused", reason: "image_rejected" };
  }
  return { outcome: "refused", reason: REFUSED_BY_STATUS[statusCode] ?? "other" };
}
