import { afterAll, beforeAll, expect, it, vi } from "vitest";
import type { FastifyBaseLogger } from "fastify";
import { startMaintenance } from "#server/maintenance/maintenance.ts";
import { LocalImageStore } from "#server/storage/local-image-store.ts";
import { createTestApp, postGrievance, validFields, type TestApp } from "./test-app.ts";

// The retention run in the maintenance (docs/decisions/042-privacy-and-retention.md): at start-up, then on every 24th
// hourly round, recorded in the audit log as the portal's own ("system"). Only setInterval is faked: the database's
// own work runs as it does.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it("runs at start-up and then daily, erasing what is due each time", async () => {
  vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
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
  const stop = startMaintenance({
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
  try {
    await vi.waitFor(async () => expect(await runs()).toBe(1), { timeout: 20_000 });
    expect(await emailOf(first)).toBeNull();

    const second = await resolvedReport();
    // 23 hourly rounds: housekeeping each time, no retention run.
    for (let hour = 1; hour <= 23; hour++) {
      const before = rounds.length;
      vi.advanceTimersByTime(60 * 60 * 1000);
      await vi.waitFor(() => expect(rounds.length).toBeGreaterThan(before), { timeout: 20_000 });
    }
    expect(await runs()).toBe(1);
    expect(await emailOf(second)).toBe(validFields.user_email);
    // The 24th: the daily run.
    vi.advanceTimersByTime(60 * 60 * 1000);
    await vi.waitFor(async () => expect(await runs()).toBe(2), { timeout: 20_000 });
    expect(await emailOf(second)).toBeNull();
  } finally {
    await stop();
    vi.useRealTimers();
  }
}, 120_000);
