import type { Database, Queryable } from "#server/db/database.ts";
import { insertStatusEventsSql } from "./seed-events.ts";
import { insertReportsSql } from "./seed-sql.ts";
import { seedWork } from "./seed-work.ts";

export interface Growth {
  added: number;
  /** Seconds spent inserting rows, building indexes, and on tallies with VACUUM ANALYZE. */
  insertSeconds: number;
  indexSeconds: number;
  finishSeconds: number;
}

// One statement per slice, so a long seed shows progress.
const SLICE = 200_000;
// The row trigger of migrations/004, which keeps grievance_tallies one row at a time.
const TALLY_TRIGGER = "grievances_tally_row";

/**
 * Adds reports until the table holds `target`. A bulk load is far faster without the work done per row: the
 * tally trigger is disabled and the tallies rebuilt with one GROUP BY (the statement that ends migrations/004),
 * and the indexes are dropped and built again from their own definitions, so an index another migration adds is
 * rebuilt as it is defined. All in one transaction: a failure leaves the table as it was.
 */
export async function growTo(db: Database, target: number, progress: (line: string) => void): Promise<Growth> {
  const have = await countAll(db);
  const added = Math.max(0, target - have);
  const growth: Growth = { added, insertSeconds: 0, indexSeconds: 0, finishSeconds: 0 };
  if (added === 0) return growth;

  await db.transaction(async (tx) => {
    const indexes = await droppableIndexes(tx);
    let started = performance.now();
    await tx.exec(`ALTER TABLE grievances DISABLE TRIGGER ${TALLY_TRIGGER}`);
    for (const { name } of indexes) await tx.exec(`DROP INDEX ${quoteIdent(name)}`);
    const work = await seedWork(tx);
    const first = have + 1;
    for (let from = first; from <= target; from += SLICE) {
      const to = Math.min(target, from + SLICE - 1);
      await tx.exec(insertReportsSql({ first, from, to, total: added }, work));
      progress(`  ${(to - have).toLocaleString("en")} of ${added.toLocaleString("en")} rows inserted`);
    }
    await tx.exec(`ALTER TABLE grievances ENABLE TRIGGER ${TALLY_TRIGGER}`);
    growth.insertSeconds = secondsSince(started);

    started = performance.now();
    // More memory for sorting keys than the default 64 MB: a GIN index over a million rows builds in fewer passes.
    await tx.exec("SET LOCAL maintenance_work_mem = '256MB'");
    for (const { definition } of indexes) await tx.exec(definition);
    growth.indexSeconds = secondsSince(started);

    started = performance.now();
    await tx.exec(`
      DELETE FROM grievance_tallies;
      INSERT INTO grievance_tallies (category, priority, status, n)
      SELECT category, priority, status, count(*) FROM grievances WHERE hidden_at IS NULL GROUP BY 1, 2, 3;`);
    // The new reports' status history (Open311's servicerequestupdates reads it by time).
    await tx.exec(insertStatusEventsSql());
    growth.finishSeconds = secondsSince(started);
  });

  const started = performance.now();
  await settle(db, progress);
  growth.finishSeconds += secondsSince(started);
  return growth;
}

export async function countAll(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM grievances");
  return rows[0]?.n ?? 0;
}

/**
 * Leaves the database as a portal that has run for a while finds it, so that none of this happens while requests
 * are measured: statistics for the planner, hint bits and the visibility map set (index-only scans), and the
 * dirty pages written out instead of by a checkpoint in the middle of a measurement.
 */
async function settle(db: Database, progress: (line: string) => void): Promise<void> {
  await db.exec("VACUUM (ANALYZE) grievances");
  await db.exec("ANALYZE grievance_tallies");
  await db.exec("VACUUM (ANALYZE) grievance_events");
  try {
    await db.exec("CHECKPOINT");
  } catch (error) {
    // Only superusers and pg_checkpoint may; without it the figures are merely noisier.
    progress(`  no CHECKPOINT (${(error as Error).message}): a checkpoint may fall into a measurement`);
  }
}

/** Indexes of grievances that no constraint owns (the primary key stays), with their CREATE INDEX statements. */
async function droppableIndexes(tx: Queryable): Promise<Array<{ name: string; definition: string }>> {
  const { rows } = await tx.query<{ name: string; definition: string }>(
    `SELECT i.relname AS name, pg_get_indexdef(x.indexrelid) AS definition
       FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
      WHERE x.indrelid = 'grievances'::regclass
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)
      ORDER BY i.relname`,
  );
  return rows;
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
const secondsSince = (start: number) => (performance.now() - start) / 1000;
