import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * A real Kannel for tests (docs/decisions/035-sms-through-a-gateway.md, README "SMS"): bearerbox with Kannel's fake SMS
 * centre (`smsc = fake`), smsbox with the portal's sms-service and a sendsms user, and `fakesmsc` (kannel-extras)
 * playing the residents' phones, all on free loopback ports. A phone's message is a line on fakesmsc's standard
 * input; every message Kannel delivers to a phone is a "Got message" line in fakesmsc's log, read back here.
 *
 * Kannel runs as whoever runs the tests (root included: bearerbox does not refuse it). Start-up takes well under a
 * second: the boxes are started in order and the admin status page is polled until the fake SMS centre and smsbox are
 * both on line.
 */

export const FAKESMSC = "/usr/lib/kannel/test/fakesmsc";
const FAKESMSC_LINE = 200;
const START_TIMEOUT_MS = 15_000;

export interface KannelOptions {
  /** The portal's base address, for the sms-service's inbound URL (http://127.0.0.1:PORT). */
  portalUrl: string;
  /** SMS_INBOUND_TOKEN. */
  token: string;
  /** SMS_NUMBER: what phones write to. */
  number: string;
}

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

interface Ports {
  admin: number;
  smsbox: number;
  smsc: number;
  sendsms: number;
}

export class Kannel {
  readonly username = "portal";
  readonly password = "kannel-sendsms-secret";
  /** Every message in and out, in the order the phones sent and received them. */
  readonly transcript: PhoneMessage[] = [];
  /** What happened between messages (the gateway stopped, staff acted), by the transcript's length at the time. */
  private readonly notes: { at: number; text: string }[] = [];
  private readonly dir: string;
  private readonly ports: Ports;
  private readonly options: KannelOptions;
  private processes: ChildProcess[] = [];
  private phone: ChildProcess | undefined;
  private log = "";
  // Parts of multipart messages waiting for their siblings, by receiver and reference.
  private readonly partials = new Map<string, { total: number; parts: Map<number, Buffer> }>();
  private waiters: (() => void)[] = [];
  // Lines for fakesmsc, one at a time: it takes the next line only once it has sent the one before (a second line in
  // the same read waits for more input).
  private pending: string[] = [];
  private inFlight = false;

  private constructor(options: KannelOptions, ports: Ports, dir: string) {
    this.options = options;
    this.ports = ports;
    this.dir = dir;
  }

  static async start(options: KannelOptions): Promise<Kannel> {
    const ports = {
      admin: await freePort(),
      smsbox: await freePort(),
      smsc: await freePort(),
      sendsms: await freePort(),
    };
    const kannel = new Kannel(options, ports, fs.mkdtempSync(path.join(os.tmpdir(), "kannel-")));
    fs.writeFileSync(kannel.configPath, kannel.config());
    await kannel.startGateway();
    return kannel;
  }

  /** KANNEL_SENDSMS_URL. */
  get sendsmsUrl(): string {
    return `http://127.0.0.1:${this.ports.sendsms}/cgi-bin/sendsms`;
  }

  private get configPath(): string {
    return path.join(this.dir, "kannel.conf");
  }

  /** Kannel's configuration: the README's groups, on this run's ports. */
  private config(): string {
    const { admin, smsbox, smsc, sendsms } = this.ports;
    const inbound =
      `${this.options.portalUrl}/api/sms/kannel/inbound?token=${encodeURIComponent(this.options.token)}` +
      "&from=%p&to=%P&text=%a&id=%I&coding=%c&charset=%C";
    return `group = core
admin-port = ${admin}
admin-interface = 127.0.0.1
admin-password = admin-secret
smsbox-port = ${smsbox}
box-allow-ip = 127.0.0.1
log-file = "${path.join(this.dir, "bearerbox.log")}"
log-level = 1
dlr-storage = internal

group = smsc
smsc = fake
smsc-id = fake
host = 127.0.0.1
port = ${smsc}
connect-allow-ip = 127.0.0.1

group = smsbox
bearerbox-host = 127.0.0.1
bearerbox-port = ${smsbox}
sendsms-port = ${sendsms}
sendsms-interface = 127.0.0.1
log-file = "${path.join(this.dir, "smsbox.log")}"
log-level = 1

group = sendsms-user
username = ${this.username}
password = ${this.password}
max-messages = 3
concatenation = true

group = sms-service
keyword = default
catch-all = true
get-url = "${inbound.replaceAll('"', "%22")}"
max-messages = 0
omit-empty = true
`;
  }

  /** Starts bearerbox, smsbox and the phones (fakesmsc), and waits until all are on line. */
  async startGateway(): Promise<void> {
    if (this.transcript.length > 0) this.note("Kannel started again");
    const started = Date.now();
    this.processes.push(this.spawnBox("bearerbox"));
    await this.until(async () => (await this.status()) !== undefined, started);
    this.processes.push(this.spawnBox("smsbox"));
    this.phone = spawn(FAKESMSC, ["-H", "127.0.0.1", "-r", String(this.ports.smsc)], {
      stdio: ["pipe", "ignore", "pipe"],
    });
    this.phone.stderr?.setEncoding("utf8").on("data", (chunk: string) => this.read(chunk));
    this.processes.push(this.phone);
    await this.until(async () => {
      const status = (await this.status()) ?? "";
      return /smsbox:.*on-line/.test(status) && /fake\[fake\].*\(online/.test(status);
    }, started);
  }

  /**
   * The gateway goes down: bearerbox stops, and smsbox and fakesmsc, which lose it, stop with it. The sendsms URL
   * then refuses connections. startGateway brings it back on the same ports.
   */
  async stopGateway(): Promise<void> {
    this.note("Kannel stopped (bearerbox, smsbox and the phones' fake SMS centre)");
    const running = this.processes;
    this.processes = [];
    this.phone = undefined;
    this.pending = [];
    this.inFlight = false;
    await Promise.all(running.map((child) => stopProcess(child)));
  }

  async stop(): Promise<void> {
    await this.stopGateway();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }

  /** A phone sends a message to the portal's number: GSM text as it is, anything else as UCS-2. */
  phoneSends(from: string, text: string): void {
    if (!this.phone?.stdin) throw new Error("the gateway is down: no phone can send");
    const gsm = /^[\x20-\x7e]*$/.test(text);
    const line = gsm
      ? `${from} ${this.options.number} text ${text}`
      : `${from} ${this.options.number} ucs2 ${percentEncode(Buffer.from(text, "utf16le").swap16())}`;
    // fakesmsc reads standard input in pieces of about 200 bytes and sends a longer line only when more input comes.
    if (line.length >= FAKESMSC_LINE) {
      throw new Error(
        `fakesmsc cannot read a line of ${line.length} characters (under ${FAKESMSC_LINE}): a shorter text`,
      );
    }
    this.pending.push(line);
    this.pump();
    this.transcript.push({ direction: "in", phone: from, text, parts: 1, coding: gsm ? "gsm" : "ucs2" });
  }

  private pump(): void {
    if (this.inFlight || !this.phone?.stdin) return;
    const line = this.pending.shift();
    if (line === undefined) return;
    this.inFlight = true;
    this.phone.stdin.write(`${line}\n`);
  }

  /** Messages the phone `phone` received so far. */
  receivedBy(phone: string): PhoneMessage[] {
    return this.transcript.filter((m) => m.direction === "out" && m.phone === phone);
  }

  /** Waits until `phone` has received `count` messages in all, and returns them. */
  async waitForMessages(phone: string, count: number, timeoutMs = 20_000): Promise<PhoneMessage[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.receivedBy(phone).length < count) {
      if (Date.now() > deadline) {
        throw new Error(
          `${phone} received ${this.receivedBy(phone).length} message(s), not ${count}:\n${this.printTranscript()}`,
        );
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 200);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.receivedBy(phone);
  }

  /** A line for the transcript between messages: what happened meanwhile. */
  note(text: string): void {
    this.notes.push({ at: this.transcript.length, text });
  }

  /** The conversation as the phones printed it, one line per message, a line break in a text as " / ". */
  printTranscript(): string {
    const lines: string[] = [];
    this.transcript.forEach((m, index) => {
      for (const note of this.notes) if (note.at === index) lines.push(`   ... ${note.text}`);
      const arrow = m.direction === "in" ? `${m.phone} -> portal` : `portal -> ${m.phone}`;
      const how = `${m.coding === "ucs2" ? "UCS-2" : "GSM"}${m.parts > 1 ? `, ${m.parts} parts` : ""}`;
      lines.push(`${arrow} [${how}]: ${m.text.replace(/\n/g, " / ")}`);
    });
    for (const note of this.notes) if (note.at >= this.transcript.length) lines.push(`   ... ${note.text}`);
    return lines.join("\n");
  }

  /** bearerbox's status page, undefined while it does not answer. */
  private async status(): Promise<string | undefined> {
    try {
      const res = await fetch(`http://127.0.0.1:${this.ports.admin}/status.txt?password=admin-secret`, {
        signal: AbortSignal.timeout(1_000),
      });
      return res.ok ? await res.text() : undefined;
    } catch {
      return undefined;
    }
  }

  private spawnBox(box: "bearerbox" | "smsbox"): ChildProcess {
    const child = spawn(`/usr/sbin/${box}`, [this.configPath], { stdio: ["ignore", "ignore", "pipe"] });
    child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
      fs.appendFileSync(path.join(this.dir, `${box}.err`), chunk);
    });
    return child;
  }

  private async until(ready: () => Promise<boolean>, started: number): Promise<void> {
    while (!(await ready())) {
      if (Date.now() - started > START_TIMEOUT_MS) {
        throw new Error(`Kannel did not start within ${START_TIMEOUT_MS / 1000} s (logs in ${this.dir})`);
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /**
   * fakesmsc's log: "Got message N: <FROM TO text MESSAGE>", "<FROM TO ucs-2 %XX...>" or, for a part of a long one,
   * "<FROM TO udh %05%00%03REF TOTAL SEQ data %XX...>". Kannel's fake SMS centre talks to fakesmsc one line per
   * message, GSM text as it is: a line break in a text reaches fakesmsc as the end of the message and the rest as a
   * "message" of its own without sender, receiver or type, which is put back here as the text's next line. (A real
   * SMS centre carries the line break, which GSM-7 has.)
   */
  private read(chunk: string): void {
    this.log += chunk;
    const lines = this.log.split("\n");
    this.log = lines.pop() ?? "";
    for (const line of lines) {
      if (/fakesmsc: sent message \d+/.test(line)) {
        this.inFlight = false;
        this.pump();
      }
      const content = /Got message \d+: <(.*)>$/.exec(line)?.[1];
      if (content === undefined) continue;
      const message = /^(\S+) (\S+) (text|ucs-2|udh) (.*)$/s.exec(content);
      const last = this.transcript.at(-1);
      if (!message && last?.direction === "out" && last.coding === "gsm") last.text += `\n${content}`;
      else if (message) this.received(message[2] ?? "", message[3] ?? "", message[4] ?? "");
    }
    for (const wake of this.waiters.splice(0)) wake();
  }

  private received(to: string, type: string, data: string): void {
    if (type === "text") {
      this.transcript.push({ direction: "out", phone: to, text: data, parts: 1, coding: "gsm" });
      return;
    }
    if (type === "ucs-2") {
      this.transcript.push({
        direction: "out",
        phone: to,
        text: utf16be(percentDecode(data)),
        parts: 1,
        coding: "ucs2",
      });
      return;
    }
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
    this.transcript.push({
      direction: "out",
      phone: to,
      text: ucs2 ? utf16be(bytes) : bytes.toString("utf8"),
      parts: entry.total,
      coding: ucs2 ? "ucs2" : "gsm",
    });
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

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 3_000);
  await exited;
  clearTimeout(timer);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** Kannel and fakesmsc are installed (`.ci/run` installs the Debian packages kannel and kannel-extras). */
export function kannelAvailable(): boolean {
  return fs.existsSync(FAKESMSC) && ["/usr/sbin/bearerbox", "/usr/sbin/smsbox"].every((file) => fs.existsSync(file));
}
