import { afterAll, beforeAll, expect, it, vi } from "vitest";
import type { FastifyBaseLogger } from "fastify";
import { startLoop, type LoopTimers } from "#server/delivery/index.ts";
import { maintenanceJobs } from "#server/maintenance/maintenance.ts";
import { LocalImageStore } from "#server/storage/local-image-store.ts";
import { createTestApp, postGrievance, validFields, type TestApp } from "./test-app.ts";

// The retention run in the maintenance (docs/decisions/042-privacy-and-retention.md): at start-up, then daily beside
// the hourly housekeeping, recorded in the audit log as the portal's own ("system"). Only the loop's timers are the
// test's (delivery/loop.ts): the database's own work runs as it does.

/** The loop's timers on a clock the test moves: advance() fires what falls due, in order. */
function manualTimers(): LoopTimers & { advance(ms: number): void } {
  let clock = 0;
  let nextId = 0;
  const pending = new Map<number, { at: number; run: () => void }>();
  return {
    setTimeout(run, ms) {
      pending.set(++nextId, { at: clock + ms, run });
      return nextId;
    },
    clearTimeout: (id) => pending.delete(id as number),
    advance(ms) {
      clock += ms;
      const due = [...pending.entries()].filter(([, timer]) => timer.at <= clock).sort((a, b) => a[1].at - b[1].at);
      for (const [id, timer] of due) {
        pending.delete(id);
        timer.run();
      }
    },
  };
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it("runs at start-up and then daily, erasing what is due each time", async () => {
  const timers = manualTimers();
  const rounds: string[] = [];
  const log = (message: unknown, text?: string) => rounds.push(String(text ?? message));
  const logger = { info: log, debug: log, warn: log, error: log } as unknown as FastifyBaseLogger;
  const runs = async () =>
    (
      await t.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM audit_log WHERE action = 'retention.run' AND actor = 'system'",
      )
    ).rows[0]?.n;
  const resolvedReport = async () => {
    const res = await postGrievance(t.app, validFields);
    const { id } = res.json<{ id: string }>();
    await t.db.query("UPDATE grievances SET status = 'resolved', resolved_at = now() WHERE id = $1", [id]);
    return id;
  };
  const emailOf = async (id: string) =>
    (await t.db.query<{ user_email: string | null }>("SELECT user_email FROM grievances WHERE id = $1", [id])).rows[0]
      ?.user_email;

  const first = await resolvedReport();
  const loop = startLoop({ logger, timers });
  const jobs = maintenanceJobs({
    db: t.db,
    imageStore: new LocalImageStore(t.storageDir),
    orphanGraceMinutes: 60,
    logger,
    analyze: false,
    retention: {
      contactDays: 0,
      followersDays: 90,
      hiddenDays: 90,
      hiddenUpdatesDays: 90,
      auditDays: 2555,
      smsDays: 180,
      emailDays: 90,
    },
  });
  for (const job of jobs) loop.add(job);
  try {
    timers.advance(0);
    // Each job schedules its next round once its round has ended: wait for a round's last line before moving on.
    const ended = (line: string) => rounds.filter((text) => text.startsWith(line)).length;
    const housekeeping = () => ended("expired rate-limit counters");
    const retention = () => ended("Retention run:");
    await vi.waitFor(() => expect([housekeeping(), retention()]).toEqual([1, 1]), { timeout: 20_000 });
    expect(await runs()).toBe(1);
    expect(await emailOf(first)).toBeNull();

    const second = await resolvedReport();
    // 23 hourly rounds: housekeeping each time, no retention run.
    for (let hour = 1; hour <= 23; hour++) {
      timers.advance(60 * 60 * 1000);
      await vi.waitFor(() => expect(housekeeping()).toBe(hour + 1), { timeout: 20_000 });
    }
    expect(await runs()).toBe(1);
    expect(await emailOf(second)).toBe(validFields.user_email);
    // The 24th: the daily run.
    timers.advance(60 * 60 * 1000);
    await vi.waitFor(() => expect([housekeeping(), retention()]).toEqual([25, 2]), { timeout: 20_000 });
    expect(await runs()).toBe(2);
    expect(await emailOf(second)).toBeNull();
  } finally {
    await loop.stop();
  }
}, 120_000);
