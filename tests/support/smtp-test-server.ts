import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** One message as the test SMTP server received it. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** Top-level headers, names in lower case, folded lines joined. */
  headers: Record<string, string>;
  subject: string;
  /** The whole message with quoted-printable undone: for finding texts and links. */
  decoded: string;
}

export interface TestSmtpServer {
  port: number;
  /** smtp://127.0.0.1:<port> */
  url: string;
  received: ReceivedMail[];
  /** Answers the next `count` messages with a temporary failure (451) instead of accepting them. */
  refuseNext(count: number): void;
  /** Resolves with the first received message (now or later) for which `match` holds. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a loopback port (the `smtp-server` package), for the e-mail tests (decision 014): no TLS
 * and no authentication, so the portal's nodemailer talks plain SMTP to it.
 */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const waiters: { match: (mail: ReceivedMail) => boolean; resolve: (mail: ReceivedMail) => void }[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (refusals > 0) {
          refusals--;
          const error = Object.assign(new Error("Try again later (test refusal)"), { responseCode: 451 });
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        const mail = parseMail(
          raw,
          session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          session.envelope.rcptTo.map((r) => r.address),
        );
        received.push(mail);
        for (const waiter of [...waiters]) {
          if (waiter.match(mail)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(mail);
          }
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext: (count) => void (refusals = count),
    waitFor(match, timeoutMs = 20_000) {
      const found = received.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = {
          match,
          resolve: (mail: ReceivedMail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(
            new Error(
              `no matching message within ${timeoutMs} ms; received: ${received.map((m) => m.subject).join(" | ")}`,
            ),
          );
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Headers and decoded text of a raw message (also used for the .eml files). */
export function parseMail(raw: string, from = "", to: string[] = []): ReceivedMail {
  const normalised = raw.replace(/\r\n/g, "\n");
  const headEnd = normalised.indexOf("\n\n");
  const head = normalised.slice(0, headEnd).replace(/\n[ \t]+/g, " ");
  const headers: Record<string, string> = {};
  for (const line of head.split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const decoded = normalised
    .replace(/=\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return {
    from,
    to,
    raw,
    headers,
    subject: decodeHeader(headers.subject ?? ""),
    decoded: Buffer.from(decoded, "latin1").toString("utf8"),
  };
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=), as nodemailer writes non-ASCII or long subjects. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, encoding: string, text: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(
            text
              .replace(/_/g, " ")
              .replace(/=([0-9A-F]{2})/gi, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            "latin1",
          ).toString("utf8"),
    );
}

/** The links of a message to pages of the portal, by their path's start ("/follow/confirm/", "/unsubscribe/", ...). */
export function linksIn(mail: ReceivedMail, pathStart: string): string[] {
  const urls = mail.decoded.match(/https?:\/\/[^\s"<>]+/g) ?? [];
  return [...new Set(urls.filter((url) => new URL(url).pathname.startsWith(pathStart)))];
}
