import type { Priority } from "#shared/domain.ts";
import { STAFF_MESSAGES } from "#shared/staff/staff-messages.ts";
import { TARGET_MESSAGES, type ServiceTarget, type ServiceTargetInput } from "#shared/targets/target-schemas.ts";
import { recordAudit, type AuditActor } from "../admin/audit-log-repository.ts";
import type { Database } from "../db/database.ts";
import { UUID_PATTERN } from "#shared/ids.ts";
import { HttpError } from "../http/http-error.ts";
import {
  applyDueTimes,
  categoryKeyOf,
  lockPriority,
  recordPriorityChange,
  upsertServiceTarget,
} from "./target-repository.ts";

/**
 * Setting a category and priority's service targets (administrators), and a report's priority (staff), each in one
 * transaction (docs/decisions/030-service-targets-and-escalation.md).
 */

/**
 * Sets one category and priority's targets, audited with what they were. They apply to the reports created from now
 * on and to those whose priority staff change later; a report's due times are not moved by a new target.
 */
export async function setServiceTarget(
  db: Database,
  actor: AuditActor,
  input: ServiceTargetInput,
): Promise<ServiceTarget> {
  return db.transaction(async (tx) => {
    const category = await categoryKeyOf(tx, input.serviceCode);
    if (!category) throw new HttpError(404, TARGET_MESSAGES.categoryNotFound);
    const minutes = { acknowledge_minutes: input.acknowledgeMinutes, resolve_minutes: input.resolveMinutes };
    const before = await upsertServiceTarget(tx, category, input.priority, minutes);
    await recordAudit(tx, actor, {
      action: "service_target.set",
      target: `${input.serviceCode}/${input.priority}`,
      details: {
        from: before
          ? { acknowledgeMinutes: before.acknowledge_minutes, resolveMinutes: before.resolve_minutes }
          : null,
        to: { acknowledgeMinutes: input.acknowledgeMinutes, resolveMinutes: input.resolveMinutes },
      },
    });
    return { ...input, custom: true };
  });
}

/**
 * Staff triage (docs/product-decisions.md D17): a new priority, recorded on the staff timeline, and the report's due
 * times counted again from its creation with the new priority's targets. 409 when it already has that priority.
 */
export async function changePriority(db: Database, id: string, to: Priority, staffId: string): Promise<void> {
  if (!UUID_PATTERN.test(id)) throw new HttpError(404, STAFF_MESSAGES.notFound);
  await db.transaction(async (tx) => {
    const from = await lockPriority(tx, id);
    if (!from) throw new HttpError(404, STAFF_MESSAGES.notFound);
    if (from === to) throw new HttpError(409, TARGET_MESSAGES.priorityUnchanged);
    await recordPriorityChange(tx, { id, from, to, staffId });
    await applyDueTimes(tx, id);
  });
}
