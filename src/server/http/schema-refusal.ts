import type { FastifySchemaValidationError } from "fastify";
import type { HttpError } from "./http-error.ts";

/** One problem a route's zod schema found: where (the field's path), zod's issue code, and zod's message. */
export interface SchemaProblem {
  path: string[];
  code: string;
  message: string;
}

/**
 * A route's `schemaErrorFormatter` that words its schema's refusal itself, for the few routes whose clients have
 * long read a particular message (the list's "please check ...", the map's bbox help). The HttpError it returns
 * is answered by the one error handler like any other (docs/api-conventions.md).
 */
/** `part`: which part of the request was refused ("querystring", "body", "params", "headers"). */
export function refuseWith(toError: (problems: SchemaProblem[], part: string) => HttpError) {
  return (errors: FastifySchemaValidationError[], part: string): Error =>
    toError(
      errors.map((error) => ({
        path: error.instancePath.split("/").filter(Boolean),
        code: error.keyword,
        message: error.message ?? "",
      })),
      part,
    );
}
