import type { FieldErrors } from "#shared/grievances/grievance-schema.ts";

/**
 * An API call that did not succeed: carries the server's message (in the visitor's language: the request says which)
 * or the app's own, in English, as its id; errorMessageOf gives it in the active language.
 */
export class ApiRequestError extends Error {
  /** HTTP status; 0 when the server could not be reached at all. */
  readonly status: number;
  readonly fieldErrors: FieldErrors | undefined;
  /** The server's id of the request (its answer's `requestId`), for a resident to quote; absent when none answered. */
  readonly requestId: string | undefined;

  constructor(message: string, status: number, fieldErrors?: FieldErrors, requestId?: string) {
    super(message);
    this.name = "ApiRequestError";
    this.status = status;
    this.fieldErrors = fieldErrors;
    this.requestId = requestId;
  }

  get isNotFound(): boolean {
    return this.status === 404;
  }
}

/**
 * The id to quote to support for a failure on the server's side (5xx), when its answer carried one; undefined for
 * a refusal the visitor can fix themselves (4xx) and for a request no server answered.
 */
export function supportReferenceOf(error: unknown): string | undefined {
  return error instanceof ApiRequestError && error.status >= 500 ? error.requestId : undefined;
}
