import type { IncomingMessage } from "node:http";
import { msg } from "#shared/i18n/locales.ts";
import { HttpError } from "./http-error.ts";

export interface BodyGuardOptions {
  /** The most bytes the body may have. */
  limit: number;
  /** The 413's message when it has more. */
  tooLargeMessage: string;
  /** Sees every chunk within the limit, in order. */
  onChunk?: (chunk: Buffer) => void;
}

const INTERRUPTED = msg("The upload was interrupted. Please try again.");

/**
 * Watches a request body that another reader consumes. @fastify/multipart pipes the raw request into its parser
 * itself, so neither Fastify's bodyLimit nor anything else bounds it: this guard stops the body at a byte limit,
 * waits for its real end once the parser is done, and after a refusal leaves the connection either drained or
 * marked for closing, so a keep-alive connection never waits for bytes that nobody reads.
 *
 * Attach it in the same tick as the reader starts reading, so that it sees every chunk.
 */
export class BodyGuard {
  /** Rejects with a 413 once the body passes the limit; never resolves. Race every step of the reader with it. */
  readonly overLimit: Promise<never>;
  private readonly raw: IncomingMessage;
  private readonly options: BodyGuardOptions;
  private received = 0;
  private exceeded = false;
  private fail: (error: HttpError) => void = () => undefined;

  constructor(raw: IncomingMessage, options: BodyGuardOptions) {
    this.raw = raw;
    this.options = options;
    this.overLimit = new Promise<never>((_resolve, reject) => {
      this.fail = reject;
    });
    // Only raced, never awaited alone: a body within the limit leaves it pending, one over it may trip it unraced.
    this.overLimit.catch(() => undefined);
    raw.on("data", this.onData);
  }

  private readonly onData = (chunk: Buffer): void => {
    if (this.exceeded) return;
    this.received += chunk.length;
    if (this.received > this.options.limit) {
      this.exceeded = true;
      // Not one more byte is read: the parser is cut off and the socket paused; the answer closes the connection.
      this.raw.unpipe();
      this.raw.pause();
      this.fail(new HttpError(413, this.options.tooLargeMessage, undefined, { closeConnection: true }));
      return;
    }
    this.options.onChunk?.(chunk);
  };

  /**
   * Reads the body to its end after the parser is done with it (the parser stops at the closing boundary; an
   * epilogue may follow). Rejects when the client goes away first, so that a cut-off upload is never taken for a
   * whole one, or when the rest passes the limit.
   */
  async rest(): Promise<void> {
    const raw = this.raw;
    if (raw.readableEnded) return;
    if (raw.destroyed) throw new HttpError(400, INTERRUPTED);
    const ended = new Promise<void>((resolve, reject) => {
      const onEnd = () => {
        raw.off("close", onClose);
        resolve();
      };
      const onClose = () => {
        raw.off("end", onEnd);
        reject(new HttpError(400, INTERRUPTED));
      };
      raw.once("end", onEnd);
      raw.once("close", onClose);
      raw.resume();
    });
    await Promise.race([ended, this.overLimit]);
  }

  /**
   * After a refusal part-way through the body. A body of declared length within the limit is read to its end and
   * dropped, so the connection stays usable (a browser that reuses it gets its next answer); anything else, over
   * the limit or of unknown length, is left unread. Returns whether the answer must close the connection.
   */
  abandon(): boolean {
    const raw = this.raw;
    if (raw.readableEnded || raw.destroyed) return false;
    raw.unpipe();
    const declared = Number(raw.headers["content-length"] ?? Number.NaN);
    if (!this.exceeded && declared <= this.options.limit) {
      raw.resume();
      return false;
    }
    raw.pause();
    return true;
  }
}
