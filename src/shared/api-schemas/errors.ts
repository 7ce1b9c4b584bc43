import { z } from "zod/mini";

/**
 * Every error answer of the API (docs/api-conventions.md): a message for the person who reads it, for a request a
 * schema refused each field's first problem, and the request's id.
 */
export const apiErrorSchema = z.object({
  message: z.string(),
  fieldErrors: z.optional(z.record(z.string(), z.string())),
  /** The request's id (its X-Request-Id): what a resident quotes to support, and what its log lines carry. */
  requestId: z.optional(z.string()),
});
export type ApiErrorBody = z.output<typeof apiErrorSchema>;

/** The error statuses a route may answer with on purpose, each with the one error body. */
export function errorResponses<const S extends readonly number[]>(...statuses: S) {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as {
    [K in S[number]]: typeof apiErrorSchema;
  };
}
