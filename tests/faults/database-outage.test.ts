import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DatabaseUnavailableError } from "#server/db/database-unavailable.ts";
import { openPostgresDatabase, POSTGRES_LIMITS } from "#server/db/postgres-database.ts";
import { MESSAGES } from "#shared/messages.ts";
import { createTestApp, postGrievance, storedFiles } from "../api/test-app.ts";
import { spawnPortal, type PortalProcess } from "../support/portal-process.ts";
import { makePng } from "../fixtures/images.ts";
import { postgresAvailable, startThrowawayPostgres, type ThrowawayPostgres } from "../support/throwaway-postgres.ts";

// A request that hangs fails the test here instead of running into the test's own timeout. Far above the
// portal's database timeouts: this checks that an answer comes, not how fast.
const ANSWER_WITHIN_MS = 15_000;

const fields = {
  title: "Pipe burst on Station Road",
  description: "Water has been running down Station Road since this morning.",
  category: "Infrastructure Problems",
  priority: "urgent",
  location: "Station Road 3",
};

interface Answer {
  status: number;
  retryAfter: string | null;
  body: { message?: unknown; id?: unknown } | undefined;
}

const unavailable = { status: 503, retryAfter: expect.stringMatching(/^\d+$/), message: MESSAGES.serviceUnavailable };

// Over TCP, and over the server's Unix socket (`?host=/var/run/postgresql`, as on a VM with systemd): a stopped
// server's socket file is gone, and connecting fails with ENOENT rather than ECONNREFUSED.
describe.skipIf(!postgresAvailable()).each([
  ["TCP", "url"],
  ["its Unix socket", "socketUrl"],
] as const)("the portal process while its PostgreSQL server (reached over %s) stops or freezes", (_over, address) => {
  let postgres: ThrowawayPostgres | undefined;
  let portal: PortalProcess | undefined;
  let portalExited = false;
  let grievanceId = "";
  let image: Buffer;

  async function call(pathname: string, init: RequestInit = {}): Promise<Answer> {
    const response = await fetch(`${portal!.url}${pathname}`, {
      ...init,
      signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
    });
    const text = await response.text();
    expect(response.headers.get("content-type"), `${pathname} answers JSON`).toMatch(/^application\/json/);
    return { status: response.status, retryAfter: response.headers.get("retry-after"), body: JSON.parse(text) };
  }

  function submit(): Promise<Answer> {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append("images", new Blob([new Uint8Array(image)], { type: "image/png" }), "burst.png");
    return call("/api/grievances", { method: "POST", body: form });
  }

  // Every kind of request that needs the database: public reads, the submit form, and a staff route.
  const needingTheDatabase = (): Record<string, () => Promise<Answer>> => ({
    list: () => call("/api/grievances"),
    details: () => call(`/api/grievances/${grievanceId}`),
    progress: () => call(`/api/grievances/${grievanceId}/progress`),
    stats: () => call("/api/stats"),
    submit,
    "staff sign-in": () =>
      call("/api/staff/session", {
        method: "POST",
        headers: { origin: portal!.url, "content-type": "application/json" },
        body: JSON.stringify({ email: "nobody@utility.example", password: "not anybody's password" }),
      }),
  });

  /** Every request at once (so a frozen server costs one timeout, not one each); name → what came back. */
  async function askAll(): Promise<Record<string, Omit<Answer, "body"> & { message: unknown }>> {
    const entries = Object.entries(needingTheDatabase());
    const answers = await Promise.all(entries.map(([, request]) => request()));
    return Object.fromEntries(
      entries.map(([name], index) => {
        const { status, retryAfter, body } = answers[index]!;
        return [name, { status, retryAfter, message: body?.message }];
      }),
    );
  }

  const imageFiles = async () => (await storedFiles(path.join(portal!.dataDir, "storage"))).sort();

  async function expectUnavailable(): Promise<void> {
    const filesBefore = await imageFiles();
    const answers = await askAll();
    expect(answers).toEqual(Object.fromEntries(Object.keys(answers).map((name) => [name, unavailable])));
    expect((await call("/api/health")).status).toBe(503);
    // The refused submit left no image behind.
    expect(await imageFiles()).toEqual(filesBefore);
  }

  async function expectServing(): Promise<void> {
    const answers = await askAll();
    const statuses = Object.fromEntries(Object.entries(answers).map(([name, answer]) => [name, answer.status]));
    expect(statuses).toEqual({
      list: 200,
      details: 200,
      progress: 200,
      stats: 200,
      submit: 201,
      // No such account: the database was asked and said so.
      "staff sign-in": 401,
    });
    expect((await call("/api/health")).status).toBe(200);
  }

  beforeAll(async () => {
    image = await makePng(64, 48);
    postgres = await startThrowawayPostgres();
    // As `npm start` starts it (it may build the web app first).
    // Each serving check signs in with a wrong password once; that must not lock the test's address out.
    portal = await spawnPortal({
      env: {
        DATABASE_URL: postgres[address],
        SIGN_IN_MAX_FAILURES: "1000",
        SIGN_IN_MAX_ACCOUNT_FAILURES: "1000",
        SIGN_IN_MAX_ADDRESS_FAILURES: "1000",
      },
    });
    void portal.exited.then(() => (portalExited = true));
    const created = await submit();
    expect(created.status).toBe(201);
    grievanceId = String(created.body?.id);
  }, 120_000);

  afterAll(async () => {
    await portal?.stop();
    await postgres?.destroy();
    if (portal) fs.rmSync(portal.dataDir, { recursive: true, force: true });
  });

  it("answers 503 with a message while the server is stopped, and keeps running", async () => {
    // Connections waiting in the pool when the server goes away used to crash the process.
    await expectServing();
    await postgres!.stop();
    await expectUnavailable();
    expect(portalExited, portal!.output()).toBe(false);
  });

  it("serves again once the server is back, without being restarted", async () => {
    await postgres!.start();
    await expectServing();
  });

  it("answers 503 with a message while the server is frozen", async () => {
    await expectServing();
    postgres!.freeze();
    try {
      await expectUnavailable();
    } finally {
      postgres!.thaw();
    }
    expect(portalExited, portal!.output()).toBe(false);
  });

  it("serves again once the server answers again", async () => {
    await expectServing();
  });
});

describe("submitting while the database is unavailable", () => {
  it("answers 503 and removes the images it had stored", async () => {
    const test = await createTestApp({
      repository: (real) =>
        Object.assign(Object.create(real) as typeof real, {
          insert: async () => {
            throw new DatabaseUnavailableError(new Error("Connection terminated unexpectedly"));
          },
        }),
    });
    try {
      const res = await postGrievance(test.app, fields, [
        { filename: "burst.png", bytes: await makePng(), type: "image/png" },
      ]);
      expect(res.statusCode).toBe(503);
      expect(res.headers["retry-after"]).toMatch(/^\d+$/);
      expect(res.json()).toEqual({ message: MESSAGES.serviceUnavailable, requestId: res.headers["x-request-id"] });
      expect(await storedFiles(test.storageDir)).toEqual([]);
    } finally {
      await test.close();
    }
  });
});

describe.skipIf(!postgresAvailable())("time limits on a PostgreSQL server", () => {
  it("stop a statement that runs too long, but never a script (a migration building an index may take minutes)", async () => {
    const postgres = await startThrowawayPostgres();
    const db = await openPostgresDatabase(postgres.url);
    try {
      const tooLong = `SELECT pg_sleep(${(POSTGRES_LIMITS.statementMs + 300) / 1000})`;
      const [query, inTransaction, script, scriptInTransaction] = await Promise.allSettled([
        db.query(tooLong),
        db.transaction((tx) => tx.query(tooLong)),
        db.exec(`${tooLong}; SELECT 1`),
        db.transaction(async (tx) => {
          await tx.exec(tooLong);
          return (await tx.query<{ n: number }>("SELECT 1 AS n")).rows[0]?.n;
        }),
      ]);
      expect(query.status === "rejected" && query.reason).toBeInstanceOf(DatabaseUnavailableError);
      expect(inTransaction.status === "rejected" && inTransaction.reason).toBeInstanceOf(DatabaseUnavailableError);
      expect(script).toEqual({ status: "fulfilled", value: undefined });
      expect(scriptInTransaction).toEqual({ status: "fulfilled", value: 1 });
      // The lifted limit ended with its script: every pooled connection has the limit again.
      const settings = await Promise.all(
        [1, 2, 3, 4].map(() =>
          db.query<{ ms: string }>("SELECT setting AS ms FROM pg_settings WHERE name = 'statement_timeout'"),
        ),
      );
      expect(settings.map(({ rows }) => Number(rows[0]?.ms))).toEqual(Array(4).fill(POSTGRES_LIMITS.statementMs));
    } finally {
      await db.close();
      await postgres.destroy();
    }
  });
});
