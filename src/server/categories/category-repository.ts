import { isCategoryIcon, type CategoryIcon } from "#shared/categories/category-icons.ts";
import type {
  AdminCategoryView,
  CategoryTranslations,
  CategoryView,
  NewCategory,
} from "#shared/categories/category-schemas.ts";
import type { SmsKeywords } from "#shared/categories/sms-keywords.ts";
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
  /** One of the portal's icons; the other languages' names and descriptions (migration 021). */
  icon: string;
  translations: CategoryTranslations;
  /** Whether the form offers water points, and whether an open report means the point is not working (migration 036). */
  water_points: boolean;
  means_not_working: boolean;
  /** Keywords per language that give a report by SMS this category (migration 037). */
  sms_keywords: SmsKeywords;
}

const COLUMNS =
  "key, service_code, name, description, group_name, active, position, icon, translations, water_points, " +
  "means_not_working, sms_keywords";

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

/** Whether reports may be filed under this key now (a deactivated category stays on old reports only). */
export async function isActiveCategory(db: Queryable, key: string): Promise<boolean> {
  const { rows } = await db.query<{ active: boolean }>("SELECT active FROM categories WHERE key = $1", [key]);
  return rows[0]?.active === true;
}

/** A category as the API shows it (categorySchema). */
export const toCategoryView = (row: CategoryRow): CategoryView => ({
  key: row.key,
  service_code: row.service_code,
  name: row.name,
  description: row.description,
  group: row.group_name,
  active: row.active,
  // A key this release does not draw (written by a newer one during an upgrade) shows the general icon.
  icon: isCategoryIcon(row.icon) ? row.icon : ("other" satisfies CategoryIcon),
  translations: row.translations,
  waterPoints: row.water_points,
  meansNotWorking: row.means_not_working,
});

/** A category as administrators see it (adminCategorySchema): also its SMS keywords. */
export const toAdminCategoryView = (row: CategoryRow): AdminCategoryView => ({
  ...toCategoryView(row),
  sms_keywords: row.sms_keywords,
});

/** Adds a category at the end of the order; its key is its service code. */
export async function insertCategory(tx: Queryable, input: NewCategory): Promise<CategoryRow> {
  const { rows } = await tx.query<CategoryRow>(
    `INSERT INTO categories (key, service_code, name, description, group_name, icon, translations, water_points,
       means_not_working, sms_keywords, position)
     VALUES ($1, $1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9::jsonb,
             (SELECT coalesce(max(position), 0) + 1 FROM categories))
     RETURNING ${COLUMNS}`,
    [
      input.service_code,
      input.name,
      input.description,
      input.group,
      input.icon,
      JSON.stringify(input.translations),
      input.waterPoints,
      input.meansNotWorking,
      JSON.stringify(input.sms_keywords),
    ],
  );
  return rows[0]!;
}

/** One category, locked until the transaction ends. */
export async function lockCategory(tx: Queryable, serviceCode: string): Promise<CategoryRow | undefined> {
  const { rows } = await tx.query<CategoryRow>(`SELECT ${COLUMNS} FROM categories WHERE service_code = $1 FOR UPDATE`, [
    serviceCode,
  ]);
  return rows[0];
}

/**
 * Stores a category's name, description, group, whether it is offered, its icon, its translations, its water
 * point flags and its SMS keywords.
 */
export async function saveCategory(tx: Queryable, row: CategoryRow): Promise<CategoryRow> {
  const { rows } = await tx.query<CategoryRow>(
    `UPDATE categories SET name = $2, description = $3, group_name = $4, active = $5, icon = $6,
       translations = $7::jsonb, water_points = $8, means_not_working = $9, sms_keywords = $10::jsonb,
       updated_at = now()
     WHERE service_code = $1 RETURNING ${COLUMNS}`,
    [
      row.service_code,
      row.name,
      row.description,
      row.group_name,
      row.active,
      row.icon,
      JSON.stringify(row.translations),
      row.water_points,
      row.means_not_working,
      JSON.stringify(row.sms_keywords),
    ],
  );
  return rows[0]!;
}

/** Every service code in the current order, locked until the transaction ends. */
export async function lockCategoryOrder(tx: Queryable): Promise<string[]> {
  const { rows } = await tx.query<{ service_code: string }>(
    "SELECT service_code FROM categories ORDER BY position FOR UPDATE",
  );
  return rows.map((row) => row.service_code);
}

/** Puts the categories in this order (every service code once). */
export async function saveCategoryOrder(tx: Queryable, serviceCodes: string[]): Promise<void> {
  await tx.query(
    `UPDATE categories c SET position = o.position, updated_at = now()
       FROM unnest($1::text[]) WITH ORDINALITY AS o(service_code, position)
      WHERE c.service_code = o.service_code AND c.position <> o.position`,
    [serviceCodes],
  );
}
