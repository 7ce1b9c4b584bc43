import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/** nginx's status for "the client closed the connection before the answer": no HTTP status was ever sent. */
export const CLIENT_GONE = 499;

/**
 * Calls `listener` once per request when it ends: when its answer is sent (onResponse), or when its client goes
 * away first (onRequestAbort), as the answer of such a request may never finish and onResponse then never comes.
 * Hooks on the root instance, added before any route, see every request.
 */
export function onRequestEnd(
  app: FastifyInstance,
  listener: (request: FastifyRequest, reply: FastifyReply, statusCode: number) => void,
): void {
  const replies = new WeakMap<FastifyRequest, FastifyReply>();
  const ended = new WeakSet<FastifyRequest>();
  const end = (request: FastifyRequest, reply: FastifyReply, statusCode: number) => {
    if (ended.has(request)) return;
    ended.add(request);
    listener(request, reply, statusCode);
  };
  app.addHook("onRequest", async (request, reply) => {
    replies.set(request, reply);
  });
  app.addHook("onResponse", async (request, reply) => end(request, reply, reply.statusCode));
  app.addHook("onRequestAbort", async (request) => {
    const reply = replies.get(request);
    if (reply) end(request, reply, CLIENT_GONE);
  });
}
