import type { Queryable } from "../db/database.ts";

/** What the orphan sweep (orphan-sweep.ts) asks the database before it deletes an object from the bucket. */

export async function holdsReports(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ any: boolean }>("SELECT EXISTS (SELECT 1 FROM grievances) AS any");
  return rows[0]?.any === true;
}

/**
 * The keys, among these, that a report (its photos, or those after the repair), an update from its reporter or an
 * internal note holds as an image, a thumbnail or a medium version (indexes: migrations 008, 011, 030 and 033).
 */
export async function referencedKeys(db: Queryable, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const { rows } = await db.query<{ key: string }>(
    `SELECT k AS key FROM unnest($1::text[]) AS k
     WHERE EXISTS (SELECT 1 FROM grievances WHERE images @> jsonb_build_array(jsonb_build_object('key', k)))
        OR EXISTS (SELECT 1 FROM grievances WHERE images @> jsonb_build_array(jsonb_build_object('thumbnailKey', k)))
        OR EXISTS (SELECT 1 FROM grievances WHERE images @> jsonb_build_array(jsonb_build_object('mediumKey', k)))
        OR EXISTS (SELECT 1 FROM reporter_updates WHERE images @> jsonb_build_array(jsonb_build_object('key', k)))
        OR EXISTS (SELECT 1 FROM reporter_updates WHERE images @> jsonb_build_array(jsonb_build_object('thumbnailKey', k)))
        OR EXISTS (SELECT 1 FROM reporter_updates WHERE images @> jsonb_build_array(jsonb_build_object('mediumKey', k)))
        OR EXISTS (SELECT 1 FROM internal_notes WHERE images @> jsonb_build_array(jsonb_build_object('key', k)))
        OR EXISTS (SELECT 1 FROM internal_notes WHERE images @> jsonb_build_array(jsonb_build_object('thumbnailKey', k)))
        OR EXISTS (SELECT 1 FROM internal_notes WHERE images @> jsonb_build_array(jsonb_build_object('mediumKey', k)))
        OR EXISTS (SELECT 1 FROM grievances WHERE after_images <> '[]'::jsonb
                   AND after_images @> jsonb_build_array(jsonb_build_object('key', k)))
        OR EXISTS (SELECT 1 FROM grievances WHERE after_images <> '[]'::jsonb
                   AND after_images @> jsonb_build_array(jsonb_build_object('thumbnailKey', k)))
        OR EXISTS (SELECT 1 FROM grievances WHERE after_images <> '[]'::jsonb
                   AND after_images @> jsonb_build_array(jsonb_build_object('mediumKey', k)))`,
    [keys],
  );
  return rows.map((r) => r.key);
}
