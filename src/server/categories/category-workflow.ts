import { CATEGORY_MESSAGES, type CategoryChange, type NewCategory } from "#shared/categories/category-schemas.ts";
import { recordAudit, type AuditActor } from "../admin/audit-log-repository.ts";
import type { Database } from "../db/database.ts";
import { HttpError } from "../http/http-error.ts";
import {
  insertCategory,
  listCategories,
  lockCategory,
  lockCategoryOrder,
  saveCategory,
  saveCategoryOrder,
  type CategoryRow,
} from "./category-repository.ts";

/**
 * The administrators' changes to categories (docs/decisions/017-categories-roles-and-open311.md), each audited in
 * its own transaction.
 */

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
      const row = await insertCategory(tx, input);
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
      const before = await lockCategory(tx, serviceCode);
      if (!before) return undefined;
      const after = await saveCategory(tx, {
        ...before,
        name: change.name ?? before.name,
        description: change.description ?? before.description,
        group_name: change.group === undefined ? before.group_name : change.group || null,
        active: change.active ?? before.active,
        icon: change.icon ?? before.icon,
        translations: change.translations ?? before.translations,
        water_points: change.waterPoints ?? before.water_points,
        means_not_working: change.meansNotWorking ?? before.means_not_working,
        sms_keywords: change.sms_keywords ?? before.sms_keywords,
      });
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
      if (after.icon !== before.icon) await audit("category.icon", { from: before.icon, to: after.icon });
      if (JSON.stringify(after.translations) !== JSON.stringify(before.translations)) {
        await audit("category.translate", { from: before.translations, to: after.translations });
      }
      if (after.water_points !== before.water_points) {
        await audit("category.water_points", { from: before.water_points, to: after.water_points });
      }
      if (after.means_not_working !== before.means_not_working) {
        await audit("category.means_not_working", { from: before.means_not_working, to: after.means_not_working });
      }
      if (JSON.stringify(after.sms_keywords) !== JSON.stringify(before.sms_keywords)) {
        await audit("category.sms_keywords", { from: before.sms_keywords, to: after.sms_keywords });
      }
      return after;
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
    const current = await lockCategoryOrder(tx);
    const known = new Set(current);
    if (
      serviceCodes.length !== known.size ||
      new Set(serviceCodes).size !== known.size ||
      !serviceCodes.every((code) => known.has(code))
    ) {
      throw new HttpError(400, CATEGORY_MESSAGES.reorderMismatch);
    }
    await saveCategoryOrder(tx, serviceCodes);
    await recordAudit(tx, actor, {
      action: "category.reorder",
      target: "categories",
      details: { from: current, to: serviceCodes },
    });
    return listCategories(tx);
  });
}
