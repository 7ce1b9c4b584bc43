import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { FastifyInstance } from "fastify";
import { apiPaths } from "#shared/api-paths.ts";
import { MESSAGES } from "#shared/messages.ts";

// The listener closes once no connection has come for QUIET_MS and every one that came got its answer, or after
// DRAIN_MAX_MS when clients keep coming: short next to the 10 s a container runtime allows for stopping.
const QUIET_MS = 200;
const DRAIN_MAX_MS = 2_000;
const IDLE_SWEEP_MS = 100;
// Behind a proxy that probes liveness: how long the portal goes on serving while it waits for the proxy's first probe
// after the stop (Caddy probes every second, deploy/Caddyfile). With PROBE_SPAN_MS and the drain, within the 10 s a
// runtime allows.
const FIRST_PROBE_MAX_MS = 3_000;
// A proxy may probe from several checkers that each keep their own view (Caddy runs one per reverse_proxy block, and
// deploy/Caddyfile has two): after the first 503 probe the portal goes on serving for more than two probe intervals
// (1 s each), so that every checker has probed and learnt it, a late one on a busy machine too.
const PROBE_SPAN_MS = 2_500;

// The same words as any other moment the service cannot serve (DatabaseUnavailableError): the visitor's next step is
// the same.
const UNAVAILABLE_BODY = JSON.stringify({ message: MESSAGES.serviceUnavailable });

/** Servers whose liveness something probes (a proxy): watchLivenessProbes sets it, announceStopping reads it. */
const probedServers = new WeakSet<Server>();
const isLivenessProbe = (request: IncomingMessage) => request.url?.split("?")[0] === apiPaths.liveness;

/**
 * Call once the app listens: notes whether something probes `/api/health/live`, i.e. whether a proxy in front
 * decides by probing where requests go. Then closeGracefully first tells that proxy (announceStopping).
 */
export function watchLivenessProbes(app: FastifyInstance): void {
  const server = app.server;
  const onRequest = (request: IncomingMessage) => {
    if (!isLivenessProbe(request)) return;
    probedServers.add(server);
    server.off("request", onRequest);
  };
  server.on("request", onRequest);
}

/**
 * Closes the app without cutting a request.
 * 0. Behind a proxy that probes liveness (watchLivenessProbes), the portal first goes on serving every request
 *    while its liveness answers 503, until the proxy has probed and stopped sending (PROBE_SPAN_MS after its first
 *    probe; FIRST_PROBE_MAX_MS when none comes): a proxy
 *    cannot send a request's body again after an error (Caddy 2.6 cannot replay one at all), so it must learn
 *    that the instance is stopping from the probe, never from a refused connection or a 503 given to a resident's
 *    submit. Each of those answers closes its connection, so that no keep-alive connection is left in the proxy's
 *    pool. Without such a proxy this step is skipped.
 * 1. Requests that Node reads from now on are answered 503 and their connection closed; the requests in flight go
 *    on. The listener stays open until connections stop coming: closing it resets the connections still waiting
 *    in the kernel's accept queue, and Node's close drops the accepted connections whose request it has not read
 *    yet, so requests sent just before the stop would be cut instead of answered.
 * 2. Fastify closes the listener and waits for the requests in flight. Node closes the keep-alive connections
 *    that are idle then, but a connection whose request finishes later would stay open for Fastify's keep-alive
 *    timeout (72 s) and hold the shutdown with it: so connections are closed as they become idle.
 */
export async function closeGracefully(app: FastifyInstance): Promise<void> {
  await announceStopping(app.server);
  await turnAwayUntilQuiet(app.server);
  const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
  }
}

async function announceStopping(server: Server): Promise<void> {
  if (!probedServers.has(server)) return;
  // Fastify's handler, which goes on serving everything but the liveness probe.
  const serve = server.listeners("request") as ((request: IncomingMessage, response: ServerResponse) => void)[];
  server.removeAllListeners("request");
  let lastRequest = Date.now();
  let probedAt: number | undefined;
  server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    if (isLivenessProbe(request)) {
      probedAt ??= Date.now();
      answerUnavailable(request, response);
      return;
    }
    lastRequest = Date.now();
    response.setHeader("Connection", "close");
    for (const listener of serve) listener.call(server, request, response);
  });
  const stoppedAt = Date.now();
  // Done once every checker of the proxy has been told and what it had already sent has come; a first probe that
  // is late (a busy machine) still gets its full span, and one that never comes is waited for FIRST_PROBE_MAX_MS.
  const told = () =>
    probedAt !== undefined && Date.now() - probedAt >= PROBE_SPAN_MS && Date.now() - lastRequest >= QUIET_MS;
  const unprobed = () => probedAt === undefined && Date.now() - stoppedAt >= FIRST_PROBE_MAX_MS;
  const latest = stoppedAt + FIRST_PROBE_MAX_MS + PROBE_SPAN_MS + QUIET_MS;
  while (!told() && !unprobed() && Date.now() < latest) {
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS / 4));
  }
}

async function turnAwayUntilQuiet(server: Server): Promise<void> {
  // Accepted connections whose request has not been read yet.
  const unread = new Set<Socket>();
  let lastArrival = Date.now();
  const onConnection = (socket: Socket) => {
    lastArrival = Date.now();
    unread.add(socket);
    socket.once("close", () => unread.delete(socket));
  };
  server.on("connection", onConnection);
  // Fastify's handler gets no more requests; those it has already go on.
  server.removeAllListeners("request");
  server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    unread.delete(request.socket);
    answerUnavailable(request, response);
  });

  const giveUpAt = Date.now() + DRAIN_MAX_MS;
  while (Date.now() < giveUpAt && (unread.size > 0 || Date.now() - lastArrival < QUIET_MS)) {
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS / 4));
    // Let the next poll phase accept and read what came meanwhile (timers run before it, a busy loop may be late).
    await new Promise((resolve) => setImmediate(resolve));
  }
  server.off("connection", onConnection);
}

function answerUnavailable(request: IncomingMessage, response: ServerResponse): void {
  // Read what the client sends first: closing a connection it is still writing to would reset it, and the
  // client would lose the answer with it.
  request.resume();
  request.once("end", () => {
    response.writeHead(503, {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Length": Buffer.byteLength(UNAVAILABLE_BODY),
      "Retry-After": "5",
      Connection: "close",
    });
    response.end(UNAVAILABLE_BODY);
  });
}
