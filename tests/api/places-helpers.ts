import type { FastifyInstance } from "fastify";
import type { Database } from "#server/db/database.ts";

/** A report put straight into the database, with or without a pin, for the place API's tests. */
export interface PlacedSeed {
  title?: string;
  category?: string;
  priority?: string;
  status?: string;
  latitude?: number | null;
  longitude?: number | null;
  location?: string | null;
  /** Hidden by staff (with a reason, as the schema asks). */
  hidden?: boolean;
  minutesAgo?: number;
  affectedCount?: number;
}

export async function seedPlaced(db: Database, seed: PlacedSeed = {}): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO grievances (title, description, location, category, priority, status, latitude, longitude,
                             hidden_at, hidden_reason, affected_count, created_at)
     VALUES ($1, 'Details follow.', $2, $3, $4, $5, $6, $7,
             CASE WHEN $8 THEN now() END, CASE WHEN $8 THEN 'Test' END, $9, now() - make_interval(mins => $10))
     RETURNING id`,
    [
      seed.title ?? "Burst pipe",
      seed.location ?? null,
      seed.category ?? "Infrastructure Problems",
      seed.priority ?? "medium",
      seed.status ?? "pending",
      seed.latitude === undefined ? null : seed.latitude,
      seed.longitude === undefined ? null : seed.longitude,
      seed.hidden ?? false,
      seed.affectedCount ?? 0,
      seed.minutesAgo ?? 1,
    ],
  );
  return rows[0]!.id;
}

/** A point `metres` north (positive) or south of `latitude`, along the meridian (about 111,195 m per degree). */
export const northOf = (latitude: number, metres: number): number => latitude + metres / 111_195;

/** A point `metres` east of `longitude` at `latitude`. */
export const eastOf = (latitude: number, longitude: number, metres: number): number =>
  longitude + metres / (111_195 * Math.cos((latitude * Math.PI) / 180));

export function getJson(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  return app.inject({ method: "GET", url, headers });
}
