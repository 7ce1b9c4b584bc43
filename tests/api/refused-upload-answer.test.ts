import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_UPLOAD_BYTES } from "#server/grievances/upload-limits.ts";
import { MESSAGES } from "#shared/messages.ts";
import { countRows, createTestApp, expectHumanError, listenOnLoopback, type TestApp } from "./test-app.ts";

/**
 * A report refused at once for its declared size (Content-Length over the limit) while the client is still
 * sending its body, as a browser uploading too many photos does: the client must be able to read the 413 and its
 * message every time. Closing a socket with unread bytes in it makes the kernel send a reset, which can reach the
 * client before it read the answer (EPIPE or ECONNRESET, and the browser shows a network error): the portal answers,
 * then closes gracefully, reading and dropping what keeps coming for a short, bounded while.
 */

const ATTEMPTS = 25;
const CHUNK = Buffer.alloc(64 * 1024, 0x61);

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ config: { submissionsPerHour: 100_000 } });
  port = await listenOnLoopback(t.app);
});
afterAll(() => t.close());

interface Outcome {
  received: string;
  error: string | undefined;
  sent: number;
}

/** Sends a body of `declared` bytes as fast as the connection takes it, reading whatever comes back meanwhile. */
function uploadWhileReading(declared: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let received = "";
    let error: string | undefined;
    let sent = 0;
    let stopped = false;
    socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
    socket.on("error", (e: NodeJS.ErrnoException) => (error ??= e.code ?? e.message));
    socket.on("close", () => {
      stopped = true;
      resolve({ received, error, sent });
    });
    // The server closes its side after the answer: stop sending, as a browser does.
    socket.on("end", () => {
      stopped = true;
      socket.end();
    });
    const giveUp = setTimeout(() => socket.destroy(new Error("no close within 20 s")), 20_000);
    socket.once("close", () => clearTimeout(giveUp));
    socket.on("connect", () => {
      socket.write(
        "POST /api/grievances HTTP/1.1\r\nHost: portal.test\r\n" +
          `Content-Type: multipart/form-data; boundary=b\r\nContent-Length: ${declared}\r\n\r\n`,
      );
      const pump = () => {
        while (!stopped && !socket.destroyed && sent < declared) {
          sent += CHUNK.length;
          if (!socket.write(CHUNK)) {
            socket.once("drain", pump);
            return;
          }
        }
      };
      pump();
    });
  });
}

describe("a report refused for its declared size while its body is still coming", () => {
  it(`reaches the client as a readable 413, ${ATTEMPTS} times out of ${ATTEMPTS}`, { timeout: 120_000 }, async () => {
    const outcomes: Outcome[] = [];
    for (let i = 0; i < ATTEMPTS; i++) outcomes.push(await uploadWhileReading(MAX_UPLOAD_BYTES + 4 * 1024 * 1024));
    const statuses = outcomes.map(
      (o) => /^HTTP\/1\.1 (\d{3})/.exec(o.received)?.[1] ?? `nothing read (${o.error ?? "closed"})`,
    );
    expect(statuses).toEqual(Array(ATTEMPTS).fill("413"));
    // Closed normally after the answer, never reset under the client while it was still sending.
    expect(outcomes.map((o) => o.error ?? "closed")).toEqual(Array(ATTEMPTS).fill("closed"));
    for (const { received } of outcomes) {
      const [head = "", body = ""] = received.split("\r\n\r\n");
      expect(head.toLowerCase()).toContain("connection: close");
      expectHumanError(body, MESSAGES.uploadTooLarge);
    }
    // The server stopped reading long before the whole body: the drain is bounded.
    expect(Math.max(...outcomes.map((o) => o.sent))).toBeLessThan(MAX_UPLOAD_BYTES + 4 * 1024 * 1024);
    expect(await countRows(t.db)).toBe(0);
  });
});
