import fs from "node:fs/promises";
import net from "node:net";
import type { FastifyBaseLogger } from "fastify";
import type { ControlAnswer, ControlHandlers } from "./control-socket-protocol.ts";

export interface ControlSocket {
  /** Stops accepting requests and waits for a dump being sent; call it before closing the database. */
  close(): Promise<void>;
}

// A client that connects and says nothing must not hold a connection for ever.
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * Listens on `socketPath` (mode 0600) and answers each request with its handler (DUMP_REQUEST with the database's
 * copy). The caller holds the data folder's lock, so a socket file already there is a leftover of a process that was
 * killed: it is replaced.
 */
export async function startControlSocket(
  socketPath: string,
  handlers: ControlHandlers,
  logger: FastifyBaseLogger,
): Promise<ControlSocket> {
  const longest = Math.max(...Object.keys(handlers).map((request) => request.length));
  await fs.rm(socketPath, { force: true });
  // Connected but not yet asking: closed at once on shutdown, while an answer being sent is waited for.
  const waiting = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    waiting.add(socket);
    socket.once("close", () => waiting.delete(socket));
    socket.setTimeout(REQUEST_TIMEOUT_MS, () => socket.destroy());
    socket.on("error", () => undefined);
    let request = "";
    socket.on("data", (chunk: Buffer) => {
      request += chunk.toString("utf8");
      if (!request.includes("\n")) {
        if (request.length > longest) socket.destroy();
        return;
      }
      socket.removeAllListeners("data");
      waiting.delete(socket);
      socket.setTimeout(0);
      void answer(socket, request, handlers, logger);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => {
      server.off("error", reject);
      resolve();
    });
  });
  await fs.chmod(socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of waiting) socket.destroy();
      }),
  };
}

async function answer(socket: net.Socket, request: string, handlers: ControlHandlers, logger: FastifyBaseLogger) {
  const send = (head: ControlAnswer, body?: Buffer) => {
    socket.write(`${JSON.stringify(head)}\n`);
    if (body) socket.end(body);
    else socket.end();
  };
  const handler = Object.hasOwn(handlers, request) ? handlers[request] : undefined;
  if (!handler) {
    const known = Object.keys(handlers).map((name) => name.trim());
    return send({ ok: false, message: `Unknown request; this portal answers only ${known.join(", ")}.` });
  }
  const what = request.trim();
  const started = Date.now();
  try {
    const answered = await handler();
    const bytes = Buffer.isBuffer(answered) ? answered : Buffer.from(await answered.arrayBuffer());
    send({ ok: true, bytes: bytes.length }, bytes);
    logger.info({ request: what, bytes: bytes.length, ms: Date.now() - started }, "Control socket request answered.");
  } catch (error) {
    logger.error({ err: error, request: what }, "Control socket request failed.");
    send({ ok: false, message: `The running portal could not do ${what}: ${(error as Error).message}` });
  }
}
