import fs from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { makePng } from "../fixtures/images.ts";
import { spawnPortal, type PortalProcess } from "../support/portal-process.ts";

/**
 * What a proxy that probes liveness (Caddy, deploy/Caddyfile) sees of an instance that gets SIGTERM, without Caddy:
 * the test is the proxy. It probes `/api/health/live` every 250 ms and sends submits (on connections of their own)
 * only while the last probe said 200. Such a proxy cannot send a submit's body again, so not one submit it sends
 * may fail: the instance must say "stopping" on the probe first and go on serving until the proxy stopped sending.
 * tests/faults/scale-out.test.ts runs the same with two instances and a real Caddy.
 */

const PROBE_EVERY_MS = 250;
const SUBMITTERS = 3;

let portal: PortalProcess | undefined;
afterAll(async () => {
  if (!portal) return;
  portal.kill();
  await portal.exited;
  fs.rmSync(portal.dataDir, { recursive: true, force: true });
});

describe("an instance stopping behind a proxy that probes its liveness", () => {
  it("says so on the probe first and answers every request the proxy still sends", { timeout: 120_000 }, async () => {
    portal = await spawnPortal({ env: { SUBMISSIONS_PER_HOUR: "100000" } });
    const photo = await makePng(160, 120);
    let healthy = true;
    let probing = true;
    const signal = { sent: false };
    let stoppingSeenAt: number | undefined;
    const outcomes: { status: number; sentAfterSignal: boolean; error?: string }[] = [];

    const probe = (async () => {
      while (probing) {
        try {
          const response = await fetch(`${portal!.url}/api/health/live`, { signal: AbortSignal.timeout(2_000) });
          await response.arrayBuffer();
          healthy = response.status === 200;
        } catch {
          healthy = false;
        }
        if (!healthy) stoppingSeenAt ??= Date.now();
        await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
      }
    })();

    const submit = async () => {
      while (healthy) {
        const form = new FormData();
        form.append("title", "Pipe burst on Station Road");
        form.append("description", "Water has been running down Station Road since this morning.");
        form.append("category", "Infrastructure Problems");
        form.append("images", new Blob([new Uint8Array(photo)], { type: "image/png" }), "burst.png");
        const sentAfterSignal = signal.sent;
        try {
          const response = await fetch(`${portal!.url}/api/grievances`, {
            method: "POST",
            body: form,
            headers: { connection: "close" },
            signal: AbortSignal.timeout(15_000),
          });
          await response.arrayBuffer();
          outcomes.push({ status: response.status, sentAfterSignal });
        } catch (error) {
          outcomes.push({ status: 0, sentAfterSignal, error: String((error as Error).cause ?? error) });
        }
      }
    };

    // The prober has seen the instance before it stops, as a proxy has.
    await new Promise((resolve) => setTimeout(resolve, 3 * PROBE_EVERY_MS));
    const load = Array.from({ length: SUBMITTERS }, submit);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    signal.sent = true;
    portal.signalServer("SIGTERM");
    await Promise.all(load);
    const exit = await portal.exited;
    probing = false;
    await probe;

    expect(exit.code, portal.output()).toBe(0);
    expect(stoppingSeenAt, "the probe never said the instance was stopping").toBeDefined();
    expect(
      outcomes.filter((o) => o.sentAfterSignal).length,
      "no submit was sent between the signal and the probe",
    ).toBeGreaterThan(0);
    expect(outcomes.filter((o) => o.status !== 201)).toEqual([]);
  });
});
