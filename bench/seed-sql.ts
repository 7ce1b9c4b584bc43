import {
  CATEGORY_SHARES,
  CLOSINGS,
  COMMON_SHARE,
  DETAILS,
  FREQUENT_SENTENCES,
  FREQUENT_SHARE,
  HIDDEN_SHARE,
  LANDMARKS,
  OPENINGS,
  OTHER_TITLES,
  PIPE_SENTENCES,
  PIPE_TITLES,
  PRIORITY_SHARES,
  RARE_EVERY,
  RARE_SENTENCES,
  SPAN_DAYS,
  STATUS_SHARES_BY_AGE,
  STREETS,
  UNCOMMON_PER_THOUSAND,
  UNCOMMON_SENTENCES,
} from "./seed-text.ts";
import { coordinateSql, offsetSql, PIN_SHARE } from "./seed-places.ts";
import { workColumns, workValuesSql, type SeededWork } from "./seed-work.ts";

/** Rows g = `from`…`to` of a series of `total` new reports numbered from `first`. */
export interface SeriesSlice {
  first: number;
  from: number;
  to: number;
  total: number;
}

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** One of `values`, chosen by `draw` in [0, 1). */
const pick = (values: readonly string[], draw: string) =>
  `(ARRAY[${values.map(literal).join(", ")}])[1 + floor(${draw} * ${values.length})::int]`;

/** A key of `shares`, chosen by `draw` in [0, 1) with the given probabilities. */
function weighted(shares: Record<string, number>, draw: string): string {
  const entries = Object.entries(shares);
  let cumulative = 0;
  const branches = entries.slice(0, -1).map(([value, share]) => {
    cumulative += share;
    return `WHEN ${draw} < ${cumulative.toFixed(6)} THEN ${literal(value)}`;
  });
  return `CASE ${branches.join(" ")} ELSE ${literal(entries.at(-1)![0])} END`;
}

const statusByAge = (age: string, draw: string) =>
  `CASE ${STATUS_SHARES_BY_AGE.map(({ underDays, shares }) =>
    Number.isFinite(underDays)
      ? `WHEN ${age} < ${underDays} THEN ${weighted(shares, draw)}`
      : `ELSE ${weighted(shares, draw)}`,
  ).join(" ")} END`;

/**
 * One INSERT … SELECT over generate_series: the database makes the rows itself, so a million cost no round trips.
 * Every draw is a random() column of the inner query, evaluated once per row. Rows come oldest first, as a
 * portal stores them over the years: created_at grows with g, so the table's physical order follows the list's
 * order as it would in real use (index scans of the list then read neighbouring pages, not scattered ones).
 * Only numbers are spliced into the text.
 */
export function insertReportsSql({ first, from, to, total }: SeriesSlice, work: SeededWork): string {
  const draws = Array.from({ length: 23 }, (_, i) => `random() AS r${i + 1}`).join(", ");
  // r15 to r20 place the pin (seed-places.ts): whether there is one, where, and the two even draws.
  const pin = { which: "s.r16", u: "s.r17", v: "s.r18" };
  return `
    INSERT INTO grievances
      (title, description, location, category, priority, status, user_email, user_phone, created_at, hidden_at, hidden_reason,
       latitude, longitude, ${workColumns.join(", ")})
    SELECT
      CASE WHEN d.common THEN ${pick(PIPE_TITLES, "d.r1")} ELSE ${pick(OTHER_TITLES, "d.r1")} END
        || CASE WHEN d.r2 < 0.5 THEN ' near the ' || ${pick(LANDMARKS, "d.r3")} ELSE ' in Ward ' || d.ward END,
      ${pick(OPENINGS, "d.r4")} || ' ' || ${pick(DETAILS, "d.r5")}
        || CASE WHEN d.common THEN ' ' || ${pick(PIPE_SENTENCES, "d.r6")} ELSE '' END
        || CASE WHEN d.rare THEN ' ' || ${pick(RARE_SENTENCES, "d.r6")} ELSE '' END
        || CASE WHEN d.uncommon THEN ' ' || ${pick(UNCOMMON_SENTENCES, "d.r6")} ELSE '' END
        || CASE WHEN d.frequent THEN ' ' || ${pick(FREQUENT_SENTENCES, "d.r2")} ELSE '' END
        || ' ' || ${pick(CLOSINGS, "d.r7")},
      CASE WHEN d.r8 < 0.25 THEN NULL
           ELSE 'Ward ' || d.ward || ', ' || ${pick(STREETS, "d.r9")} || ' ' || (1 + floor(d.r10 * 200)::int) END,
      ${weighted(CATEGORY_SHARES, "d.r11")},
      d.priority,
      ${statusByAge("d.age_days", "d.r13")},
      CASE WHEN d.r14 < 0.4 THEN 'resident' || d.g || '@example.org' END,
      CASE WHEN d.r14 >= 0.7 THEN '+254 7' || lpad((d.g % 100000000)::text, 8, '0') END,
      now() - d.age_days * interval '1 day',
      CASE WHEN d.hidden THEN now() - d.age_days / 2 * interval '1 day' END,
      CASE WHEN d.hidden THEN 'Spam' END,
      CASE WHEN d.pinned THEN ${coordinateSql("north", "d.north")} END,
      CASE WHEN d.pinned THEN ${coordinateSql("east", "d.east")} END,
      ${workValuesSql(work, ["d.r21", "d.r22", "d.r23"], "d.priority", "now() - d.age_days * interval '1 day'").join(",\n      ")}
    FROM (
      SELECT s.*,
        -- u runs evenly over [0, 1) with g; the square root puts more reports into recent months.
        ${SPAN_DAYS} * (1 - sqrt((s.g - ${first} + s.jitter) / ${total}::float8)) AS age_days,
        1 + (s.g % 40) AS ward,
        ${weighted(PRIORITY_SHARES, "s.r12")} AS priority,
        random() < ${COMMON_SHARE} AS common,
        s.g % ${RARE_EVERY} = 0 AS rare,
        -- The remainders after the rare word's 0, so that the two never share a report.
        s.g % 1000 BETWEEN 1 AND ${UNCOMMON_PER_THOUSAND} AS uncommon,
        random() < ${FREQUENT_SHARE} AS frequent,
        random() < ${HIDDEN_SHARE} AS hidden,
        s.r15 < ${PIN_SHARE} AS pinned,
        ${offsetSql("east", { ...pin, even: "s.r19" })} AS east,
        ${offsetSql("north", { ...pin, even: "s.r20" })} AS north
      FROM (SELECT g, random() AS jitter, ${draws} FROM generate_series(${from}, ${to}) AS g) AS s
    ) AS d`;
}
