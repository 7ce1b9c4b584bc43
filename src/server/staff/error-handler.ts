import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { $ZodError } from "zod/v4/core";
import { STAFF_MESSAGES } from "../../shared/staff-messages.ts";
import { HttpError } from "../http/http-error.ts";

/**
 * The staff plugin's own answers: `{ message }` with the HttpError's status, and 400 with the first validation
 * message for a request body or query that fails its zod schema. Anything else (Fastify's own 4xx, our bugs) is
 * passed up to the host app's error handler, which words it for people and logs 500s.
 */
export function staffErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    return reply.status(error.statusCode).send({ message: error.message });
  }
  // $ZodError: what zod/mini schemas (src/shared) throw; zod's own ZodError is one too.
  if (error instanceof $ZodError) {
    return reply.status(400).send({ message: error.issues[0]?.message ?? STAFF_MESSAGES.unexpected });
  }
  throw error;
}
