/**
 * Kannel's fakesmsc (kannel-extras), the residents' phones of tests/support/kannel.ts: the lines it reads on standard
 * input and the log it writes of what the phones receive (docs/decisions/035-sms-through-a-gateway.md).
 */

export const FAKESMSC = "/usr/lib/kannel/test/fakesmsc";
// fakesmsc reads standard input in pieces of about 200 bytes and sends a longer line only when more input comes.
const FAKESMSC_LINE = 200;

/** One message as a phone saw it: sent from the phone (in) or received by it (out). */
export interface PhoneMessage {
  direction: "in" | "out";
  /** The phone's number. */
  phone: string;
  text: string;
  /** Parts it arrived in (out), 1 for a single SMS. */
  parts: number;
  coding: "gsm" | "ucs2";
}

/** The line fakesmsc reads for a phone's message: GSM text as it is, anything else as UCS-2 (UTF-16BE, encoded). */
export function phoneLine(from: string, to: string, text: string): { line: string; coding: "gsm" | "ucs2" } {
  const gsm = /^[\x20-\x7e]*$/.test(text);
  const line = gsm
    ? `${from} ${to} text ${text}`
    : `${from} ${to} ucs2 ${percentEncode(Buffer.from(text, "utf16le").swap16())}`;
  if (line.length >= FAKESMSC_LINE) {
    throw new Error(
      `fakesmsc cannot read a line of ${line.length} characters (under ${FAKESMSC_LINE}): a shorter text`,
    );
  }
  return { line, coding: gsm ? "gsm" : "ucs2" };
}

export interface PhoneLogEvents {
  /** A message a phone received, whole (the parts of a long one put together). */
  received(message: PhoneMessage): void;
  /** fakesmsc sent a phone's line on: it reads the next one. */
  sent(): void;
}

// How long a GSM text waits for the rest of its lines (see PhoneLog): they come in the same write, well within this.
const REST_OF_LINES_MS = 150;

/**
 * fakesmsc's log: "Got message N: <FROM TO text MESSAGE>", "<FROM TO ucs-2 %XX...>" or, for a part of a long one,
 * "<FROM TO udh %05%00%03REF TOTAL SEQ data %XX...>". Kannel's fake SMS centre talks to fakesmsc one line per
 * message, GSM text as it is: a line break in a text reaches fakesmsc as the end of the message and the rest as a
 * "message" of its own without sender, receiver or type, which is put back here as the text's next line. A text is
 * therefore passed on once the next message begins, or after a moment without more lines. (A real SMS centre carries
 * the line break, which GSM-7 has.)
 */
export class PhoneLog {
  private log = "";
  // Parts of multipart messages waiting for their siblings, by receiver and reference.
  private readonly partials = new Map<string, { total: number; parts: Map<number, Buffer> }>();
  private readonly events: PhoneLogEvents;
  private held: PhoneMessage | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(events: PhoneLogEvents) {
    this.events = events;
  }

  read(chunk: string): void {
    this.log += chunk;
    const lines = this.log.split("\n");
    this.log = lines.pop() ?? "";
    for (const line of lines) {
      if (/fakesmsc: sent message \d+/.test(line)) this.events.sent();
      const content = /Got message \d+: <(.*)>$/.exec(line)?.[1];
      if (content === undefined) continue;
      const message = /^(\S+) (\S+) (text|ucs-2|udh) (.*)$/s.exec(content);
      if (!message) {
        if (this.held) this.held.text += `\n${content}`;
        continue;
      }
      this.release();
      this.received(message[2] ?? "", message[3] ?? "", message[4] ?? "");
    }
    if (this.held) {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.release(), REST_OF_LINES_MS);
    }
  }

  /** Passes on the text waiting for the rest of its lines. */
  release(): void {
    clearTimeout(this.timer);
    const held = this.held;
    this.held = undefined;
    if (held) this.events.received(held);
  }

  private received(to: string, type: string, data: string): void {
    const out = (text: string, parts: number, coding: "gsm" | "ucs2") =>
      this.events.received({ direction: "out", phone: to, text, parts, coding });
    if (type === "text") {
      this.held = { direction: "out", phone: to, text: data, parts: 1, coding: "gsm" };
      return;
    }
    if (type === "ucs-2") return out(utf16be(percentDecode(data)), 1, "ucs2");
    const udh = /^(\S+) data (.*)$/s.exec(data);
    const header = percentDecode(udh?.[1] ?? "");
    // 05 00 03 ref total seq: a concatenated message's part (the only UDH the portal's messages carry).
    const [ref, total, seq] = [header[3] ?? 0, header[4] ?? 1, header[5] ?? 1];
    const key = `${to} ${ref}`;
    const entry = this.partials.get(key) ?? { total, parts: new Map<number, Buffer>() };
    entry.parts.set(seq, percentDecode(udh?.[2] ?? ""));
    this.partials.set(key, entry);
    if (entry.parts.size < entry.total) return;
    this.partials.delete(key);
    const bytes = Buffer.concat([...entry.parts.entries()].sort(([a], [b]) => a - b).map(([, part]) => part));
    const ucs2 = looksLikeUtf16be(bytes);
    out(ucs2 ? utf16be(bytes) : bytes.toString("utf8"), entry.total, ucs2 ? "ucs2" : "gsm");
  }
}

/** Percent-decoding to bytes, "+" as a space (Kannel's URL encoding). */
function percentDecode(text: string): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text[i] ?? "";
    if (char === "%" && /^[0-9a-fA-F]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (char === "+") bytes.push(0x20);
    else bytes.push(...Buffer.from(char, "utf8"));
  }
  return Buffer.from(bytes);
}

/**
 * What fakesmsc decodes (Kannel's URL decoding): a space as "+", printable ASCII but "%" and "+" as it is, the rest
 * as %XX. As short as it can be: fakesmsc's lines must stay short.
 */
const percentEncode = (bytes: Buffer): string =>
  [...bytes]
    .map((byte) => {
      if (byte === 0x20) return "+";
      if (byte > 0x20 && byte < 0x7f && byte !== 0x25 && byte !== 0x2b) return String.fromCharCode(byte);
      return `%${byte.toString(16).padStart(2, "0").toUpperCase()}`;
    })
    .join("");

const utf16be = (bytes: Buffer): string => new TextDecoder("utf-16be").decode(bytes);

/**
 * A long message's parts carry no coding, only bytes: UTF-16BE text of Arabic, Hindi or Latin letters has a byte
 * below 0x20 at most even positions, which a GSM text (UTF-8 here) never has.
 */
function looksLikeUtf16be(bytes: Buffer): boolean {
  if (bytes.length % 2 !== 0 || bytes.length === 0) return false;
  let low = 0;
  for (let i = 0; i < bytes.length; i += 2) if ((bytes[i] ?? 0xff) < 0x20) low++;
  return low * 2 >= bytes.length / 2;
}
