import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { KannelGateway } from "#server/sms/kannel-gateway.ts";
import { SmsGatewayError } from "#server/sms/sms-gateway.ts";

// Kannel's sendsms as the gateway adapter calls it (docs/decisions/035-sms-through-a-gateway.md), against a local
// HTTP server answering as smsbox does. The real Kannel is driven in tests/faults/sms-*.test.ts.

const PASSWORD = "s3cret&pass word";
let server: http.Server;
let base: string;
let requests: URL[];
let answer: { status: number; body: string; delayMs?: number };

beforeAll(async () => {
  server = http.createServer((req, res) => {
    requests.push(new URL(req.url ?? "/", "http://kannel"));
    setTimeout(() => res.writeHead(answer.status).end(answer.body), answer.delayMs ?? 0);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/cgi-bin/sendsms`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  requests = [];
  answer = { status: 202, body: "0: Accepted for delivery" };
});

const gateway = (overrides: Partial<ConstructorParameters<typeof KannelGateway>[0]> = {}) =>
  new KannelGateway({
    sendsmsUrl: base,
    username: "portal",
    password: PASSWORD,
    from: "12345",
    token: "tok/en+with=odd&charsé",
    publicUrl: "https://portal.example.org/water/",
    timeoutMs: 300,
    ...overrides,
  });
const ID = "0b9f3a52-6c1e-4d2b-9a57-3f0e9a1c2d11";

describe("the sendsms request", () => {
  it("carries the credentials, sender, receiver, text in UTF-8, delivery mask and report URL", async () => {
    // The dlr-url's "%" doubled: Kannel's escape for a "%" that is none of its codes (%d, %C, %A, ...).
    await gateway().send({ id: ID, to: "+254712345678", text: "Report WS-ABC123 received. Reply STATUS." });
    expect(requests).toHaveLength(1);
    const params = requests[0]!.searchParams;
    expect(Object.fromEntries(params)).toEqual({
      username: "portal",
      password: PASSWORD,
      from: "12345",
      to: "+254712345678",
      text: "Report WS-ABC123 received. Reply STATUS.",
      charset: "UTF-8",
      "dlr-mask": "7",
      "dlr-url": `https://portal.example.org/water/api/sms/kannel/delivery?token=tok%%2Fen%%2Bwith%%3Dodd%%26chars%%C3%%A9&id=${ID}&status=%d`,
    });
  });

  it("asks for UCS-2 (coding=2) when the text is not GSM-7: Arabic, Hindi", async () => {
    for (const text of ["تم استلام بلاغك WS-ABC123", "आपकी शिकायत WS-ABC123 मिली"]) {
      await gateway().send({ id: ID, to: "+254712345678", text });
    }
    expect(requests.map((url) => [url.searchParams.get("coding"), url.searchParams.get("text")])).toEqual([
      ["2", "تم استلام بلاغك WS-ABC123"],
      ["2", "आपकी शिकायत WS-ABC123 मिली"],
    ]);
  });

  it("leaves GSM-7 text (accents and € included) in the default coding", async () => {
    await gateway().send({ id: ID, to: "+254712345678", text: "Où est l'eau? 5€ [ok] é" });
    expect(requests[0]!.searchParams.has("coding")).toBe(false);
  });
});

describe("Kannel's answer", () => {
  it.each([
    [202, "0: Accepted for delivery"],
    [202, "3: Queued for later delivery"],
    [200, "0: Accepted for delivery\n"],
  ])("%s %j is accepted", async (status, body) => {
    answer = { status, body };
    await expect(gateway().send({ id: ID, to: "+254712345678", text: "hi" })).resolves.toBeUndefined();
  });

  it.each([
    [400, "Receiver number not valid", "message"],
    [403, "Authorization failed for sendsms", "gateway"],
    [503, "Service unavailable", "gateway"],
    [202, "4: Something else", "gateway"],
    [200, "<html>proxy page</html>", "gateway"],
  ])("%s %j is a failure (scope %s), naming the answer but never the password", async (status, body, scope) => {
    answer = { status, body };
    const error = await gateway()
      .send({ id: ID, to: "+254712345678", text: "hi" })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(SmsGatewayError);
    expect((error as SmsGatewayError).scope).toBe(scope);
    expect((error as Error).message).toContain(String(status));
    expect((error as Error).message).not.toContain("s3cret");
  });

  it("no answer within the timeout is a gateway failure", async () => {
    answer = { status: 202, body: "0: Accepted for delivery", delayMs: 2_000 };
    const error = await gateway({ timeoutMs: 100 })
      .send({ id: ID, to: "+254712345678", text: "hi" })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(SmsGatewayError);
    expect((error as SmsGatewayError).scope).toBe("gateway");
    expect((error as Error).message).toMatch(/no answer/);
  });

  it("a refused connection is a gateway failure, without the URL (which holds the password)", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await gateway({ sendsmsUrl: `http://127.0.0.1:${port}/cgi-bin/sendsms` })
      .send({ id: ID, to: "+254712345678", text: "hi" })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect((error as SmsGatewayError).scope).toBe("gateway");
    expect((error as Error).message).toMatch(/ECONNREFUSED/);
    expect((error as Error).message).not.toContain("s3cret");
    expect(gateway().description).not.toContain("s3cret");
  });
});
