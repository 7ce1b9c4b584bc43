import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "#shared/messages.ts";
import {
  countRows,
  createTestApp,
  expectHumanError,
  listenOnLoopback,
  multipart,
  rawExchange,
  storedFiles,
  validFields,
  type RawExchange,
  type TestApp,
} from "./test-app.ts";

/**
 * The hostile-input catalogue over real sockets, for what inject cannot show: keep-alive connections after a
 * refusal, bodies too large or too slow, and what Node's own HTTP parser refuses. Where Node answers or closes
 * the connection itself, the test asserts what a client sees: the answer, or the closed connection.
 */

let t: TestApp;
let port: number;
beforeAll(async () => {
  // A short request timeout so the slow clients below are given up on quickly; the hourly limit is not tested here.
  t = await createTestApp({ config: { requestTimeoutMs: 1_000, submissionsPerHour: 100_000 } });
  port = await listenOnLoopback(t.app);
});
afterAll(() => t.close());

const LIST = "GET /api/grievances HTTP/1.1\r\nHost: portal.test\r\n\r\n";

const post = (body: Buffer, contentType: string) =>
  Buffer.concat([
    Buffer.from(
      `POST /api/grievances HTTP/1.1\r\nHost: portal.test\r\nContent-Type: ${contentType}\r\nContent-Length: ${body.length}\r\n\r\n`,
    ),
    body,
  ]);

async function refusedUpload(fields: Record<string, string>, files: Parameters<typeof multipart>[1] = []) {
  const { payload, headers } = await multipart(fields, files);
  return post(payload, headers["content-type"]!);
}

/** The server answers a new connection, and nothing of what was refused was stored. */
async function expectUnharmed() {
  const { responses } = await rawExchange(port, [LIST]);
  expect(responses.map((r) => r.status)).toEqual([200]);
  expect(await countRows(t.db)).toBe(0);
  expect(await storedFiles(t.storageDir)).toEqual([]);
}

/** The server gave up on the connection, answering at most once, with `status` and a human message. */
function expectAnsweredAndClosed(exchange: RawExchange, status: number, message?: string) {
  expect(exchange.closed).toBe(true);
  expect(exchange.responses.length).toBeLessThanOrEqual(1);
  for (const response of exchange.responses) {
    expect(response.status).toBe(status);
    if (response.body) expectHumanError(response.body, message);
  }
}

describe("a keep-alive connection after a refused upload", () => {
  const cases: [string, () => Promise<Buffer>, number, string][] = [
    [
      "5,000 fields",
      () => refusedUpload(Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`f${i}`, "x"]))),
      400,
      "The form has too many fields.",
    ],
    [
      "2,000 empty file parts",
      () =>
        refusedUpload(
          validFields,
          Array.from({ length: 2_000 }, () => ({ filename: "", bytes: new Uint8Array() })),
        ),
      400,
      MESSAGES.tooManyImages,
    ],
    [
      "7 files",
      () =>
        refusedUpload(
          validFields,
          Array.from({ length: 7 }, (_, i) => ({ filename: `${i}.png`, bytes: new Uint8Array(1_000_000) })),
        ),
      400,
      MESSAGES.tooManyImages,
    ],
    [
      "a form without a boundary",
      async () => post(Buffer.alloc(2_000_000, 0x61), "multipart/form-data"),
      400,
      "The form data could not be read. Please try again.",
    ],
    [
      "a field named __proto__",
      () => refusedUpload(Object.fromEntries([...Object.entries(validFields), ["__proto__", "x"]])),
      400,
      "The form contains a field name that is not allowed.",
    ],
  ];

  it.each(cases)("answers the next request on the same connection after %s", async (_name, build, status, message) => {
    // Both requests in one write: the second is only answered if the rest of the first body was dealt with.
    const exchange = await rawExchange(port, [Buffer.concat([await build(), Buffer.from(LIST)])], { responses: 2 });
    expect(exchange.responses.map((r) => r.status)).toEqual([status, 200]);
    expectHumanError(exchange.responses[0]!.body, message);
    await expectUnharmed();
  });

  it("lets a keep-alive agent reuse the connection", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const send = (body?: Buffer, contentType?: string) =>
      new Promise<{ status: number; body: string; reused: boolean }>((resolve, reject) => {
        const request = http.request(
          { agent, host: "127.0.0.1", port, method: body ? "POST" : "GET", path: "/api/grievances" },
          (res) => {
            let text = "";
            res.on("data", (chunk: Buffer) => (text += chunk.toString()));
            res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text, reused: request.reusedSocket }));
          },
        );
        request.on("error", reject);
        if (contentType) request.setHeader("content-type", contentType);
        request.end(body);
      });
    try {
      const fields = Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`f${i}`, "x"]));
      const { payload, headers } = await multipart(fields);
      const refused = await send(payload, headers["content-type"]);
      expect(refused.status).toBe(400);
      expectHumanError(refused.body, "The form has too many fields.");
      const next = await send();
      expect(next).toMatchObject({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
    await expectUnharmed();
  });
});

describe("bodies too large or too slow", () => {
  const formHead = (framing: string) =>
    `POST /api/grievances HTTP/1.1\r\nHost: portal.test\r\nContent-Type: multipart/form-data; boundary=b\r\n${framing}\r\n\r\n`;

  it("refuses a declared Content-Length over the limit at once and closes the connection", async () => {
    const exchange = await rawExchange(port, [formHead("Content-Length: 200000000"), "--b\r\n"], { untilClose: true });
    expect(exchange.responses).toHaveLength(1);
    expect(exchange.responses[0]!.status).toBe(413);
    expect(exchange.responses[0]!.headers.connection).toBe("close");
    expectHumanError(exchange.responses[0]!.body, MESSAGES.uploadTooLarge);
    expect(exchange.closed).toBe(true);
    await expectUnharmed();
  });

  it("cuts off a chunked body where it crosses the limit", async () => {
    const total = 60 * 1024 * 1024;
    function* chunkedUpload() {
      yield formHead("Transfer-Encoding: chunked");
      const head = `--b\r\nContent-Disposition: form-data; name="images"; filename="big.png"\r\n\r\n`;
      yield `${Buffer.byteLength(head).toString(16)}\r\n${head}\r\n`;
      const megabyte = Buffer.alloc(1024 * 1024, 0x61);
      const chunk = Buffer.concat([Buffer.from(`${megabyte.length.toString(16)}\r\n`), megabyte, Buffer.from("\r\n")]);
      for (let sent = 0; sent < total; sent += megabyte.length) yield chunk;
      yield "0\r\n\r\n";
    }
    const exchange = await rawExchange(port, chunkedUpload(), { untilClose: true });
    // The client is still sending when the server answers 413 and closes; the close may reach it first.
    expectAnsweredAndClosed(exchange, 413, MESSAGES.uploadTooLarge);
    expect(exchange.sent).toBeLessThan(total);
    await expectUnharmed();
  });

  it("gives up on a body that drips in one byte at a time", async () => {
    function* slowBody() {
      yield formHead("Content-Length: 10000");
      for (let i = 0; i < 10_000; i++) yield "a";
    }
    const exchange = await rawExchange(port, slowBody(), { untilClose: true, gapMs: 100 });
    expectAnsweredAndClosed(exchange, 408, "The request took too long. Please try again.");
    expect(exchange.sent).toBeLessThan(10_000);
    await expectUnharmed();
  });

  it("gives up on headers that drip in one byte at a time", async () => {
    function* slowHeaders() {
      yield "GET /api/grievances HTTP/1.1\r\nHost: portal.test\r\nX-Slow: ";
      for (let i = 0; i < 10_000; i++) yield "a";
    }
    const exchange = await rawExchange(port, slowHeaders(), { untilClose: true, gapMs: 100 });
    expectAnsweredAndClosed(exchange, 408, "The request took too long. Please try again.");
    await expectUnharmed();
  });

  it("stores nothing when the client goes away after the fields, before the form's end", async () => {
    const { payload, headers } = await multipart(validFields);
    // Everything but the closing delimiter: every field arrived, the form did not.
    const cut = payload.subarray(0, payload.lastIndexOf(Buffer.from("\r\n--")) + 2);
    const socket = net.connect(port, "127.0.0.1");
    socket.on("error", () => undefined);
    socket.write(
      `POST /api/grievances HTTP/1.1\r\nHost: portal.test\r\nContent-Type: ${headers["content-type"]}\r\nContent-Length: ${payload.length}\r\n\r\n`,
    );
    socket.write(cut);
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.destroy();
    await expect
      .poll(() => new Promise<number>((resolve) => t.app.server.getConnections((_e, n) => resolve(n))))
      .toBe(0);
    await expectUnharmed();
  });
});

describe("requests Node's HTTP parser refuses", () => {
  const cases: [string, string, number, string?][] = [
    [
      "a header over the size limit",
      `GET /api/grievances HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`,
      431,
      "The request's headers are too large.",
    ],
    [
      "two different Content-Lengths",
      "POST /api/grievances HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello!",
      400,
      "The request could not be read.",
    ],
    [
      "a repeated Content-Length",
      "POST /api/grievances HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 5\r\n\r\nhello",
      400,
      "The request could not be read.",
    ],
    [
      "a Content-Length that is no number",
      "POST /api/grievances HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\nhello",
      400,
      "The request could not be read.",
    ],
    [
      "a negative Content-Length",
      "POST /api/grievances HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\nhello",
      400,
      "The request could not be read.",
    ],
    [
      "Transfer-Encoding with Content-Length",
      "POST /api/grievances HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n0\r\n\r\n",
      400,
      "The request could not be read.",
    ],
    [
      "an unknown Transfer-Encoding",
      "POST /api/grievances HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\nhello",
      400,
      "The request could not be read.",
    ],
    [
      "a broken chunk in an upload",
      "POST /api/grievances HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\nTransfer-Encoding: chunked\r\n\r\nZZZ\r\nhello\r\n",
      400,
      "The request could not be read.",
    ],
    [
      "a header name with a space",
      "GET /api/grievances HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n",
      400,
      "The request could not be read.",
    ],
    [
      "NUL in a header value",
      "GET /api/grievances HTTP/1.1\r\nHost: x\r\nX-A: a\u0000b\r\n\r\n",
      400,
      "The request could not be read.",
    ],
    ["a garbage request line", "HELLO THERE\r\n\r\n", 400, "The request could not be read."],
    // Node answers this one itself, with an empty body.
    ["an HTTP/1.1 request without Host", "GET /api/grievances HTTP/1.1\r\n\r\n", 400],
  ];

  it.each(cases)("answers %s and closes the connection", async (_name, request, status, message) => {
    const exchange = await rawExchange(port, [request], { untilClose: true });
    expectAnsweredAndClosed(exchange, status, message);
    await expectUnharmed();
  });
});

describe("two Host headers", () => {
  // Node keeps the first Host and drops the others; a proxy in front may have used another one.
  it.each([
    ["two different hosts", "GET /api/grievances HTTP/1.1\r\nHost: portal.test\r\nHost: evil.example\r\n\r\n"],
    ["the same host twice", "GET /api/grievances HTTP/1.1\r\nHost: portal.test\r\nhost: portal.test\r\n\r\n"],
    ["a page", "GET /grievances HTTP/1.1\r\nHost: portal.test\r\nHOST: evil.example\r\n\r\n"],
  ])("are refused with 400: %s", async (_name, request) => {
    const { responses } = await rawExchange(port, [request]);
    expect(responses.map((r) => r.status)).toEqual([400]);
    expectHumanError(responses[0]!.body, "The request's Host header is not a valid host name.");
    await expectUnharmed();
  });
});
