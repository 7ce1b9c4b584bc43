import type { ApiError } from "#shared/api-types.ts";
import { englishText } from "#shared/i18n/english-text.ts";
import { msg } from "#shared/i18n/locales.ts";
import { FRAME_MESSAGES } from "#shared/frame-messages.ts";
import { currentLocale } from "./i18n/i18n.ts";
import { ApiRequestError } from "./api-request-error.ts";

// Apart from api-client.ts, which adds the translation of error messages: the landing page's loader needs only the
// request, and the first load of / does without the translation (docs/decisions/012-a-light-first-load.md).

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
 * {@link ApiRequestError} holding the server's message for any other status, or FRAME_MESSAGES.networkFailed when
 * the request never got an answer. Aborted requests reject with the original AbortError.
 */
export async function apiFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      // The server words its error messages in this language (docs/decisions/019-languages.md).
      headers: { Accept: "application/json", "Accept-Language": currentLocale(), ...init.headers },
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiRequestError(FRAME_MESSAGES.networkFailed, 0);
  }

  const body = await readJson(response);
  if (!response.ok) {
    if (isApiError(body)) {
      const requestId = typeof body.requestId === "string" ? body.requestId : undefined;
      throw new ApiRequestError(body.message, response.status, body.fieldErrors, requestId);
    }
    // No JSON answer (e.g. a proxy in front of a stopped server): the portal could not really be reached.
    throw new ApiRequestError(
      response.status >= 500
        ? FRAME_MESSAGES.networkFailed
        : englishText(msg("The request failed (status {status})."), { status: response.status }),
      response.status,
    );
  }
  if (body === undefined) throw new ApiRequestError(FRAME_MESSAGES.networkFailed, response.status);
  return body as T;
}
