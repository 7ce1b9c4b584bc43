import { z } from "zod/mini";

/**
 * Every error answer of the API (docs/api-conventions.md): a message for the person who reads it, and for a
 * request a schema refused, each field's first problem.
 */
export const apiErrorSchema = z.object({
  message: z.string(),
  fieldErrors: z.optional(z.record(z.string(), z.string())),
});
export type ApiErrorBody = z.output<typeof apiErrorSchema>;

/** The error statuses a route may answer with on purpose, each with the one error body. */
export function errorResponses<const S extends readonly number[]>(...statuses: S) {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as { [K in S[number]]: typeof apiErrorSchema };
}
