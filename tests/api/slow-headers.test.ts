import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";
import { createTestApp, expectHumanError, listenOnLoopback, rawExchange, type TestApp } from "./test-app.ts";

/**
 * A client that sends its headers one line at a time, a line every 5 s (a slowloris), with the portal's default
 * settings: it must be cut off within 30 s, long before the body's limit (REQUEST_TIMEOUT_SECONDS, 120 s). Real
 * time, about 20 to 25 s: the point is what the server does with such a client, not how fast.
 */
const LINE_EVERY_MS = 5_000;
const CUT_WITHIN_MS = 30_000;

let t: TestApp;
let port: number;
beforeAll(async () => {
  // The defaults an operator gets, as loadConfig gives them (createTestApp starts from loadConfig too).
  t = await createTestApp();
  port = await listenOnLoopback(t.app);
});
afterAll(() => t.close());

describe("headers that arrive one line every 5 s", () => {
  it(
    "are cut off with a 408 within 30 s, while the body keeps its own, longer limit",
    { timeout: 60_000 },
    async () => {
      const defaults = loadConfig({});
      expect(defaults.headersTimeoutMs).toBeLessThanOrEqual(CUT_WITHIN_MS - 2_500); // room for Node's checking beat
      expect(defaults.requestTimeoutMs).toBe(120_000);
      // The header lines are all as long, so the bytes sent say how many went out; the request line goes out after
      // one gap too.
      const pieces = [
        "GET /api/grievances HTTP/1.1\r\n",
        // Far more lines than 30 s allows: on its own the client would go on for 200 s.
        ...Array.from({ length: 40 }, (_, i) => `X-Line-${String(i).padStart(2, "0")}: ${"a".repeat(24)}\r\n`),
        "Host: portal.test\r\n\r\n",
      ];
      const exchange = await rawExchange(port, pieces, { untilClose: true, gapMs: LINE_EVERY_MS, giveUpMs: 50_000 });
      expect(exchange.closed).toBe(true);
      expect(exchange.responses.map((r) => r.status)).toEqual([408]);
      expectHumanError(exchange.responses[0]!.body, "The request took too long. Please try again.");
      // Pieces went out at 5 s, 10 s, 15 s, …: at most six of them before the cut at 30 s.
      const lineLength = Buffer.byteLength(pieces[1]!);
      const headerLinesSent = (exchange.sent - Buffer.byteLength(pieces[0]!)) / lineLength;
      expect(headerLinesSent + 1).toBeLessThanOrEqual(CUT_WITHIN_MS / LINE_EVERY_MS);
    },
  );
});
