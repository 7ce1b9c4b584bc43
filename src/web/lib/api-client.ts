import type { ApiError } from "../../shared/api-types.ts";
import type { FieldErrors } from "../../shared/grievance-schema.ts";
import { MESSAGES } from "../../shared/messages.ts";

/** An API call that did not succeed: carries the server's message (or the network message) for the visitor. */
export class ApiRequestError extends Error {
  /** HTTP status; 0 when the server could not be reached at all. */
  readonly status: number;
  readonly fieldErrors: FieldErrors | undefined;

  constructor(message: string, status: number, fieldErrors?: FieldErrors) {
    super(message);
    this.name = "ApiRequestError";
    this.status = status;
    this.fieldErrors = fieldErrors;
  }

  get isNotFound(): boolean {
    return this.status === 404;
  }
}

function isApiError(value: unknown): value is ApiError {
  return typeof value === "object" && value !== null && typeof (value as { message?: unknown }).message === "string";
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The one fetch wrapper of the app. Resolves with the parsed JSON body of a 2xx answer; rejects with an
 * {@link ApiRequestError} holding the server's message for any other status, or MESSAGES.networkFailed when
 * the request never got an answer. Aborted requests reject with the original AbortError.
 */
export async function apiFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      headers: { Accept: "application/json", ...init.headers },
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiRequestError(MESSAGES.networkFailed, 0);
  }

  const body = await readJson(response);
  if (!response.ok) {
    if (isApiError(body)) throw new ApiRequestError(body.message, response.status, body.fieldErrors);
    // No JSON answer (e.g. a proxy in front of a stopped server): the portal could not really be reached.
    throw new ApiRequestError(
      response.status >= 500 ? MESSAGES.networkFailed : `The request failed (status ${response.status}).`,
      response.status,
    );
  }
  if (body === undefined) throw new ApiRequestError(MESSAGES.networkFailed, response.status);
  return body as T;
}

/** The visitor-facing message of anything thrown by an API call. */
export function errorMessageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return MESSAGES.networkFailed;
}
