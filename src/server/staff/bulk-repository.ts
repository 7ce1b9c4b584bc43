import type { Queryable } from "../db/database.ts";
import { UUID_PATTERN } from "#shared/ids.ts";

/** The references of the reports a bulk action names (bulk-workflow.ts); an unknown or malformed id is left out. */
export async function referencesOf(db: Queryable, ids: string[]): Promise<Map<string, string>> {
  const valid = ids.filter((id) => UUID_PATTERN.test(id));
  if (valid.length === 0) return new Map();
  const { rows } = await db.query<{ id: string; reference: string }>(
    "SELECT id, reference FROM grievances WHERE id = ANY($1::uuid[])",
    [valid],
  );
  return new Map(rows.map((row) => [row.id, row.reference]));
}
