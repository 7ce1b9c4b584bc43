import http from "node:http";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SmsConfig } from "#server/sms/sms-config.ts";
import { createSmsGateway } from "#server/sms/create-sms-gateway.ts";
import { startSmsOutboxWorker, type SmsOutboxWorker } from "#server/sms/sms-outbox-worker.ts";
import { createTestApp, type TestApp } from "../api/test-app.ts";
import { freePort, Kannel, kannelAvailable } from "../support/kannel.ts";

/**
 * A message that arrives while the portal cannot take it (restarting, or its database down, when it answers 503):
 * Kannel, configured as docs/sms.md says (http-request-retry, http-queue-delay), asks again, and the portal takes the
 * message once. Between a real Kannel and the portal stands a proxy that answers the inbound URL 503 while the test
 * says so, as the portal itself does without its database (tests/faults/database-outage.test.ts), and counts the
 * requests. Once taken (an empty 200), Kannel asks no more.
 */

const PHONE = "+254712345678";
const TOKEN = "kannel-retry-token-0123456789";

describe.skipIf(!kannelAvailable())("a message from a phone while the portal cannot take it", () => {
  let t: TestApp;
  let kannel: Kannel;
  let worker: SmsOutboxWorker;
  let proxy: http.Server;
  let down = true;
  const answers: number[] = [];

  beforeAll(async () => {
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    const sms: SmsConfig = {
      gateway: "kannel",
      kannel: { sendsmsUrl: "http://127.0.0.1:9/", username: "portal", password: "kannel-sendsms-secret" },
      number: "12345",
      inboundToken: TOKEN,
      reportsPerNumberPerDay: 10,
      dailyLimit: 1000,
      defaultCountry: "KE",
    };
    t = await createTestApp({ config: { sms, publicUrl }, checkAnswers: false });
    await t.app.listen({ host: "127.0.0.1", port });
    proxy = http.createServer((request, response) => {
      if (down) {
        answers.push(503);
        response.writeHead(503, { "content-type": "application/json", "retry-after": "1" });
        response.end(JSON.stringify({ message: "The service is unavailable. Please try again." }));
        return;
      }
      const forward = http.request(
        { host: "127.0.0.1", port, path: request.url, method: request.method, headers: request.headers },
        (upstream) => {
          answers.push(upstream.statusCode ?? 0);
          response.writeHead(upstream.statusCode ?? 502, upstream.headers);
          upstream.pipe(response);
        },
      );
      request.pipe(forward);
    });
    const proxyPort = await freePort();
    await new Promise<void>((resolve) => proxy.listen(proxyPort, "127.0.0.1", resolve));
    kannel = await Kannel.start({ portalUrl: `http://127.0.0.1:${proxyPort}`, token: TOKEN, number: sms.number });
    worker = startSmsOutboxWorker({
      db: t.db,
      gateway: createSmsGateway({ ...sms, kannel: { ...sms.kannel, sendsmsUrl: kannel.sendsmsUrl } }, publicUrl),
      logger: pino({ level: "silent" }),
      dailyLimit: sms.dailyLimit,
      pollMs: 100,
    });
  });
  afterAll(async () => {
    await worker?.stop();
    await kannel?.stop();
    await new Promise((resolve) => proxy?.close(resolve));
    await t?.close();
  });

  it("is asked for again, taken once, and answered once", async () => {
    kannel.phoneSends(PHONE, "No water at the kiosk by the market since Monday");
    // Refused twice (a second apart, http-queue-delay = 1), then the portal is back.
    const deadline = Date.now() + 15_000;
    while (answers.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answers).toEqual([503, 503]);
    const { rows: none } = await t.db.query("SELECT 1 FROM sms_messages WHERE direction = 'in'");
    expect(none).toHaveLength(0);
    down = false;

    const [receipt] = await kannel.waitForMessages(PHONE, 1);
    expect(receipt!.text).toMatch(/WS-[A-Z0-9]+/);
    const { rows } = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM grievances WHERE user_phone = $1 AND channel = 'sms'",
      [PHONE],
    );
    expect(rows[0]!.n).toBe(1);
    // Taken: Kannel asks no more (it would, every second, after anything but a 200), and the phone gets one reply.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(answers).toEqual([503, 503, 200]);
    expect(kannel.receivedBy(PHONE)).toHaveLength(1);
  });
});
