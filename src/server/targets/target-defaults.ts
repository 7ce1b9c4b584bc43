import { PRIORITIES, type Priority } from "#shared/domain.ts";
import type { Database } from "../db/database.ts";
import type { OverdueTargets } from "./overdue-targets.ts";
import { saveTargetDefaults, type TargetMinutes } from "./target-repository.ts";

/**
 * The settings' defaults (OVERDUE_TARGETS in days to resolve, ACKNOWLEDGE_TARGETS in hours to acknowledge) written
 * into the database at start-up, where the step that gives each new report its due times reads them with the
 * administrators' own targets (docs/decisions/030-service-targets-and-escalation.md). Every instance writes the same
 * values; a change moves the open reports that took the old default, as the age-based flag did.
 */
export function defaultMinutes(
  resolveDays: OverdueTargets,
  acknowledgeHours: OverdueTargets,
): Record<Priority, TargetMinutes> {
  const minutes = {} as Record<Priority, TargetMinutes>;
  for (const priority of PRIORITIES) {
    const resolve = resolveDays[priority] * 24 * 60;
    // A default to acknowledge longer than the one to resolve would never be missed first: capped at it.
    const acknowledge = Math.min(resolve, acknowledgeHours[priority] * 60);
    minutes[priority] = { acknowledge_minutes: acknowledge, resolve_minutes: resolve };
  }
  return minutes;
}

export async function writeTargetDefaults(
  db: Database,
  resolveDays: OverdueTargets,
  acknowledgeHours: OverdueTargets,
): Promise<number> {
  return db.transaction((tx) => saveTargetDefaults(tx, defaultMinutes(resolveDays, acknowledgeHours)));
}
