import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { FAKESMSC, phoneLine, PhoneLog, type PhoneMessage } from "./fakesmsc.ts";

export type { PhoneMessage };

/**
 * A real Kannel for tests (docs/decisions/035-sms-through-a-gateway.md, docs/sms.md): bearerbox with Kannel's fake SMS
 * centre (`smsc = fake`), smsbox with the portal's sms-service and a sendsms user, and `fakesmsc` (kannel-extras)
 * playing the residents' phones, all on free loopback ports. A phone's message is a line on fakesmsc's standard
 * input; every message Kannel delivers to a phone is a "Got message" line in fakesmsc's log, read back here.
 *
 * Kannel runs as whoever runs the tests (root included: bearerbox does not refuse it). Start-up takes well under a
 * second: the boxes are started in order and the admin status page is polled until the fake SMS centre and smsbox are
 * both on line.
 */

const START_TIMEOUT_MS = 15_000;

export interface KannelOptions {
  /** The portal's base address, for the sms-service's inbound URL (http://127.0.0.1:PORT). */
  portalUrl: string;
  /** SMS_INBOUND_TOKEN. */
  token: string;
  /** SMS_NUMBER: what phones write to. */
  number: string;
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
  private waiters: (() => void)[] = [];
  // Lines for fakesmsc, one at a time: it takes the next line only once it has sent the one before (a second line in
  // the same read waits for more input).
  private pending: string[] = [];
  private inFlight = false;
  private readonly phoneLog = new PhoneLog({
    received: (message) => {
      this.transcript.push(message);
      for (const wake of this.waiters.splice(0)) wake();
    },
    sent: () => {
      this.inFlight = false;
      this.pump();
    },
  });

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

  /** Kannel's configuration: docs/sms.md's groups, on this run's ports. */
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
http-request-retry = 5
http-queue-delay = 1

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
    this.phoneLog.release();
    this.note("Kannel stopped (bearerbox, smsbox and the phones' fake SMS centre)");
    const running = this.processes;
    this.processes = [];
    this.phone = undefined;
    this.pending = [];
    this.inFlight = false;
    await Promise.all(running.map((child) => stopProcess(child)));
    this.phoneLog.release();
  }

  async stop(): Promise<void> {
    await this.stopGateway();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }

  /** A phone sends a message to the portal's number: GSM text as it is, anything else as UCS-2. */
  phoneSends(from: string, text: string): void {
    if (!this.phone?.stdin) throw new Error("the gateway is down: no phone can send");
    const { line, coding } = phoneLine(from, this.options.number, text);
    this.pending.push(line);
    this.pump();
    this.transcript.push({ direction: "in", phone: from, text, parts: 1, coding });
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

  private read(chunk: string): void {
    this.phoneLog.read(chunk);
    for (const wake of this.waiters.splice(0)) wake();
  }
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
