import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { buildApp } from "#server/app.ts";
import * as password from "#server/auth/password.ts";
import { LocalImageStore } from "#server/storage/local-image-store.ts";
import { createTestApp, type TestApp } from "../test-app.ts";
import { addStaff, resetData, SAME_ORIGIN, STAFF_EMAIL, STAFF_PASSWORD } from "./staff-helpers.ts";

/**
 * The sign-in throttle (src/server/auth/sign-in-throttle-repository.ts, decision 005): parallel attempts cannot have more
 * passwords checked than the limit, two instances on one database share it, and the limit per account and address
 * does not lock the owner out from elsewhere. Every password check is counted (the module's own functions, wrapped).
 * The windows run on a clock the test moves.
 */

vi.mock("#server/auth/password.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("#server/auth/password.ts")>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword), verifyAgainstDummy: vi.fn(real.verifyAgainstDummy) };
});

const checks = () =>
  vi.mocked(password.verifyPassword).mock.calls.length + vi.mocked(password.verifyAgainstDummy).mock.calls.length;

const START = new Date("2026-11-25T12:00:00Z").getTime();
let clock = START;
const now = () => new Date(clock);

let t: TestApp;
/** A second portal on the same database, as a second instance behind the proxy would be. */
let other: FastifyInstance;
beforeAll(async () => {
  // The configured ceilings, written out so the figures below read plainly.
  t = await createTestApp({
    now,
    config: {
      signInMaxFailures: 5,
      signInMaxAccountFailures: 20,
      signInMaxAddressFailures: 20,
      signInWindowMinutes: 15,
    },
  });
  other = await buildApp({
    config: t.config,
    db: t.db,
    imageStore: new LocalImageStore(t.storageDir),
    logger: false,
    now,
  });
  await other.ready();
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});
beforeEach(async () => {
  clock = START;
  await t.db.query("TRUNCATE staff_sign_in_counters");
  await resetData(t.db);
  await addStaff(t.db);
  vi.mocked(password.verifyPassword).mockClear();
  vi.mocked(password.verifyAgainstDummy).mockClear();
});

const attempt = (pass: string, remoteAddress = "198.51.100.1", email = STAFF_EMAIL, app: FastifyInstance = t.app) =>
  app.inject({
    method: "POST",
    url: "/api/staff/session",
    headers: SAME_ORIGIN,
    remoteAddress,
    payload: { email, password: pass },
  });

const WRONG = "wrong password, long enough";
const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((all, s) => ({ ...all, [s]: (all[s] ?? 0) + 1 }), {});

describe("parallel attempts", () => {
  it.each([40, 60])(
    "%i at once from one address, on two instances: 5 passwords checked, then the right one is refused",
    async (n) => {
      const answers = await Promise.all(
        Array.from({ length: n }, (_, i) => attempt(WRONG, "198.51.100.1", STAFF_EMAIL, i % 2 === 0 ? t.app : other)),
      );
      expect(tally(answers.map((a) => a.statusCode))).toEqual({ 401: 5, 429: n - 5 });
      expect(checks()).toBe(5);
      const right = await attempt(STAFF_PASSWORD);
      expect(right.statusCode).toBe(429);
      expect(right.cookies).toHaveLength(0);
      expect(checks()).toBe(5);
    },
  );

  it("60 at once from 60 addresses: the account's own ceiling (20) holds, and the right password is refused after", async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        attempt(WRONG, `203.0.113.${i + 1}`, STAFF_EMAIL, i % 2 === 0 ? t.app : other),
      ),
    );
    expect(tally(answers.map((a) => a.statusCode))).toEqual({ 401: 20, 429: 40 });
    expect(checks()).toBe(20);
    expect((await attempt(STAFF_PASSWORD, "192.0.2.200")).statusCode).toBe(429);
    expect(checks()).toBe(20);
  });
});

describe("per account and address, per account, per address", () => {
  it("five failures from one address stop that address, and the owner still signs in from another", async () => {
    for (let i = 0; i < 5; i++) expect((await attempt(WRONG, "198.51.100.66")).statusCode).toBe(401);
    const refused = await attempt(STAFF_PASSWORD, "198.51.100.66");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe("Too many failed sign-in attempts. Please try again in 15 minutes.");
    expect(Number(refused.headers["retry-after"])).toBe(15 * 60);
    const owner = await attempt(STAFF_PASSWORD, "192.0.2.10", STAFF_EMAIL, other);
    expect(owner.statusCode).toBe(200);
    // The owner's success does not reopen the guesser's address.
    expect((await attempt(STAFF_PASSWORD, "198.51.100.66")).statusCode).toBe(429);
  });

  it("an address trying many accounts is stopped at its own ceiling (20), other addresses are not", async () => {
    await addStaff(t.db, "second@water.example");
    for (let i = 0; i < 20; i++)
      expect((await attempt(WRONG, "192.0.2.7", `guess${i}@x.example`)).statusCode).toBe(401);
    expect((await attempt(STAFF_PASSWORD, "192.0.2.7", "second@water.example")).statusCode).toBe(429);
    expect((await attempt(STAFF_PASSWORD, "192.0.2.8", "second@water.example")).statusCode).toBe(200);
  });

  it("a success forgives the account's failures, so the owner's later typos count from zero", async () => {
    for (let i = 0; i < 4; i++) expect((await attempt(WRONG)).statusCode).toBe(401);
    expect((await attempt(STAFF_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await attempt(WRONG)).statusCode).toBe(401);
    expect((await attempt(STAFF_PASSWORD)).statusCode).toBe(200);
  });
});

describe("the window (on the test's clock)", () => {
  it("refuses until the window from the first failure ends, then lets the right password in", async () => {
    for (let i = 0; i < 5; i++) {
      expect((await attempt(WRONG)).statusCode).toBe(401);
      clock += 60_000;
    }
    // 5 minutes after the first failure: 10 minutes to go.
    const refused = await attempt(STAFF_PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBe(10 * 60);
    clock = START + 15 * 60_000 - 1_000;
    expect((await attempt(STAFF_PASSWORD)).statusCode).toBe(429);
    clock = START + 15 * 60_000;
    expect((await attempt(STAFF_PASSWORD)).statusCode).toBe(200);
  });

  it("counts afresh in a new window", async () => {
    for (let i = 0; i < 4; i++) expect((await attempt(WRONG)).statusCode).toBe(401);
    clock += 16 * 60_000;
    for (let i = 0; i < 5; i++) expect((await attempt(WRONG)).statusCode).toBe(401);
    expect((await attempt(STAFF_PASSWORD)).statusCode).toBe(429);
  });
});
