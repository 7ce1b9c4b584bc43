import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makePng } from "../fixtures/images.ts";
import {
  eventually,
  portIsFree,
  processesUsing,
  spawnPortal,
  type PortalProcess,
  type PortalStartOptions,
} from "../support/portal-process.ts";

/**
 * Stopping the portal under load, the three ways it is stopped in practice: Ctrl-C in the terminal running
 * `npm start` (SIGINT to npm and the server both), a process manager signalling the server, and a container
 * runtime signalling its main process (npm). No request may be cut: every request sent before the signal gets a
 * whole HTTP answer, and every report answered 201 is there afterwards with its images.
 */

const REQUESTS = 240;
// The signal goes out once this many answers came back: the load is well under way and far from finished.
const SIGNAL_AFTER = 60;
// Clients that keep sending after the signal, each until it is turned away.
const LATE_CLIENTS = 4;
// Generous: the portal's own deadline is 10 s; this only keeps a hung shutdown from hanging the test.
const EXIT_LIMIT_MS = 30_000;
const TEST_TIMEOUT_MS = 120_000;

interface Outcome {
  kind: "submit" | "list";
  startedAfterSignal: boolean;
  finishedAfterSignal: boolean;
  status?: number;
  body?: string;
  /** The connection failed before a whole answer arrived. */
  error?: string;
}

const started: PortalProcess[] = [];
afterEach(async () => {
  for (const portal of started.splice(0)) {
    portal.kill();
    await portal.exited;
    fs.rmSync(portal.dataDir, { recursive: true, force: true });
  }
});

async function start(options: PortalStartOptions & { dataDir?: string } = {}): Promise<PortalProcess> {
  const portal = await spawnPortal({ ...options, env: { SUBMISSIONS_PER_HOUR: "100000", ...options.env } });
  started.push(portal);
  return portal;
}

describe("stopping the portal under load", () => {
  it(
    "Ctrl-C (SIGINT to the process group of npm start) finishes every request and exits",
    async () => {
      const portal = await start({ viaNpm: true, ownProcessGroup: true });
      await stopUnderLoad(portal, () => portal.signalGroup("SIGINT"));
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "SIGTERM to the server process finishes every request and exits",
    async () => {
      const portal = await start();
      await stopUnderLoad(portal, () => portal.signalServer("SIGTERM"));
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "SIGTERM to npm alone (a container stop) stops the server too and leaves nothing behind",
    async () => {
      const portal = await start({ viaNpm: true });
      await stopUnderLoad(portal, () => portal.signalNpm("SIGTERM"));
    },
    TEST_TIMEOUT_MS,
  );
});

async function stopUnderLoad(portal: PortalProcess, sendSignal: () => void): Promise<void> {
  const image = await makePng(64, 48);
  const load = new Load(portal.port, image);
  // A keep-alive connection left idle, and one kept busy with submits: neither may hold the shutdown open.
  const idleAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const busyAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    expect((await request(portal.port, "list", image, idleAgent)).status).toBe(200);
    const running = load.run(() => {
      sendSignal();
    });
    const busy = load.keepBusy(busyAgent);
    await Promise.all([running, busy]);

    const exit = await Promise.race([portal.exited, sleep(EXIT_LIMIT_MS).then(() => undefined)]);
    expect(exit, `the portal did not exit:\n${portal.output()}`).toBeDefined();
    expect(portal.output()).not.toMatch(/did not finish within/);
    expect(exit?.code, portal.output()).toBe(0);
    expect(
      await eventually(() => processesUsing(portal.dataDir).length === 0, 5_000),
      "a process of the portal remains",
    ).toBe(true);
    expect(await portIsFree(portal.port)).toBe(true);
  } finally {
    idleAgent.destroy();
    busyAgent.destroy();
  }

  const outcomes = load.outcomes;
  const cut = outcomes.filter((o) => o.error && (!o.startedAfterSignal || !/ECONNREFUSED/.test(o.error)));
  expect(cut, "requests cut by the shutdown").toEqual([]);
  for (const o of outcomes.filter((o) => !o.error)) {
    const expected = o.kind === "submit" ? 201 : 200;
    // 503 answers requests that arrive once the shutdown has begun.
    expect([expected, 503], `${o.kind}: ${o.status} ${o.body}`).toContain(o.status);
    if (o.status === 503) expect(o.finishedAfterSignal).toBe(true);
  }
  // The signal came while requests were in flight, and those finished afterwards.
  expect(
    outcomes.filter((o) => !o.startedAfterSignal && o.finishedAfterSignal && o.status !== 503).length,
  ).toBeGreaterThan(0);

  const created = outcomes.filter((o) => o.status === 201).map((o) => JSON.parse(o.body as string) as Grievance);
  expect(created.length).toBeGreaterThan(0);
  await expectAllSaved(portal.dataDir, created);
}

interface Grievance {
  id: string;
  images: { url: string; thumbnailUrl: string; mediumUrl?: string }[];
}

/** Starts the portal again on the same folder: every report answered 201 is there, with readable images. */
async function expectAllSaved(dataDir: string, created: Grievance[]): Promise<void> {
  const portal = await start({ dataDir });
  for (const grievance of created) {
    const found = await fetch(`${portal.url}/api/grievances/${grievance.id}`);
    expect(found.status).toBe(200);
    const saved = (await found.json()) as Grievance;
    expect(saved.images).toHaveLength(1);
    for (const image of saved.images) {
      for (const url of [image.url, image.thumbnailUrl, image.mediumUrl].filter((u) => u !== undefined)) {
        const media = await fetch(`${portal.url}${url}`);
        expect(media.status, url).toBe(200);
        expect((await media.arrayBuffer()).byteLength).toBeGreaterThan(0);
      }
    }
  }
  // And no image was left behind by a submit cut halfway (stored images, no report).
  const list = await fetch(`${portal.url}/api/grievances?pageSize=100`);
  const { items, total } = (await list.json()) as { items: Grievance[]; total: number };
  expect(total).toBe(created.length);
  // An image's versions (thumbnail and others) share the stem of its key: "<stem>.png", "<stem>.thumb.webp"...
  const stems = items.flatMap((g) => g.images.map((i) => path.basename(i.url).replace(/\.[^.]+$/, ".")));
  const bucket = path.join(dataDir, "storage", "grievance-images");
  const stored = fs.readdirSync(bucket).filter((name) => !name.startsWith("."));
  expect(stored.filter((name) => !stems.some((stem) => name.startsWith(stem)))).toEqual([]);
}

/**
 * REQUESTS requests at once, each on a connection of its own, a third of them submits with an image; the signal
 * once SIGNAL_AFTER are answered; then LATE_CLIENTS clients keep sending until they are turned away.
 */
class Load {
  readonly outcomes: Outcome[] = [];
  private readonly port: number;
  private readonly image: Buffer;
  private signalled = false;

  constructor(port: number, image: Buffer) {
    this.port = port;
    this.image = image;
  }

  async run(sendSignal: () => void): Promise<void> {
    let signal!: () => void;
    const signalSent = new Promise<void>((resolve) => (signal = resolve));
    const burst = Array.from({ length: REQUESTS }, async (_, i) => {
      await this.send(i % 3 === 0 ? "submit" : "list");
      if (!this.signalled && this.outcomes.length >= SIGNAL_AFTER) {
        this.signalled = true;
        sendSignal();
        signal();
      }
    });
    const late = Array.from({ length: LATE_CLIENTS }, async (_, i) => {
      await signalSent;
      for (let sent = 0; sent < REQUESTS; sent++) {
        const outcome = await this.send(i % 2 === 0 ? "submit" : "list");
        // A client (or load balancer) that got a 503 or a refusal sends elsewhere.
        if (outcome.error || outcome.status === 503) return;
      }
    });
    await Promise.all([...burst, ...late]);
  }

  /** Submits one after another on one keep-alive connection until the signal, so one is likely in flight then. */
  async keepBusy(agent: http.Agent): Promise<void> {
    while (!this.signalled) await this.send("submit", agent);
  }

  private async send(kind: "submit" | "list", agent?: http.Agent): Promise<Outcome> {
    const startedAfterSignal = this.signalled;
    const answer = await request(this.port, kind, this.image, agent);
    const outcome = { kind, startedAfterSignal, finishedAfterSignal: this.signalled, ...answer };
    this.outcomes.push(outcome);
    return outcome;
  }
}

const BOUNDARY = "----portal-fault-test";

function multipart(image: Buffer): Buffer {
  const field = (name: string, value: string) =>
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  return Buffer.concat([
    Buffer.from(
      field("title", "Burst water main on Station Road") +
        field("description", "Water has been running down the street since this morning.") +
        field("category", "Leakage Issues") +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="images"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    image,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

/** One request on a connection of its own (or of `agent`): its whole answer, or how the connection failed. */
function request(
  port: number,
  kind: "submit" | "list",
  image: Buffer,
  agent?: http.Agent,
): Promise<{ status?: number; body?: string; error?: string }> {
  const body = kind === "submit" ? multipart(image) : undefined;
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method: body ? "POST" : "GET",
        path: body ? "/api/grievances" : "/api/grievances?pageSize=5",
        agent: agent ?? false,
        headers: body
          ? { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`, "Content-Length": body.length }
          : {},
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          if (res.complete) resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString() });
          else resolve({ error: `answer cut short after ${res.statusCode}` });
        });
        res.on("error", (error) =>
          resolve({ error: `${(error as NodeJS.ErrnoException).code ?? error.message} in the answer` }),
        );
      },
    );
    req.on("error", (error) => resolve({ error: (error as NodeJS.ErrnoException).code ?? error.message }));
    req.end(body);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
