import type { Queryable } from "#server/db/database.ts";
import { storedColumns } from "./data-migration-copy.ts";
import type { CopiedTable } from "./data-migration-tables.ts";

export interface TableChecksum {
  table: string;
  rows: number;
  /** md5 over the sorted md5s of each row's text form. */
  checksum: string;
}

/**
 * A table's row count and a checksum of its stored columns' values, computed by the database the same way on both
 * sides (same settings for text output: CANONICAL_SESSION_SETTINGS). Each row is hashed on its own and the hashes
 * sorted, so the result depends neither on the physical row order nor on collations, and stays far below
 * PostgreSQL's 1 GB limit for one value (32 bytes a row).
 */
export async function tableChecksum(db: Pick<Queryable, "query">, table: CopiedTable): Promise<TableChecksum> {
  const { rows } = await db.query<{ rows: string; checksum: string }>(
    `SELECT count(*)::text AS rows, md5(coalesce(string_agg(h, '' ORDER BY h COLLATE "C"), '')) AS checksum
       FROM (SELECT md5(r::text) AS h FROM (${storedColumns(table)}) r) hashed`,
  );
  const row = rows[0]!;
  return { table: table.name, rows: Number(row.rows), checksum: row.checksum };
}

export class ChecksumMismatchError extends Error {}

/** Throws naming every table whose count or checksum differs between the two sides. */
export function assertSameChecksums(source: TableChecksum[], target: TableChecksum[]): void {
  const inTarget = new Map(target.map((t) => [t.table, t]));
  const differences = source.flatMap((s) => {
    const t = inTarget.get(s.table);
    if (!t) return [`${s.table}: missing in the target`];
    if (t.rows !== s.rows) return [`${s.table}: ${s.rows} rows in the embedded database, ${t.rows} in the target`];
    if (t.checksum !== s.checksum) return [`${s.table}: same row count (${s.rows}) but different contents`];
    return [];
  });
  if (differences.length > 0) {
    throw new ChecksumMismatchError(`The copy does not match the embedded database: ${differences.join("; ")}.`);
  }
}
