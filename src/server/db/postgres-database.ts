import pg from "pg";
import type { Database, Queryable } from "./database.ts";
import { asDatabaseUnavailable, isDatabaseUnavailable } from "./database-unavailable.ts";

/**
 * How long a request may wait on the server. Without limits a stopped server fails fast but a frozen one (no
 * answer at all: a stuck host, a cut network) holds every request forever. Settings in DATABASE_URL's query string
 * (`?statement_timeout=…&query_timeout=…`) take precedence over these.
 */
export const POSTGRES_LIMITS = {
  /** Opening a connection, or waiting for a free one in the pool. */
  connectMs: 2_000,
  /** The server cancels a statement that runs longer; the connection stays usable. */
  statementMs: 3_000,
  /** The client gives up a little later, for a server that cannot answer at all; that connection is discarded. */
  queryMs: 3_500,
  /** A transaction left open by a bug must not hold its locks for long. */
  idleInTransactionMs: 30_000,
  /** Notices a silently dropped connection (firewall, host gone) while it sits in the pool. */
  keepAliveMs: 10_000,
};

// Scripts (migrations) may build an index over a large table: no limit short of setTimeout's maximum (24 days).
const SCRIPT_QUERY_MS = 2 ** 31 - 1;

export async function openPostgresDatabase(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: POSTGRES_LIMITS.connectMs,
    statement_timeout: POSTGRES_LIMITS.statementMs,
    query_timeout: POSTGRES_LIMITS.queryMs,
    idle_in_transaction_session_timeout: POSTGRES_LIMITS.idleInTransactionMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: POSTGRES_LIMITS.keepAliveMs,
  });
  // An unhandled 'error' event ends the process. The pool drops an idle connection that fails (server restarted,
  // connection terminated) and opens a new one when next needed, so losing one is worth a log line, no more.
  pool.on("error", (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
  // A connection taken from the pool has no listener of the pool's; its failure also fails its current or next
  // query, which reports it.
  pool.on("connect", (client) => client.on("error", () => undefined));

  // Fail at start-up, with the server's own message, rather than at the first request.
  const client = await pool.connect();
  client.release();
  return {
    kind: "postgres",
    query: queryOf(pool),
    async exec(sql) {
      const session = await unavailableAs(pool.connect());
      try {
        await unavailableAs(session.query("SET statement_timeout = 0"));
        await unavailableAs(session.query(scriptConfig(sql)));
      } finally {
        // Its session has no statement timeout now: not for the next request.
        session.release(true);
      }
    },
    async transaction(work) {
      const tx = await unavailableAs(pool.connect());
      let discard = false;
      try {
        await tx.query("BEGIN");
        const result = await work(transactionQueryable(tx));
        await tx.query("COMMIT");
        return result;
      } catch (error) {
        // A connection that failed mid-transaction is discarded, which rolls it back; asking it to roll back
        // would only wait for another timeout.
        discard =
          isDatabaseUnavailable(error) ||
          !(await tx.query("ROLLBACK").then(
            () => true,
            () => false,
          ));
        throw asDatabaseUnavailable(error);
      } finally {
        tx.release(discard);
      }
    },
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

async function unavailableAs<T>(pending: Promise<T>): Promise<T> {
  try {
    return await pending;
  } catch (error) {
    throw asDatabaseUnavailable(error);
  }
}

// pg types rows loosely; the repositories name the row shape they select.
function queryOf(runner: pg.Pool | pg.PoolClient): Queryable["query"] {
  return async <Row>(sql: string, params?: unknown[]) =>
    (await unavailableAs(runner.query(sql, params))) as unknown as { rows: Row[] };
}

function transactionQueryable(tx: pg.PoolClient): Queryable {
  return {
    query: queryOf(tx),
    async exec(sql) {
      // Ends with the transaction.
      await unavailableAs(tx.query("SET LOCAL statement_timeout = 0"));
      await unavailableAs(tx.query(scriptConfig(sql)));
    },
  };
}

// Without parameters pg uses the simple protocol, which accepts several statements.
function scriptConfig(sql: string): pg.QueryConfig {
  return { text: sql, query_timeout: SCRIPT_QUERY_MS } as pg.QueryConfig;
}
