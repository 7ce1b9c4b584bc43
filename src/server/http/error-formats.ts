import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * The part of the API that answers errors in a format of its own: Open311's GeoReport v2 (`[{ code, description }]`
 * or XML `<errors>`; docs/api-conventions.md, "One error path"). Its plugin answers what its routes refuse itself;
 * this is for what is refused before any of its routes is found (an address that cannot be decoded, a segment too
 * long for the router), which the app-wide handlers answer, in the format of the address's part of the API.
 */
export type ErrorWriter = (request: FastifyRequest, reply: FastifyReply, status: number, message: string) => unknown;

const writers = new Map<string, ErrorWriter>();

/** Errors under `prefix` are written by `write`; registered by the plugin of that part of the API. */
export function answerErrorsUnder(prefix: string, write: ErrorWriter): void {
  writers.set(prefix, write);
}

/** The writer of the part of the API `url` is in, if it has its own. */
export function errorWriterOf(url: string): ErrorWriter | undefined {
  for (const [prefix, write] of writers) if (url === prefix || url.startsWith(`${prefix}/`)) return write;
  return undefined;
}
