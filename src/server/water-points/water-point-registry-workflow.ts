import type { ImportResult } from "#shared/api-schemas/water-point-registry.ts";
import { msg } from "#shared/i18n/locales.ts";
import type { NewWaterPoint, WaterPointFields } from "#shared/water-points/water-point-schemas.ts";
import { recordAudit, type AuditActor } from "../admin/audit-log-repository.ts";
import type { Database } from "../db/database.ts";
import { HttpError } from "../http/http-error.ts";
import { readImportFile } from "./water-point-import-file.ts";
import { importRows } from "./water-point-import-rows.ts";
import {
  existingCodes,
  insertWaterPoint,
  lockWaterPoint,
  saveWaterPoint,
  setRetired,
  upsertWaterPoints,
  type WaterPointRow,
} from "./water-point-registry-repository.ts";

/**
 * The administrators' changes to the registry (docs/decisions/036-water-points.md): an import, and a point added,
 * edited, retired or put back by hand. Each is one transaction with its audit entry.
 */

export const REGISTRY_MESSAGES = {
  notFound: msg("There is no water point with this code."),
  duplicateCode: msg("Another water point already has this code."),
} as const;

/** Rows per INSERT … ON CONFLICT statement: a few hundred kilobytes of parameters each. */
const UPSERT_BATCH = 1_000;

/**
 * Imports a file: every valid row is created or updated (by code, whatever its case), every other row is answered
 * with its line and reason. All the valid rows are stored in ONE transaction: a failure part-way (the database
 * going away) stores none of them, so an import is never half done and can simply be sent again. A preview
 * (`dryRun`) answers the same figures and stores nothing.
 */
export async function importWaterPoints(
  db: Database,
  actor: AuditActor,
  file: { bytes: Buffer; filename: string | undefined },
  dryRun: boolean,
): Promise<ImportResult> {
  const { points, rejected } = importRows(readImportFile(file.bytes));
  if (dryRun) {
    const existing = await existingCodes(
      db,
      points.map((point) => point.code.toUpperCase()),
    );
    const updated = points.filter((point) => existing.has(point.code.toUpperCase())).length;
    return { created: points.length - updated, updated, rejected, dryRun };
  }
  const created = await db.transaction(async (tx) => {
    let count = 0;
    for (let start = 0; start < points.length; start += UPSERT_BATCH) {
      count += (await upsertWaterPoints(tx, points.slice(start, start + UPSERT_BATCH))).created;
    }
    await recordAudit(tx, actor, {
      action: "water_point.import",
      target: file.filename || "water points",
      details: { created: count, updated: points.length - count, rejected: rejected.length },
    });
    return count;
  });
  return { created, updated: points.length - created, rejected, dryRun };
}

/** Adds a point by hand; a code already in the registry (whatever its case) is a 409. */
export async function createWaterPoint(db: Database, actor: AuditActor, point: NewWaterPoint): Promise<WaterPointRow> {
  return db.transaction(async (tx) => {
    const row = await insertWaterPoint(tx, point);
    if (!row) throw new HttpError(409, REGISTRY_MESSAGES.duplicateCode);
    await recordAudit(tx, actor, { action: "water_point.create", target: row.code, details: { name: row.name } });
    return row;
  });
}

/** Edits everything but the code; the audit entry names the fields that changed, with what they were. */
export async function updateWaterPoint(
  db: Database,
  actor: AuditActor,
  code: string,
  fields: WaterPointFields,
): Promise<WaterPointRow> {
  return db.transaction(async (tx) => {
    const before = await lockWaterPoint(tx, code);
    if (!before) throw new HttpError(404, REGISTRY_MESSAGES.notFound);
    const after = await saveWaterPoint(tx, before.id, fields);
    const changed = (Object.keys(fields) as (keyof WaterPointFields)[]).filter(
      (field) => before[field] !== after[field],
    );
    if (changed.length > 0) {
      await recordAudit(tx, actor, {
        action: "water_point.update",
        target: after.code,
        details: Object.fromEntries(changed.map((field) => [field, { from: before[field], to: after[field] }])),
      });
    }
    return after;
  });
}

/** Retires a point (it leaves the map and the form, keeps its page and reports) or puts it back in service. */
export async function retireWaterPoint(
  db: Database,
  actor: AuditActor,
  code: string,
  retired: boolean,
): Promise<WaterPointRow> {
  return db.transaction(async (tx) => {
    const before = await lockWaterPoint(tx, code);
    if (!before) throw new HttpError(404, REGISTRY_MESSAGES.notFound);
    if ((before.retired_at !== null) === retired) return before;
    const after = await setRetired(tx, before.id, retired);
    await recordAudit(tx, actor, {
      action: retired ? "water_point.retire" : "water_point.unretire",
      target: after.code,
    });
    return after;
  });
}
