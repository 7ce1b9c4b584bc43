import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import {
  asDatabaseUnavailable,
  DatabaseUnavailableError,
  isDatabaseUnavailable,
} from "#server/db/database-unavailable.ts";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it.each([
    ["server shut down (pg_ctl stop)", withCode("terminating connection due to administrator command", "57P01")],
    [
      "server crashed and restarts",
      withCode("terminating connection because of crash of another server process", "57P02"),
    ],
    ["server starting up", withCode("the database system is starting up", "57P03")],
    ["server shutting down", withCode("the database system is shutting down", "57P03")],
    ["server in recovery", withCode("the database system is in recovery mode", "57P03")],
    ["idle session closed by the server", withCode("terminating connection due to idle-session timeout", "57P05")],
    ["shutting down, the code lost on the way", new Error("the database system is shutting down")],
    ["starting up, the code lost on the way", new Error("the database system is starting up")],
    [
      "administrator command, the code lost on the way",
      new Error("terminating connection due to administrator command"),
    ],
    ["connection does not exist", withCode("connection does not exist", "08003")],
    ["protocol violation", withCode("protocol violation", "08P01")],
    ["Unix socket gone (server stopped)", withCode("connect ENOENT /var/run/postgresql/.s.PGSQL.5432", "ENOENT")],
    ["write to a closed connection", withCode("write EPIPE", "EPIPE")],
    ["connect timed out", withCode("connect ETIMEDOUT 10.0.0.9:5432", "ETIMEDOUT")],
    ["socket not connected", withCode("This socket is not connected", "ENOTCONN")],
    ["connection aborted", withCode("read ECONNABORTED", "ECONNABORTED")],
    ["connection exception", withCode("connection failure", "08006")],
    ["could not establish connection", withCode("could not connect", "08001")],
    ["too many connections", withCode("sorry, too many clients already", "53300")],
    ["statement timeout", withCode("canceling statement due to statement timeout", "57014")],
    ["connection refused", withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED")],
    ["connection reset", withCode("read ECONNRESET", "ECONNRESET")],
    ["host unreachable", withCode("connect EHOSTUNREACH 10.0.0.9:5432", "EHOSTUNREACH")],
    ["lost connection", new Error("Connection terminated unexpectedly")],
    [
      "connect timeout",
      new Error("Connection terminated due to connection timeout", { cause: new Error("timeout expired") }),
    ],
    ["no free pooled connection in time", new Error("timeout exceeded when trying to connect")],
    ["no answer to a query (frozen server)", new Error("Query read timeout")],
    [
      "client broken by an earlier failure",
      new Error("Client has encountered a connection error and is not queryable"),
    ],
    ["already classified", new DatabaseUnavailableError(new Error("Query read timeout"))],
    [
      "wrapped refusal",
      new Error("request failed", { cause: withCode("connect ECONNREFUSED ::1:5432", "ECONNREFUSED") }),
    ],
    [
      "every address refused",
      new AggregateError([
        withCode("connect ECONNREFUSED ::1:5432", "ECONNREFUSED"),
        withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"),
      ]),
    ],
  ])("%s: unavailable", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["unique violation", withCode('duplicate key value violates unique constraint "x"', "23505")],
    ["undefined table", withCode('relation "grievances" does not exist', "42P01")],
    ["syntax error", withCode('syntax error at or near "SELEC"', "42601")],
    ["invalid input", withCode('invalid input syntax for type uuid: "x"', "22P02")],
    [
      "wrong password (a configuration error, not an outage)",
      withCode('password authentication failed for user "portal"', "28P01"),
    ],
    ["a file that is not there (not a connection)", new TypeError("ENOENT: no such file or directory, open 'x'")],
    ["a message that only mentions shutting down", new Error("the portal is shutting down")],
    ["our own bug", new TypeError("Cannot read properties of undefined (reading 'id')")],
    ["pool already closed (shutting down)", new Error("Cannot use a pool after calling end on the pool")],
    ["a message that only mentions a timeout", new Error("The image took too long: timeout exceeded")],
    ["a string", "ECONNREFUSED"],
    ["nothing", undefined],
    [
      "refused on one address only, a bug on the other",
      new AggregateError([withCode("refused", "ECONNREFUSED"), new Error("boom")]),
    ],
    ["an empty AggregateError", new AggregateError([])],
  ])("%s: not unavailable", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it("stops following a cycle of causes", () => {
    const a = new Error("a");
    const b = new Error("b", { cause: a });
    Object.assign(a, { cause: b });
    expect(isDatabaseUnavailable(a)).toBe(false);
  });

  it("recognises what pg really throws when nothing listens on the port", async () => {
    const port = await closedPort();
    for (const host of ["127.0.0.1", "localhost"]) {
      const client = new pg.Client({ host, port, user: "portal", database: "portal", connectionTimeoutMillis: 5_000 });
      const error = await client.connect().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error, host).toBeDefined();
      expect(isDatabaseUnavailable(error), host).toBe(true);
    }
  });
});

describe("what pg and its pool really throw", () => {
  it("over a Unix socket whose server is not running (ENOENT)", async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "no-postgres-"));
    try {
      // As in DATABASE_URL=postgres://portal@/portal?host=/var/run/postgresql on a VM whose server is stopped.
      const client = new pg.Client({
        connectionString: `postgres://portal@/portal?host=${folder}`,
        connectionTimeoutMillis: 5_000,
      });
      const error = await client.connect().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect((error as { code?: string }).code).toBe("ENOENT");
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it("from a pool whose every connection is taken (timeout exceeded when trying to connect)", async () => {
    // A server that accepts connections and never answers: the pool's one connection hangs, the next waits.
    const accepted: net.Socket[] = [];
    const silent = net.createServer((socket) => accepted.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as net.AddressInfo).port;
    const pool = new pg.Pool({ host: "127.0.0.1", port, user: "portal", max: 1, connectionTimeoutMillis: 200 });
    pool.on("error", () => undefined);
    try {
      const [first, second] = await Promise.allSettled([pool.connect(), pool.connect()]);
      for (const result of [first, second]) {
        expect(result.status).toBe("rejected");
        expect(
          isDatabaseUnavailable((result as PromiseRejectedResult).reason),
          String((result as PromiseRejectedResult).reason),
        ).toBe(true);
      }
    } finally {
      for (const socket of accepted) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

describe("asDatabaseUnavailable", () => {
  it("wraps an unavailable database's error, keeping it as the cause", () => {
    const original = withCode("terminating connection due to administrator command", "57P01");
    const wrapped = asDatabaseUnavailable(original);
    expect(wrapped).toBeInstanceOf(DatabaseUnavailableError);
    expect((wrapped as Error).cause).toBe(original);
    expect((wrapped as Error).message).toContain("administrator command");
  });

  it("leaves every other error as it is, and does not wrap twice", () => {
    const syntax = withCode("syntax error", "42601");
    expect(asDatabaseUnavailable(syntax)).toBe(syntax);
    const already = new DatabaseUnavailableError(new Error("Query read timeout"));
    expect(asDatabaseUnavailable(already)).toBe(already);
  });
});

/** A loopback port nothing listens on (it was free a moment ago). */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}
