import pg from "pg";
import type { Database, Queryable } from "./database.ts";

// pg types rows loosely; the repositories name the row shape they select.
const queryableOf = (runner: pg.Pool | pg.PoolClient): Queryable => ({
  query: async <Row,>(sql: string, params?: unknown[]) =>
    (await runner.query(sql, params)) as unknown as { rows: Row[] },
  // Without parameters pg uses the simple protocol, which accepts several statements.
  exec: async (sql) => void (await runner.query(sql)),
});

export async function openPostgresDatabase(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // Fail at start-up, with the server's own message, rather than at the first request.
  const client = await pool.connect();
  client.release();
  return {
    kind: "postgres",
    ...queryableOf(pool),
    async transaction(work) {
      const tx = await pool.connect();
      try {
        await tx.query("BEGIN");
        const result = await work(queryableOf(tx));
        await tx.query("COMMIT");
        return result;
      } catch (error) {
        await tx.query("ROLLBACK").catch(() => undefined);
        throw error;
      } finally {
        tx.release();
      }
    },
    close: () => pool.end(),
  };
}
