import { PRIORITIES, type Priority } from "#shared/domain.ts";

/**
 * Per priority, how long a report may take: days to resolve (OVERDUE_TARGETS) or hours to acknowledge
 * (ACKNOWLEDGE_TARGETS). The defaults of every category's service targets (docs/decisions/030).
 */
export type OverdueTargets = Record<Priority, number>;

export const DEFAULT_OVERDUE_TARGETS: OverdueTargets = { urgent: 1, high: 3, medium: 7, low: 14 };
/** Hours to acknowledge (a first status change or public note), per priority. */
export const DEFAULT_ACKNOWLEDGE_TARGETS: OverdueTargets = { urgent: 1, high: 4, medium: 24, low: 72 };

/**
 * Parses "urgent=1,high=3,medium=7,low=14" (any subset; unnamed priorities keep their default). Values may be
 * fractional ("urgent=0.5" is twelve hours in days). Throws an Error whose message says what is wrong.
 */
export function parseOverdueTargets(
  text: string | undefined,
  defaults: OverdueTargets = DEFAULT_OVERDUE_TARGETS,
  unit: "days" | "hours" = "days",
): OverdueTargets {
  const targets = { ...defaults };
  if (text === undefined || text.trim() === "") return targets;
  const max = unit === "days" ? 3650 : 3650 * 24;
  for (const part of text.split(",")) {
    const match = /^\s*([a-z]+)\s*=\s*([0-9]+(?:\.[0-9]+)?)\s*$/.exec(part);
    if (!match) throw new Error(`"${part.trim()}" is not of the form priority=${unit} (e.g. urgent=1)`);
    const [, name, days] = match as unknown as [string, string, string];
    if (!(PRIORITIES as readonly string[]).includes(name)) {
      throw new Error(`unknown priority "${name}"; use ${PRIORITIES.join(", ")}`);
    }
    const value = Number(days);
    if (!(value > 0 && value <= max)) throw new Error(`${unit} for ${name} must be more than 0 and at most ${max}`);
    targets[name as Priority] = value;
  }
  return targets;
}

/** ACKNOWLEDGE_TARGETS: "urgent=1,high=4,medium=24,low=72", hours. */
export const parseAcknowledgeTargets = (text: string): OverdueTargets =>
  parseOverdueTargets(text, DEFAULT_ACKNOWLEDGE_TARGETS, "hours");
