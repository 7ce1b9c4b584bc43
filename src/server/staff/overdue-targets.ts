import { PRIORITIES, type Priority } from "#shared/domain.ts";

/** Days a report of each priority may stay open before it counts as overdue (defaults below). */
export type OverdueTargets = Record<Priority, number>;

export const DEFAULT_OVERDUE_TARGETS: OverdueTargets = { urgent: 1, high: 3, medium: 7, low: 14 };

/**
 * Parses "urgent=1,high=3,medium=7,low=14" (any subset; unnamed priorities keep their default). Days may be
 * fractional ("urgent=0.5" is twelve hours). Throws an Error whose message says what is wrong.
 */
export function parseOverdueTargets(text: string | undefined): OverdueTargets {
  const targets = { ...DEFAULT_OVERDUE_TARGETS };
  if (text === undefined || text.trim() === "") return targets;
  for (const part of text.split(",")) {
    const match = /^\s*([a-z]+)\s*=\s*([0-9]+(?:\.[0-9]+)?)\s*$/.exec(part);
    if (!match) throw new Error(`"${part.trim()}" is not of the form priority=days (e.g. urgent=1)`);
    const [, name, days] = match as unknown as [string, string, string];
    if (!(PRIORITIES as readonly string[]).includes(name)) {
      throw new Error(`unknown priority "${name}"; use ${PRIORITIES.join(", ")}`);
    }
    const value = Number(days);
    if (!(value > 0 && value <= 3650)) throw new Error(`days for ${name} must be more than 0 and at most 3650`);
    targets[name as Priority] = value;
  }
  return targets;
}
