import net from "node:net";
import pg from "pg";
import { describe, expect, it } from "vitest";
import {
  asDatabaseUnavailable,
  DatabaseUnavailableError,
  isDatabaseUnavailable,
} from "../../src/server/db/database-unavailable.ts";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it.each([
    ["server shut down (pg_ctl stop)", withCode("terminating connection due to administrator command", "57P01")],
    ["server crashed and restarts", withCode("terminating connection because of crash of another server process", "57P02")],
    ["server starting up", withCode("the database system is starting up", "57P03")],
    ["connection exception", withCode("connection failure", "08006")],
    ["could not establish connection", withCode("could not connect", "08001")],
    ["too many connections", withCode("sorry, too many clients already", "53300")],
    ["statement timeout", withCode("canceling statement due to statement timeout", "57014")],
    ["connection refused", withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED")],
    ["connection reset", withCode("read ECONNRESET", "ECONNRESET")],
    ["host unreachable", withCode("connect EHOSTUNREACH 10.0.0.9:5432", "EHOSTUNREACH")],
    ["lost connection", new Error("Connection terminated unexpectedly")],
    ["connect timeout", new Error("Connection terminated due to connection timeout", { cause: new Error("timeout expired") })],
    ["no free pooled connection in time", new Error("timeout exceeded when trying to connect")],
    ["no answer to a query (frozen server)", new Error("Query read timeout")],
    ["client broken by an earlier failure", new Error("Client has encountered a connection error and is not queryable")],
    ["already classified", new DatabaseUnavailableError(new Error("Query read timeout"))],
    ["wrapped refusal", new Error("request failed", { cause: withCode("connect ECONNREFUSED ::1:5432", "ECONNREFUSED") })],
    [
      "every address refused",
      new AggregateError([withCode("connect ECONNREFUSED ::1:5432", "ECONNREFUSED"), withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED")]),
    ],
  ])("%s: unavailable", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["unique violation", withCode('duplicate key value violates unique constraint "x"', "23505")],
    ["undefined table", withCode('relation "grievances" does not exist', "42P01")],
    ["syntax error", withCode('syntax error at or near "SELEC"', "42601")],
    ["invalid input", withCode('invalid input syntax for type uuid: "x"', "22P02")],
    ["wrong password (a configuration error, not an outage)", withCode('password authentication failed for user "portal"', "28P01")],
    ["our own bug", new TypeError("Cannot read properties of undefined (reading 'id')")],
    ["pool already closed (shutting down)", new Error("Cannot use a pool after calling end on the pool")],
    ["a message that only mentions a timeout", new Error("The image took too long: timeout exceeded")],
    ["a string", "ECONNREFUSED"],
    ["nothing", undefined],
    ["refused on one address only, a bug on the other", new AggregateError([withCode("refused", "ECONNREFUSED"), new Error("boom")])],
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
      const error = await client.connect().then(() => undefined, (e: unknown) => e);
      expect(error, host).toBeDefined();
      expect(isDatabaseUnavailable(error), host).toBe(true);
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
