const UNITS = [
  { seconds: 86_400, one: "day", many: "days" },
  { seconds: 3_600, one: "hour", many: "hours" },
  { seconds: 60, one: "minute", many: "minutes" },
] as const;

/**
 * Human-readable length of time with at most `parts` units, largest first: 187_200 -> "2 days 4 hours".
 * Rounds down (an "overdue by 2 days" must not be shown for 1 day 23 hours); under a minute is "less than a minute".
 */
export function formatDuration(totalSeconds: number, parts = 2): string {
  let rest = Math.max(0, Math.floor(totalSeconds));
  const words: string[] = [];
  for (const unit of UNITS) {
    if (words.length >= parts) break;
    const count = Math.floor(rest / unit.seconds);
    rest -= count * unit.seconds;
    if (count > 0) words.push(`${count} ${count === 1 ? unit.one : unit.many}`);
    // Skip smaller units once a larger one was written but this one was zero ("2 days", not "2 days 5 minutes").
    else if (words.length > 0) break;
  }
  return words.length > 0 ? words.join(" ") : "less than a minute";
}
