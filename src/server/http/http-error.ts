import type { FieldErrors } from "../../shared/grievance-schema.ts";

/**
 * An error whose message is meant for the visitor. The error handler answers it as `{ message, fieldErrors }`
 * with its status; any other error becomes a generic 500.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fieldErrors?: FieldErrors,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = "HttpError";
  }
}
