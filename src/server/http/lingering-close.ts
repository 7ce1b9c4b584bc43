import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";

/**
 * How long, and how much, the portal keeps reading from a client after an answer that closes the connection while
 * the client may still be sending its body. Enough for what is already on its way (the kernels' buffers hold a few
 * megabytes) and for the client to notice the answer; not enough to be worth anyone's while to abuse.
 */
export const LINGER_LIMITS = { maxMs: 2_000, maxBytes: 16 * 1024 * 1024 };

type ClosingSocket = Socket & { destroySoon?: () => void; lingering?: boolean };
/** The part of net.Socket's internal handle (libuv's stream) that starts reading again. */
type SocketHandle = { reading?: boolean; readStart?: () => number };

/**
 * Closes `request`'s connection gracefully after its answer, though the body is not read: a lingering close, as
 * Apache and nginx do. Node closes such a socket at once, and closing a socket with unread bytes in it makes the
 * kernel send a reset instead of a normal close; the reset may reach the client before it has read the answer
 * (EPIPE or ECONNRESET while it is still sending, and a browser shows a network error instead of "too large").
 *
 * Instead, once the answer is written: the portal's side is closed (FIN after the answer), then whatever keeps
 * arriving is read and dropped until the client closes its side, for at most LINGER_LIMITS, and only then is the
 * socket destroyed.
 *
 * Call it before the answer is sent, for an answer that carries `Connection: close`.
 */
export function lingerAfterAnswer(request: IncomingMessage, limits = LINGER_LIMITS): void {
  const socket = request.socket as ClosingSocket | null;
  if (!socket || socket.destroyed || socket.lingering || request.complete) return;
  socket.lingering = true;
  // Node's HTTP server ends a connection whose last answer is written with destroySoon(): end, then destroy as
  // soon as the end is written. Taking its place here keeps the reading side open for the drain.
  socket.destroySoon = function lingeringClose(this: ClosingSocket) {
    let drained = 0;
    const stop = () => {
      clearTimeout(timer);
      this.off("data", count);
      this.destroy();
    };
    const count = (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > limits.maxBytes) stop();
    };
    const timer = setTimeout(stop, limits.maxMs);
    timer.unref();
    this.on("data", count);
    this.once("end", stop);
    this.once("close", () => clearTimeout(timer));
    this.end();
    // The body's reader may have paused the request (and with it the socket): the rest is only dropped.
    request.resume();
    this.resume();
    // When the request waited on the database before its answer (a PostgreSQL server, not the embedded one), Node's
    // HTTP parser had stopped reading the socket's handle for backpressure, and resume() restarts the stream, not
    // the handle's reads: without this the drain reads nothing and the client meets a reset after all.
    const handle = (this as unknown as { _handle?: SocketHandle | null })._handle;
    if (handle && handle.reading === false && typeof handle.readStart === "function") {
      handle.reading = true;
      handle.readStart();
    }
  };
}
