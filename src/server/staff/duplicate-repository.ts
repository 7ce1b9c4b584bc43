import type { Status } from "#shared/domain.ts";
import type { Queryable } from "../db/database.ts";

/**
 * The writes of marking a report as a duplicate of another (duplicate-workflow.ts,
 * docs/decisions/033-duplicates-calls-and-templates.md), each in the caller's transaction.
 */

export interface DuplicateSide {
  id: string;
  reference: string;
  title: string;
  status: Status;
  hidden: boolean;
  duplicate_of_id: string | null;
  locale: string;
}

/** The report a report was marked a duplicate of, or null; undefined when there is no such report. */
export async function duplicateOfOf(tx: Queryable, id: string): Promise<string | null | undefined> {
  const { rows } = await tx.query<{ duplicate_of_id: string | null }>(
    "SELECT duplicate_of_id::text FROM grievances WHERE id = $1",
    [id],
  );
  return rows[0] && rows[0].duplicate_of_id;
}

/**
 * Both reports, locked FOR UPDATE in the order of their ids: two staff merging the same pair the other way round
 * at once wait for each other instead of deadlocking, and the second sees the first's result.
 */
export async function lockPair(tx: Queryable, ids: [string, string]): Promise<Map<string, DuplicateSide>> {
  const { rows } = await tx.query<DuplicateSide>(
    `SELECT id::text, reference, title, status, hidden_at IS NOT NULL AS hidden, duplicate_of_id::text, locale
     FROM grievances WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`,
    [ids],
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Records the merge: the duplicate points at its original, each report's staff timeline says so (the original's
 * reference on the duplicate, the duplicate's on the original), and the original counts one more person affected.
 */
export async function recordDuplicate(
  tx: Queryable,
  duplicate: DuplicateSide,
  original: DuplicateSide,
  staffId: string,
): Promise<void> {
  await tx.query("UPDATE grievances SET duplicate_of_id = $2 WHERE id = $1", [duplicate.id, original.id]);
  await tx.query("UPDATE grievances SET affected_count = affected_count + 1 WHERE id = $1", [original.id]);
  const event = `INSERT INTO grievance_events (grievance_id, kind, staff_id, details) VALUES ($1, 'duplicate', $2, $3)`;
  await tx.query(event, [
    duplicate.id,
    staffId,
    JSON.stringify({ role: "duplicate", originalId: original.id, originalReference: original.reference }),
  ]);
  await tx.query(event, [
    original.id,
    staffId,
    JSON.stringify({ role: "original", duplicateId: duplicate.id, duplicateReference: duplicate.reference }),
  ]);
}

/** A follower of the duplicate after the merge, and their row on the original when they now follow it. */
export interface MovedFollower {
  duplicateFollowerId: string;
  email: string;
  locale: string;
  is_reporter: boolean;
  /** Their confirmed follow of the original; null when they had unsubscribed from it, which stays so. */
  originalFollowerId: string | null;
}

/**
 * The duplicate's confirmed followers (its reporter among them: they follow from the submit) follow the original
 * too, confirmed: they had confirmed their address on the duplicate. Someone already following the original keeps
 * their one subscription (a pending one is confirmed); someone who unsubscribed from it is not subscribed again.
 */
export async function moveFollowers(tx: Queryable, duplicateId: string, originalId: string): Promise<MovedFollower[]> {
  await tx.query(
    `INSERT INTO followers (grievance_id, email, confirmed_at, locale)
     SELECT $2, f.email, now(), f.locale FROM followers f
     WHERE f.grievance_id = $1 AND f.confirmed_at IS NOT NULL AND f.unsubscribed_at IS NULL
     ON CONFLICT (grievance_id, lower(email)) DO UPDATE SET confirmed_at = now()
       WHERE followers.confirmed_at IS NULL AND followers.unsubscribed_at IS NULL`,
    [duplicateId, originalId],
  );
  const { rows } = await tx.query<MovedFollower>(
    `SELECT f.id::text AS "duplicateFollowerId", f.email, f.locale, f.is_reporter,
       (SELECT o.id::text FROM followers o
        WHERE o.grievance_id = $2 AND lower(o.email) = lower(f.email)
          AND o.confirmed_at IS NOT NULL AND o.unsubscribed_at IS NULL) AS "originalFollowerId"
     FROM followers f
     WHERE f.grievance_id = $1 AND f.confirmed_at IS NOT NULL AND f.unsubscribed_at IS NULL
     ORDER BY f.id`,
    [duplicateId, originalId],
  );
  return rows;
}
