import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import type { MailConfig } from "../config.ts";

export interface OutgoingMail {
  /** The outbox row's id: also the Message-ID, so a message sent twice is recognisably one message. */
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/** Where messages go: an SMTP server (SMTP_URL), or .eml files in DATA_DIR/mail. */
export interface MailTransport {
  /** For the start-up log. */
  readonly description: string;
  /** Recorded with each message sent (outbox.sent_via), so staff read "written to a file", not "sent". */
  readonly kind: "smtp" | "file";
  /** Resolves once the server accepted the message (or the file is written); rejects with the reason otherwise. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

// A server that does not answer must not hold the worker for minutes.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export function createMailTransport(config: MailConfig): MailTransport {
  const from = config.from;
  const messageIdHost = (/@([^>\s]+)>?$/.exec(from)?.[1] ?? "localhost").toLowerCase();
  const envelope = (mail: OutgoingMail) => ({
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers,
    messageId: `<${mail.id}@${messageIdHost}>`,
  });

  if (config.smtpUrl) {
    // nodemailer reads host, port, user and password from the URL; smtps:// is TLS from the start, smtp:// upgrades
    // with STARTTLS whenever the server offers it (and sends in the clear only to a server that does not).
    const options: SMTPTransport.Options = { url: config.smtpUrl, ...SMTP_TIMEOUTS };
    const transporter = nodemailer.createTransport(options);
    const url = new URL(config.smtpUrl);
    return {
      kind: "smtp",
      description: `SMTP server ${url.protocol}//${url.hostname}:${url.port || (url.protocol === "smtps:" ? 465 : 587)}`,
      send: async (mail) => void (await transporter.sendMail(envelope(mail))),
      close: () => transporter.close(),
    };
  }

  // The raw message as nodemailer would send it, written to a file: the embedded default, for trying the portal
  // out and for tests. Written under a temporary name and renamed, so a reader never sees half a message.
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    kind: "file",
    description: `the folder ${config.mailDir}`,
    async send(mail) {
      const info = (await transporter.sendMail(envelope(mail))) as { message: Buffer };
      await fs.mkdir(config.mailDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${mail.id}.eml`;
      const temporary = path.join(config.mailDir, `.${name}.tmp`);
      await fs.writeFile(temporary, info.message);
      await fs.rename(temporary, path.join(config.mailDir, name));
    },
    close: () => transporter.close(),
  };
}
