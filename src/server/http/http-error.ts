import type { FieldErrors } from "#shared/grievances/grievance-schema.ts";

export interface HttpErrorOptions extends ErrorOptions {
  /** Answer with `Connection: close`: part of the request body was left unread, and nobody will read it. */
  closeConnection?: boolean;
}

/**
 * An error whose message is meant for the visitor. The error handler answers it as `{ message, fieldErrors }`
 * with its status; any other error becomes a generic 500.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly fieldErrors: FieldErrors | undefined;
  /** Set where the refusal is decided and wherever reading stops: see HttpErrorOptions. */
  closeConnection: boolean;

  constructor(statusCode: number, message: string, fieldErrors?: FieldErrors, options?: HttpErrorOptions) {
    super(message, options);
    this.statusCode = statusCode;
    this.fieldErrors = fieldErrors;
    this.closeConnection = options?.closeConnection ?? false;
    this.name = "HttpError";
  }
}
