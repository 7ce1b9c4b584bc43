import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiError } from "#shared/api-types.ts";
import { buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import type { Database } from "#server/db/database.ts";
import { LocalImageStore } from "#server/storage/local-image-store.ts";
import { addStaff, SAME_ORIGIN, sessionCookie, signIn, STAFF_EMAIL } from "./staff/staff-helpers.ts";
import { countRows, openTestDatabase, postGrievance } from "./test-app.ts";

/**
 * Two portals on one database, as when an operator runs several instances behind a load balancer: each app has
 * its own memory, so whatever must hold for the whole service has to live in the database.
 */
let root: string;
let db: Database;
let drop: () => Promise<void>;
let first: FastifyInstance;
let second: FastifyInstance;

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), "portal-instances-"));
  ({ db, drop } = await openTestDatabase());
  const config = {
    ...loadConfig({ DATA_DIR: root, LOG_LEVEL: "silent" }),
    webDir: path.join(root, "no-web"),
    submissionsPerHour: 3,
    signInMaxFailures: 3,
  };
  const imageStore = new LocalImageStore(config.storageDir);
  const build = () => buildApp({ config, db, imageStore, logger: false });
  [first, second] = await Promise.all([build(), build()]);
});

afterAll(async () => {
  await Promise.all([first.close(), second.close()]);
  await drop();
  await fs.rm(root, { recursive: true, force: true });
});

const fields = { title: "Leaking hydrant", description: "Water runs down the road.", category: "Leakage Issues" };

describe("several instances on one database", () => {
  it("share the submission limit: the limit holds for the service, not per instance", async () => {
    const statuses = [];
    for (const app of [first, second, first, second]) statuses.push((await postGrievance(app, fields)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429]);
    const refused = await postGrievance(first, fields);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<ApiError>().message).toMatch(/^Too many reports from your connection/);
    expect(await countRows(db)).toBe(3);
  });

  it("share sign-in throttling and sessions", async () => {
    await addStaff(db);
    for (const app of [first, second, first]) {
      expect((await signIn(app, STAFF_EMAIL, "wrong password, long enough")).statusCode).toBe(401);
    }
    // The fourth attempt, on the other instance, is refused even with the right password.
    expect((await signIn(second)).statusCode).toBe(429);
    await db.query("DELETE FROM staff_sign_in_counters");

    const cookie = sessionCookie(await signIn(first));
    const onSecond = await second.inject({ url: "/api/staff/session", headers: { ...SAME_ORIGIN, cookie } });
    expect(onSecond.statusCode).toBe(200);
  });
});
