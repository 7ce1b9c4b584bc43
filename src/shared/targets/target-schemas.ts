import { z } from "zod/mini";
import { PRIORITIES } from "../domain.ts";
import { englishText } from "../i18n/english-text.ts";
import { msg } from "../i18n/locales.ts";

/**
 * Service targets (docs/decisions/030-service-targets-and-escalation.md): per category and priority, minutes to
 * acknowledge a report (a first status change or public note) and to resolve it. zod/mini: the console validates
 * with these before sending, the server again.
 */

/** Ten years in minutes: a target longer than that is a mistake. */
export const TARGET_MAX_MINUTES = 5_256_000;

export const TARGET_MESSAGES = {
  categoryRequired: msg("Please choose a category."),
  categoryNotFound: msg("There is no category with this service code."),
  priorityInvalid: msg("Please choose a priority."),
  minutes: englishText(msg("Please give a whole number of minutes from 1 to {max}."), { max: TARGET_MAX_MINUTES }),
  acknowledgeAfterResolve: msg("The time to acknowledge cannot be longer than the time to resolve."),
  priorityUnchanged: msg("The report already has this priority."),
} as const;

const minutes = () =>
  z
    .number({ error: TARGET_MESSAGES.minutes })
    .check(
      z.int(TARGET_MESSAGES.minutes),
      z.gte(1, TARGET_MESSAGES.minutes),
      z.lte(TARGET_MAX_MINUTES, TARGET_MESSAGES.minutes),
    );

/** PUT /api/staff/admin/service-targets (setServiceTarget): one category and priority's two targets. */
export const serviceTargetInputSchema = z
  .object({
    serviceCode: z
      .string({ error: TARGET_MESSAGES.categoryRequired })
      .check(z.minLength(1, TARGET_MESSAGES.categoryRequired), z.maxLength(64, TARGET_MESSAGES.categoryNotFound)),
    priority: z.enum(PRIORITIES, { error: TARGET_MESSAGES.priorityInvalid }),
    acknowledgeMinutes: minutes(),
    resolveMinutes: minutes(),
  })
  .check(
    z.refine((t) => t.acknowledgeMinutes <= t.resolveMinutes, {
      message: TARGET_MESSAGES.acknowledgeAfterResolve,
      path: ["acknowledgeMinutes"],
    }),
  );
export type ServiceTargetInput = z.output<typeof serviceTargetInputSchema>;

/** One category and priority's targets as they apply: set by an administrator, or the settings' defaults. */
export const serviceTargetSchema = z.object({
  serviceCode: z.string(),
  priority: z.enum(PRIORITIES),
  acknowledgeMinutes: z.number(),
  resolveMinutes: z.number(),
  /** False: no row for this category and priority, the defaults apply (OVERDUE_TARGETS, ACKNOWLEDGE_TARGETS). */
  custom: z.boolean(),
});
export type ServiceTarget = z.output<typeof serviceTargetSchema>;

/** GET /api/staff/admin/service-targets: every category × priority, the defaults per priority. */
export const serviceTargetListSchema = z.object({
  targets: z.array(serviceTargetSchema),
  defaults: z.array(
    z.object({ priority: z.enum(PRIORITIES), acknowledgeMinutes: z.number(), resolveMinutes: z.number() }),
  ),
});
export type ServiceTargetList = z.output<typeof serviceTargetListSchema>;

/** POST /api/staff/grievances/{id}/priority (changeGrievancePriority): staff triage (docs/product-decisions.md D17). */
export const priorityChangeSchema = z.object({
  priority: z.enum(PRIORITIES, { error: TARGET_MESSAGES.priorityInvalid }),
});
