import {
  CATEGORY_MESSAGES,
  type CategoryChange,
  type CategoryView,
  type NewCategory,
} from "#shared/categories/category-schemas.ts";
import { recordAudit, type AuditActor } from "../admin/audit-log-repository.ts";
import type { Database, Queryable } from "../db/database.ts";
import { HttpError } from "../http/http-error.ts";

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
});

const uniqueViolation = (error: unknown, constraint: string) =>
  (error as { code?: string; constraint?: string }).code === "23505" &&
  ((error as { constraint?: string }).constraint ?? "").includes(constraint);

/** Turns the database's refusal of a duplicate into the message an administrator reads. */
function duplicateOf(error: unknown): HttpError | undefined {
  if (uniqueViolation(error, "name")) return new HttpError(409, CATEGORY_MESSAGES.duplicateName);
  if (uniqueViolation(error, "service_code") || uniqueViolation(error, "pkey")) {
    return new HttpError(409, CATEGORY_MESSAGES.duplicateCode);
  }
  return undefined;
}

/** Adds a category at the end of the order; its key is its service code. Audited in the same transaction. */
export async function createCategory(db: Database, actor: AuditActor, input: NewCategory): Promise<CategoryRow> {
  try {
    return await db.transaction(async (tx) => {
      const { rows } = await tx.query<CategoryRow>(
        `INSERT INTO categories (key, service_code, name, description, group_name, position)
         VALUES ($1, $1, $2, $3, $4, (SELECT coalesce(max(position), 0) + 1 FROM categories))
         RETURNING ${COLUMNS}`,
        [input.service_code, input.name, input.description, input.group],
      );
      const row = rows[0]!;
      await recordAudit(tx, actor, {
        action: "category.create",
        target: row.service_code,
        details: { name: row.name },
      });
      return row;
    });
  } catch (error) {
    throw duplicateOf(error) ?? error;
  }
}

/**
 * Renames, re-describes, regroups, deactivates or activates one category; each kind of change gets its own audit
 * entry with what it was and what it became. Undefined for an unknown service code.
 */
export async function updateCategory(
  db: Database,
  actor: AuditActor,
  serviceCode: string,
  change: CategoryChange,
): Promise<CategoryRow | undefined> {
  try {
    return await db.transaction(async (tx) => {
      const before = (
        await tx.query<CategoryRow>(`SELECT ${COLUMNS} FROM categories WHERE service_code = $1 FOR UPDATE`, [
          serviceCode,
        ])
      ).rows[0];
      if (!before) return undefined;
      const after: CategoryRow = {
        ...before,
        name: change.name ?? before.name,
        description: change.description ?? before.description,
        group_name: change.group === undefined ? before.group_name : change.group || null,
        active: change.active ?? before.active,
      };
      const { rows } = await tx.query<CategoryRow>(
        `UPDATE categories SET name = $2, description = $3, group_name = $4, active = $5, updated_at = now()
         WHERE service_code = $1 RETURNING ${COLUMNS}`,
        [serviceCode, after.name, after.description, after.group_name, after.active],
      );
      const audit = (action: string, details: Record<string, unknown>) =>
        recordAudit(tx, actor, { action, target: serviceCode, details });
      if (after.name !== before.name) await audit("category.rename", { from: before.name, to: after.name });
      if (after.description !== before.description || after.group_name !== before.group_name) {
        await audit("category.update", {
          ...(after.description !== before.description && { description: after.description }),
          ...(after.group_name !== before.group_name && { group: { from: before.group_name, to: after.group_name } }),
        });
      }
      if (after.active !== before.active) await audit(after.active ? "category.activate" : "category.deactivate", {});
      return rows[0];
    });
  } catch (error) {
    throw duplicateOf(error) ?? error;
  }
}

/** Puts the categories in the given order (every service code once). */
export async function reorderCategories(
  db: Database,
  actor: AuditActor,
  serviceCodes: string[],
): Promise<CategoryRow[]> {
  return db.transaction(async (tx) => {
    const current = (
      await tx.query<{ service_code: string }>("SELECT service_code FROM categories ORDER BY position FOR UPDATE")
    ).rows;
    const known = new Set(current.map((row) => row.service_code));
    if (
      serviceCodes.length !== known.size ||
      new Set(serviceCodes).size !== known.size ||
      !serviceCodes.every((code) => known.has(code))
    ) {
      throw new HttpError(400, CATEGORY_MESSAGES.reorderMismatch);
    }
    await tx.query(
      `UPDATE categories c SET position = o.position, updated_at = now()
         FROM unnest($1::text[]) WITH ORDINALITY AS o(service_code, position)
        WHERE c.service_code = o.service_code AND c.position <> o.position`,
      [serviceCodes],
    );
    await recordAudit(tx, actor, {
      action: "category.reorder",
      target: "categories",
      details: { from: current.map((row) => row.service_code), to: serviceCodes },
    });
    return listCategories(tx);
  });
}
