import type { Priority } from "#shared/domain.ts";
import type { Queryable } from "../db/database.ts";

/**
 * Service targets and due times (docs/decisions/030-service-targets-and-escalation.md): the administrators' rows, the
 * defaults per priority the settings write, and a report's due times computed from both in one statement.
 */

export interface TargetMinutes {
  acknowledge_minutes: number;
  resolve_minutes: number;
}

export interface ServiceTargetRow extends TargetMinutes {
  service_code: string;
  priority: Priority;
  custom: boolean;
}

/** Every category × priority as it applies now: its own row, else its priority's defaults. */
export async function listServiceTargets(db: Queryable): Promise<ServiceTargetRow[]> {
  const { rows } = await db.query<ServiceTargetRow>(
    `SELECT c.service_code, d.priority, coalesce(t.acknowledge_minutes, d.acknowledge_minutes) AS acknowledge_minutes,
            coalesce(t.resolve_minutes, d.resolve_minutes) AS resolve_minutes, (t.category IS NOT NULL) AS custom
     FROM categories c CROSS JOIN service_target_defaults d
     LEFT JOIN service_targets t ON t.category = c.key AND t.priority = d.priority
     ORDER BY c.position, c.key, d.resolve_minutes, d.priority`,
  );
  return rows;
}

export async function listTargetDefaults(db: Queryable): Promise<(TargetMinutes & { priority: Priority })[]> {
  const { rows } = await db.query<TargetMinutes & { priority: Priority }>(
    "SELECT priority, acknowledge_minutes, resolve_minutes FROM service_target_defaults ORDER BY resolve_minutes, priority",
  );
  return rows;
}

/** A category's key by its service code, locked against a concurrent rename. */
export async function categoryKeyOf(tx: Queryable, serviceCode: string): Promise<string | undefined> {
  const { rows } = await tx.query<{ key: string }>("SELECT key FROM categories WHERE service_code = $1 FOR SHARE", [
    serviceCode,
  ]);
  return rows[0]?.key;
}

/** Inserts or replaces one category and priority's targets; answers what they were before (undefined: defaults). */
export async function upsertServiceTarget(
  tx: Queryable,
  category: string,
  priority: Priority,
  minutes: TargetMinutes,
): Promise<TargetMinutes | undefined> {
  const { rows: before } = await tx.query<TargetMinutes>(
    "SELECT acknowledge_minutes, resolve_minutes FROM service_targets WHERE category = $1 AND priority = $2 FOR UPDATE",
    [category, priority],
  );
  await tx.query(
    `INSERT INTO service_targets (category, priority, acknowledge_minutes, resolve_minutes) VALUES ($1, $2, $3, $4)
     ON CONFLICT (category, priority) DO UPDATE
     SET acknowledge_minutes = EXCLUDED.acknowledge_minutes, resolve_minutes = EXCLUDED.resolve_minutes, updated_at = now()`,
    [category, priority, minutes.acknowledge_minutes, minutes.resolve_minutes],
  );
  return before[0];
}

export interface DueTimes {
  due_acknowledge_at: Date | null;
  due_resolve_at: Date | null;
}

/**
 * Sets a report's due times from its creation, category and priority as they are now: for a new report (in the
 * transaction that stores it) and when staff change its priority (docs/product-decisions.md D17: targets follow the
 * priority).
 */
export async function applyDueTimes(tx: Queryable, id: string): Promise<DueTimes | undefined> {
  const { rows } = await tx.query<DueTimes>(
    `UPDATE grievances g
     SET due_acknowledge_at = g.created_at + coalesce(t.acknowledge_minutes, d.acknowledge_minutes) * interval '1 minute',
         due_resolve_at = g.created_at + coalesce(t.resolve_minutes, d.resolve_minutes) * interval '1 minute'
     FROM service_target_defaults d
     LEFT JOIN service_targets t ON t.priority = d.priority
       AND t.category = (SELECT category FROM grievances WHERE id = $1)
     WHERE g.id = $1 AND d.priority = g.priority
     RETURNING g.due_acknowledge_at, g.due_resolve_at`,
    [id],
  );
  return rows[0];
}

/**
 * Writes the settings' defaults. When a priority's default changes, the open reports that took it (no row of their
 * own for their category and priority) move with it, as the age-based flag did before due times were stored: one
 * statement over the open reports. Answers how many reports moved.
 */
export async function saveTargetDefaults(tx: Queryable, defaults: Record<Priority, TargetMinutes>): Promise<number> {
  const entries = Object.entries(defaults) as [Priority, TargetMinutes][];
  const { rows: changed } = await tx.query<{ priority: Priority; old_ack: number; old_resolve: number }>(
    `WITH wanted (priority, ack, resolve) AS (SELECT * FROM unnest($1::text[], $2::float8[], $3::float8[])),
     old AS (SELECT d.priority, d.acknowledge_minutes AS old_ack, d.resolve_minutes AS old_resolve
             FROM service_target_defaults d JOIN wanted w ON w.priority = d.priority
             WHERE (d.acknowledge_minutes, d.resolve_minutes) <> (w.ack, w.resolve) FOR UPDATE OF d)
     UPDATE service_target_defaults d SET acknowledge_minutes = w.ack, resolve_minutes = w.resolve
     FROM wanted w, old o WHERE d.priority = w.priority AND o.priority = d.priority
     RETURNING d.priority, o.old_ack, o.old_resolve`,
    [entries.map(([p]) => p), entries.map(([, m]) => m.acknowledge_minutes), entries.map(([, m]) => m.resolve_minutes)],
  );
  if (changed.length === 0) return 0;
  const { rows } = await tx.query<{ n: number }>(
    `WITH moved AS (
       UPDATE grievances g
       SET due_acknowledge_at = g.created_at + d.acknowledge_minutes * interval '1 minute',
           due_resolve_at = g.created_at + d.resolve_minutes * interval '1 minute'
       FROM service_target_defaults d
       WHERE d.priority = g.priority AND d.priority = ANY($1::text[]) AND g.status <> 'resolved'
         AND NOT EXISTS (SELECT 1 FROM service_targets t WHERE t.category = g.category AND t.priority = g.priority)
       RETURNING 1)
     SELECT count(*)::int AS n FROM moved`,
    [changed.map((c) => c.priority)],
  );
  return rows[0]?.n ?? 0;
}

/** The report's priority, its row locked until the transaction ends; undefined for an unknown report. */
export async function lockPriority(tx: Queryable, id: string): Promise<Priority | undefined> {
  const { rows } = await tx.query<{ priority: Priority }>("SELECT priority FROM grievances WHERE id = $1 FOR UPDATE", [
    id,
  ]);
  return rows[0]?.priority;
}

/** Sets the priority and puts the change on the staff timeline (kind 'priority', docs/product-decisions.md D17). */
export async function recordPriorityChange(
  tx: Queryable,
  change: { id: string; from: Priority; to: Priority; staffId: string },
): Promise<void> {
  await tx.query("UPDATE grievances SET priority = $2 WHERE id = $1", [change.id, change.to]);
  await tx.query(
    `INSERT INTO grievance_events (grievance_id, kind, staff_id, details) VALUES ($1, 'priority', $2, $3)`,
    [change.id, change.staffId, JSON.stringify({ from: change.from, to: change.to })],
  );
}
