import type { Queryable } from "../db/database.ts";

/**
 * Categories as data (migration 016, docs/decisions/017-categories-roles-and-open311.md). `key` is what a report
 * stores and never changes; `name` and `service_code` are what people and Open311 clients see.
 */
export interface CategoryRow {
  key: string;
  service_code: string;
  name: string;
  description: string;
  group_name: string | null;
  active: boolean;
  position: number;
}

const COLUMNS = "key, service_code, name, description, group_name, active, position";

/** Every category, active or not, in the administrators' order. */
export async function listCategories(db: Queryable): Promise<CategoryRow[]> {
  const { rows } = await db.query<CategoryRow>(`SELECT ${COLUMNS} FROM categories ORDER BY position, key`);
  return rows;
}

export async function findCategoryByServiceCode(db: Queryable, serviceCode: string): Promise<CategoryRow | undefined> {
  const { rows } = await db.query<CategoryRow>(`SELECT ${COLUMNS} FROM categories WHERE service_code = $1`, [
    serviceCode,
  ]);
  return rows[0];
}
