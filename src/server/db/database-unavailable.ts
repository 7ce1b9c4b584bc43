/**
 * The database cannot be used right now (down, restarting, frozen, unreachable, overloaded): the request may
 * succeed later, so the API answers 503 rather than 500. Thrown by the PostgreSQL implementation in place of the
 * driver's error, which it keeps as `cause` for the log.
 */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`The database is unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = "DatabaseUnavailableError";
  }
}

// SQLSTATEs of a server that is going away or not taking work; class 08 (connection exception) is matched whole.
const UNAVAILABLE_SQLSTATES = new Set([
  "57P01", // admin_shutdown: pg_ctl stop, or the backend was terminated
  "57P02", // crash_shutdown: another backend crashed and the server restarts
  "57P03", // cannot_connect_now: starting up, shutting down, in recovery
  "57P05", // idle_session_timeout: the server closed a session the pool kept (PostgreSQL 14+)
  "53300", // too_many_connections
  // query_canceled: our statement_timeout fired. We never cancel on purpose, so the server is too slow to answer.
  "57014",
]);

// Node's socket errors for a server that is not there or went away. Over a Unix socket
// (`?host=/var/run/postgresql`, as on a VM) a stopped server's socket file is gone: ENOENT, not ECONNREFUSED.
const NETWORK_CODES = new Set([
  "ENOENT",
  "ENOTCONN",
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "EHOSTDOWN",
  "ENETUNREACH",
  "ENETDOWN",
  "EAI_AGAIN",
  "ENOTFOUND",
]);

// pg and pg-pool report lost connections and their own timeouts with plain messages and no code.
const DRIVER_MESSAGES = [
  /^Connection terminated/, // "… unexpectedly", "… due to connection timeout"
  /^timeout exceeded when trying to connect$/, // waited too long for a pooled connection
  /^timeout expired$/, // the client's connect timeout
  /^Query read timeout$/, // query_timeout: no answer at all (frozen server, cut network)
  /^Client has encountered a connection error and is not queryable$/,
  // The server's own words when it refuses work (its SQLSTATE, 57P01 or 57P03, is matched above; these cover
  // an error that lost its code on the way, e.g. re-thrown by a library as a plain Error).
  /^the database system is (shutting down|starting up|in recovery mode|not yet accepting connections|not accepting connections)/,
  /^terminating connection due to administrator command$/,
];

/** Whether `error` (or one it wraps) means the database is unavailable rather than the request or the code wrong. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (typeof error !== "object" || error === null || depth > 5) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (
    typeof code === "string" &&
    (UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || NETWORK_CODES.has(code))
  ) {
    return true;
  }
  if (typeof message === "string" && DRIVER_MESSAGES.some((pattern) => pattern.test(message))) return true;
  // Connecting to a name with several addresses fails with an AggregateError of each attempt's error.
  if (Array.isArray(errors) && errors.length > 0 && errors.every((e) => isDatabaseUnavailable(e, depth + 1)))
    return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

/** The error to throw on: a DatabaseUnavailableError when the database is unavailable, else `error` itself. */
export function asDatabaseUnavailable(error: unknown): unknown {
  return isDatabaseUnavailable(error) && !(error instanceof DatabaseUnavailableError)
    ? new DatabaseUnavailableError(error)
    : error;
}
