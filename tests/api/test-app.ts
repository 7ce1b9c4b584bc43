import { once } from "node:events";
import fs from "node:fs/promises";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyLoggerOptions } from "fastify";
import { expect } from "vitest";
import { buildApp } from "#server/app.ts";
import { loadConfig, type Config } from "#server/config.ts";
import type { Database } from "#server/db/database.ts";
import { GrievanceRepository } from "#server/grievances/grievance-repository.ts";
import type { ImageStore } from "#server/storage/image-store.ts";
import { LocalImageStore } from "#server/storage/local-image-store.ts";
import { checkAnswersAgainstDocument } from "./openapi-answers.ts";
import { openTestDatabase } from "./test-database.ts";

export { openTestDatabase };

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  /** With TEST_DATABASE_URL: the test database's own address (a second pool on it is a second instance). */
  databaseUrl?: string;
  config: Config;
  storageDir: string;
  /** The bucket folder: `<storageDir>/grievance-images`. */
  bucketDir: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  config?: Partial<Config>;
  /** Wraps the real repository or store, e.g. to make one step fail. */
  repository?: (real: GrievanceRepository) => GrievanceRepository;
  imageStore?: (real: ImageStore) => ImageStore;
  /** Fastify's logger options (default: no logger), e.g. a `stream` to read the log lines. */
  logger?: FastifyLoggerOptions;
  /**
   * Check every inject() answer against the app's OpenAPI document (openapi-answers.ts); on unless a test turns it off
   * for answers it provokes outside the API's contract on purpose.
   */
  checkAnswers?: boolean;
  /** The app's clock for windows kept in the database (buildApp's `now`). */
  now?: () => Date;
  /** The rate limits' counters instead of the real ones (buildApp's `rateLimitStore`). */
  rateLimitStore?: FastifyRateLimitStoreCtor;
  /** On PGlite even where TEST_DATABASE_URL names a server (openTestDatabase). */
  embedded?: boolean;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), "portal-test-"));
  const storageDir = path.join(root, "storage");
  const config: Config = {
    ...loadConfig({ DATA_DIR: root, STORAGE_DIR: storageDir, LOG_LEVEL: "silent" }),
    // No built SPA unless a test asks for one.
    webDir: path.join(root, "no-web"),
    ...options.config,
  };
  const { db, url: databaseUrl, drop } = await openTestDatabase(undefined, { embedded: options.embedded });
  const realStore = new LocalImageStore(config.storageDir);
  const imageStore = options.imageStore ? options.imageStore(realStore) : realStore;
  const repository = options.repository ? options.repository(new GrievanceRepository(db)) : undefined;
  const app = await buildApp({
    config,
    db,
    imageStore,
    logger: options.logger ?? false,
    repository,
    now: options.now,
    rateLimitStore: options.rateLimitStore,
  });
  await app.ready();
  if (options.checkAnswers !== false) checkAnswersAgainstDocument(app);
  return {
    app,
    db,
    databaseUrl,
    config,
    storageDir: config.storageDir,
    bucketDir: realStore.bucketDir,
    async close() {
      await app.close();
      await drop();
      await fs.rm(root, { recursive: true, force: true });
    },
  };
}

export interface FileField {
  name?: string;
  filename: string;
  bytes: Uint8Array;
  type?: string;
}

/** A multipart body as a browser would send it, serialised by the platform's own FormData. */
export async function multipart(
  fields: Record<string, string>,
  files: FileField[] = [],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) {
    form.append(
      file.name ?? "images",
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "application/octet-stream" }),
      file.filename,
    );
  }
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { "content-type": request.headers.get("content-type") ?? "" },
  };
}

export const validFields = {
  title: "Brown water from the tap",
  description: "Since Monday the water in Elm Street is brown and smells of iron.",
  category: "Water Quality Issues",
  location: "Elm Street 12",
  priority: "high",
  user_email: "jane.doe@example.org",
  user_phone: "+254 700 123 489",
};

export async function postGrievance(app: FastifyInstance, fields: Record<string, string>, files: FileField[] = []) {
  const body = await multipart(fields, files);
  return app.inject({ method: "POST", url: "/api/grievances", ...body });
}

/** Every file under the storage folder, however deep (empty when the folder does not exist). */
export async function storedFiles(storageDir: string): Promise<string[]> {
  try {
    const entries = await fs.readdir(storageDir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

export async function countRows(db: Database): Promise<number> {
  const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM grievances");
  return rows[0]?.n ?? 0;
}

// Whatever betrays internals: error names and codes, stack frames, SQL, file paths.
const INTERNALS =
  /Error:|\bFST_|\bERR_|\bHPE_|\bat \S+:\d+|stack|SELECT|INSERT|syntax|\/work\/|\/tmp\/|node_modules|\.ts\b/;

/** An error answer a person can read: `{ message }` (plus field errors and the request id), a sentence, no internals. */
export function expectHumanError(body: string, message?: string | RegExp): void {
  const parsed = JSON.parse(body) as { message?: unknown; fieldErrors?: unknown; requestId?: unknown };
  expect(Object.keys(parsed).filter((key) => !["message", "fieldErrors", "requestId"].includes(key))).toEqual([]);
  // The request's id, for a resident to quote (docs/operating.md, "Logs"): a plain token, never echoed input.
  if ("requestId" in parsed) expect(parsed.requestId).toMatch(/^[A-Za-z0-9._:-]{1,128}$/);
  expect(typeof parsed.message).toBe("string");
  expect(parsed.message).toMatch(/^[A-Z][^\n]{7,}$/);
  expect(body).not.toMatch(INTERNALS);
  // Nor a NUL of the request echoed back (JSON writes it as an escape).
  expect(body).not.toContain("\\u0000");
  if (typeof message === "string") expect(parsed.message).toBe(message);
  else if (message) expect(parsed.message).toMatch(message);
}

// ---- Real sockets: keep-alive, timeouts and Node's own HTTP parser, which inject does not go through ----

/** Starts the app on a free loopback port; app.close() stops it. */
export async function listenOnLoopback(app: FastifyInstance): Promise<number> {
  await app.listen({ host: "127.0.0.1", port: 0 });
  return (app.server.address() as AddressInfo).port;
}

export interface RawResponse {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
}

export interface RawExchange {
  /** The complete answers received, in order. */
  responses: RawResponse[];
  /** Whether the server closed (or reset) the connection. */
  closed: boolean;
  /** Bytes the client got to send before it stopped. */
  sent: number;
}

export interface RawExchangeOptions {
  /** Stop once this many answers have arrived (default 1); ignored with untilClose. */
  responses?: number;
  /** Wait for the server to close the connection, whatever it answers. */
  untilClose?: boolean;
  /** Pause before each piece: a slow client. */
  gapMs?: number;
  /** Neither the answers nor the close by then is a hang: the exchange fails. */
  giveUpMs?: number;
}

/**
 * Sends raw bytes on one new connection, piece by piece and with backpressure, and collects the server's answers.
 * The client stops sending as soon as it has what it waits for or the server closes the connection, so `sent` tells
 * whether the server cut a body off.
 */
export async function rawExchange(
  port: number,
  pieces: Iterable<Buffer | string>,
  options: RawExchangeOptions = {},
): Promise<RawExchange> {
  const { responses: wanted = 1, untilClose = false, gapMs = 0, giveUpMs = 20_000 } = options;
  const socket = net.connect(port, "127.0.0.1");
  await once(socket, "connect");
  let received = Buffer.alloc(0);
  let closed = false;
  let sent = 0;
  let settled = false;
  let settle: (outcome: "done" | "hung") => void = () => undefined;
  const finished = new Promise<"done" | "hung">((resolve) => {
    settle = (outcome) => {
      settled = true;
      resolve(outcome);
    };
  });
  socket.on("data", (chunk: Buffer) => {
    received = Buffer.concat([received, chunk]);
    if (!untilClose && parseResponses(received).length >= wanted) settle("done");
  });
  // A reset counts as a close: what the client sees is a connection that is gone.
  socket.on("error", () => undefined);
  socket.on("close", () => {
    closed = true;
    settle("done");
  });
  const hang = setTimeout(() => settle("hung"), giveUpMs);

  void (async () => {
    for (const piece of pieces) {
      if (gapMs > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
      if (settled || socket.destroyed) return;
      sent += Buffer.byteLength(piece);
      if (!socket.write(piece)) await Promise.race([once(socket, "drain"), finished]);
    }
  })().catch(() => undefined);

  const outcome = await finished;
  clearTimeout(hang);
  socket.destroy();
  if (outcome === "hung") throw new Error(`no answer and no close within ${giveUpMs} ms: the connection hangs`);
  return { responses: parseResponses(received), closed, sent };
}

/** The complete HTTP/1.1 answers in a byte stream (our answers always carry Content-Length). */
function parseResponses(data: Buffer): RawResponse[] {
  const responses: RawResponse[] = [];
  let offset = 0;
  for (;;) {
    const headEnd = data.indexOf("\r\n\r\n", offset);
    if (headEnd < 0) return responses;
    const [statusLine = "", ...lines] = data.subarray(offset, headEnd).toString("latin1").split("\r\n");
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(":");
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const bodyStart = headEnd + 4;
    const body =
      headers["transfer-encoding"] === "chunked" ? dechunk(data, bodyStart) : fixedLength(data, bodyStart, headers);
    if (!body) return responses;
    responses.push({ status: Number(statusLine.split(" ")[1]), headers, body: body.bytes.toString("utf8") });
    offset = body.end;
  }
}

function fixedLength(
  data: Buffer,
  start: number,
  headers: Record<string, string>,
): { bytes: Buffer; end: number } | undefined {
  const end = start + Number(headers["content-length"] ?? 0);
  return data.length < end ? undefined : { bytes: data.subarray(start, end), end };
}

// Node's own answers (a missing Host header, say) come chunked.
function dechunk(data: Buffer, start: number): { bytes: Buffer; end: number } | undefined {
  const chunks: Buffer[] = [];
  let offset = start;
  for (;;) {
    const lineEnd = data.indexOf("\r\n", offset);
    if (lineEnd < 0) return undefined;
    const size = parseInt(data.subarray(offset, lineEnd).toString("latin1"), 16);
    if (size === 0) return data.length < lineEnd + 4 ? undefined : { bytes: Buffer.concat(chunks), end: lineEnd + 4 };
    if (data.length < lineEnd + 2 + size + 2) return undefined;
    chunks.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
}
