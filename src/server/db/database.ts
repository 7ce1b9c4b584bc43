/**
 * The one database interface the repositories use. Two implementations: PGlite (embedded, default) and a
 * PostgreSQL server through `pg`. Both speak the same SQL with `$1` parameters.
 */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: Row[] }>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: "pglite" | "postgres";
  /** Runs `work` in one transaction: committed if it resolves, rolled back if it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * Embedded only: `onNotify` runs after each commit that sent a NOTIFY on `channel`, before the committing call
   * returns (PGlite runs one statement at a time in this process). Resolves to a function that stops listening.
   * A server's notifications come later, on another connection, so none is offered for one.
   */
  listen?(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  /** PostgreSQL only: the connection pool right now (for /metrics); the embedded database has no pool. */
  poolStats?(): PoolStats;
}

export interface PoolStats {
  /** Connections open, in use or idle. */
  total: number;
  idle: number;
  /** Queries waiting for a connection: above zero for long, the pool (10) is too small or the server too slow. */
  waiting: number;
}
