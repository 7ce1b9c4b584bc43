import type { FastifyBaseLogger } from "fastify";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import {
  deliveryPlugin,
  outboxJob,
  startLoop,
  type FailureScope,
  type OutboxChannel,
  type OutboxMessage,
} from "#server/delivery/index.ts";

// The delivery runtime (src/server/delivery/, docs/decisions/046-one-delivery-runtime.md) without a database: the
// loop's rounds, its bounded stop, its plugin's tie to app.close(), and the outbox driver's decisions with a channel
// that records what it is asked to do.

const quiet = { info() {}, warn() {}, error() {}, debug() {} } as unknown as FastifyBaseLogger;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the loop", () => {
  it("never starts a round while the last one runs, and an explicit run waits for it", async () => {
    const loop = startLoop({ logger: quiet });
    let running = 0;
    let most = 0;
    let rounds = 0;
    const job = loop.add({
      name: "slow",
      everyMs: 5,
      firstAfterMs: 0,
      async run() {
        running++;
        most = Math.max(most, running);
        await sleep(30);
        running--;
        return ++rounds;
      },
    });
    await sleep(20);
    const explicit = await job.runOnce();
    await sleep(100);
    await loop.stop();
    expect(most).toBe(1);
    expect(explicit).toBeGreaterThanOrEqual(2);
    const after = rounds;
    await sleep(40);
    expect(rounds).toBe(after);
  });

  it("goes on after a round that threw, after afterFailureMs", async () => {
    const loop = startLoop({ logger: quiet });
    let calls = 0;
    loop.add({
      name: "flaky",
      everyMs: 10_000,
      firstAfterMs: 0,
      afterFailureMs: 5,
      async run() {
        calls++;
        if (calls === 1) throw new Error("first round fails");
      },
    });
    await sleep(80);
    await loop.stop();
    expect(calls).toBe(2);
  });

  it("stops within stopWaitMs even when a round hangs, then closes its jobs", async () => {
    const loop = startLoop({ logger: quiet, stopWaitMs: 50 });
    let closed = false;
    loop.add({
      name: "hangs",
      everyMs: 1,
      firstAfterMs: 0,
      run: () => new Promise(() => {}),
      close: () => (closed = true),
    });
    await sleep(10);
    const started = Date.now();
    await loop.stop();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(closed).toBe(true);
  });

  it("starts with the app's listen and stops with app.close()", async () => {
    const app = Fastify();
    let rounds = 0;
    let closed = false;
    await app.register(deliveryPlugin, {
      jobs: () => [
        { name: "tick", everyMs: 5, firstAfterMs: 0, run: async () => rounds++, close: () => (closed = true) },
      ],
    });
    await app.ready();
    await sleep(30);
    expect(rounds).toBe(0);
    await app.listen({ host: "127.0.0.1", port: 0 });
    await sleep(60);
    expect(rounds).toBeGreaterThan(0);
    await app.close();
    expect(closed).toBe(true);
    const after = rounds;
    await sleep(40);
    expect(rounds).toBe(after);
  });
});

interface Fake extends OutboxMessage {
  to: string;
}

/** A channel over an in-memory queue that fails as `failures` says, recording each call. */
function fakeChannel(queue: Fake[], failures: Record<string, FailureScope> = {}) {
  const calls: string[] = [];
  const channel: OutboxChannel<Fake> = {
    name: "fake",
    claim: async (limit) => queue.splice(0, limit).map((message) => ({ ...message, attempts: message.attempts + 1 })),
    withheld: (message) => (message.to === "stopped" ? { reason: "stopped", cause: "stopped" } : undefined),
    async send(message) {
      const scope = failures[message.id];
      if (scope) throw Object.assign(new Error(`down: ${message.id}`), { scope });
      calls.push(`send ${message.id}`);
    },
    scopeOf: (error) => (error as { scope: FailureScope }).scope,
    destinationOf: (message) => message.to,
    markSent: async (message) => void calls.push(`sent ${message.id}`),
    markFailed: async (message, _reason, cause) => void calls.push(`failed ${message.id} ${cause}`),
    retry: async (messages, _reason, delayMs, uncount) =>
      void calls.push(`retry ${messages.map((m) => m.id).join(",")} ${delayMs} ${uncount ? "uncounted" : "counted"}`),
  };
  return { channel, calls };
}

const message = (id: string, to: string, attempts = 0): Fake => ({ id, to, attempts });
const options = { logger: quiet, baseDelayMs: 100, maxDelayMs: 1_000, maxAttempts: 3 };

describe("the outbox driver", () => {
  it("sends and marks each message in order, and gives up a withheld one unsent", async () => {
    const { channel, calls } = fakeChannel([message("a", "x"), message("b", "stopped"), message("c", "y")]);
    expect(await outboxJob(channel, options).run()).toBe(2);
    expect(calls).toEqual(["send a", "sent a", "failed b stopped", "send c", "sent c"]);
  });

  it("a refused message is retried with backoff, and later messages to its destination wait behind it", async () => {
    const queue = [message("a", "x", 1), message("b", "x"), message("c", "y")];
    const { channel, calls } = fakeChannel(queue, { a: "message" });
    expect(await outboxJob(channel, options).run()).toBe(1);
    // a's second attempt: 100 * 2 = 200 ms; b waits as long, its attempt taken back; c, elsewhere, goes.
    expect(calls).toEqual(["retry a 200 counted", "retry b 200 uncounted", "send c", "sent c"]);
  });

  it("gives a refused message up after maxAttempts", async () => {
    const { channel, calls } = fakeChannel([message("a", "x", 2), message("b", "x")], { a: "message" });
    await outboxJob(channel, options).run();
    expect(calls).toEqual(["failed a refused", "send b", "sent b"]);
  });

  it("a destination down holds its own messages only", async () => {
    const queue = [message("a", "x"), message("b", "y"), message("c", "x")];
    const { channel, calls } = fakeChannel(queue, { a: "destination" });
    await outboxJob(channel, options).run();
    expect(calls).toEqual(["retry a 100 uncounted", "send b", "sent b", "retry c 100 uncounted"]);
  });

  it("the channel down: the round stops, what is left waits uncounted, and nothing is claimed until the delay", async () => {
    const queue = [message("a", "x"), message("b", "y"), message("c", "z")];
    const failures: Record<string, FailureScope> = { b: "channel" };
    const { channel, calls } = fakeChannel(queue, failures);
    const job = outboxJob(channel, options);
    expect(await job.run()).toBe(1);
    expect(calls).toEqual(["send a", "sent a", "retry b,c 100 uncounted"]);
    queue.push(message("d", "x"));
    expect(await job.run()).toBe(0);
    expect(queue.map((m) => m.id)).toEqual(["d"]);
    await sleep(120);
    expect(await job.run()).toBe(1);
  });
});
