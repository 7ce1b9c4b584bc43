import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyInstance } from "fastify";

export const REQUEST_ID_HEADER = "x-request-id";

// A proxy's or client's id is kept when it is plain (UUIDs, hex, trace ids); anything else could break a log line
// or hide in it, and is replaced.
const PLAIN_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fastify's `genReqId`: the X-Request-Id a proxy or client sent, so one id follows the request through every log,
 * or a new UUID. The answer returns it and error bodies carry it, for a resident to quote (docs/operating.md, "Logs").
 */
export function requestIdOf(raw: IncomingMessage): string {
  const sent = raw.headers[REQUEST_ID_HEADER];
  return typeof sent === "string" && PLAIN_REQUEST_ID.test(sent) ? sent : randomUUID();
}

/** Every answer says its request's id: pages, files, errors and not-found answers alike. */
export function answerWithRequestId(app: FastifyInstance): void {
  app.addHook("onRequest", async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
