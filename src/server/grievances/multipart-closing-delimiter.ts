const CRLF = Buffer.from("\r\n");

/**
 * Notes whether a multipart body really ended. busboy, through @fastify/multipart, treats a body that stops
 * without its closing delimiter ("--boundary--") like a complete one and hands over the parts it read so far as
 * the whole form; a report cut short must not be stored as if it were all there. Fed the raw body chunk by chunk.
 */
export class ClosingDelimiterWatch {
  /** Whether the closing delimiter went past. */
  seen = false;
  private readonly delimiter: Buffer | undefined;
  // The body's first line needs no line break before it: an empty form is just "--boundary--".
  private tail: Buffer = CRLF;

  constructor(contentType: string | undefined) {
    const boundary = boundaryOf(contentType);
    // Same bytes as busboy's own search for "\r\n--" + boundary.
    this.delimiter = boundary ? Buffer.from(`\r\n--${boundary}--`) : undefined;
  }

  feed(chunk: Buffer): void {
    if (this.seen || !this.delimiter) return;
    // Kept from one chunk to the next: enough for a delimiter split across them, not enough to hold a whole one.
    const keep = this.delimiter.length - 1;
    const seam = Buffer.concat([this.tail, chunk.subarray(0, keep)]);
    this.seen = seam.includes(this.delimiter) || chunk.includes(this.delimiter);
    this.tail = chunk.length >= keep ? Buffer.from(chunk.subarray(chunk.length - keep)) : seam.subarray(-keep);
  }
}

/** The boundary parameter of a multipart Content-Type, unquoted; undefined when there is none. */
export function boundaryOf(contentType: string | undefined): string | undefined {
  for (const parameter of (contentType ?? "").split(";").slice(1)) {
    const equals = parameter.indexOf("=");
    if (equals < 0 || parameter.slice(0, equals).trim().toLowerCase() !== "boundary") continue;
    const value = parameter.slice(equals + 1).trim();
    const quoted = value.length >= 2 && value.startsWith('"') && value.endsWith('"');
    const boundary = quoted ? value.slice(1, -1).replace(/\\(.)/g, "$1") : value;
    return boundary || undefined;
  }
  return undefined;
}
