import type { Category, Priority, Status } from "#shared/domain.ts";

/**
 * The vocabulary of seeded reports. Two words are the benchmark's search terms and appear nowhere else, not even as
 * the start of another word (a prefix search for "pipe" would find "piped"), so their shares are exactly the ones
 * drawn in seed-sql.ts whether the search matches substrings, words or prefixes.
 */
export const SEARCH_TERMS = {
  /** In COMMON_SHARE of reports: title and description. */
  common: "pipe",
  /** In one report of RARE_EVERY: one sentence of the description. */
  rare: "arsenic",
  /**
   * In UNCOMMON_PER_THOUSAND of every thousand reports (0.3 %): a little commoner than the rare word, past the
   * count where reading every match stops paying (docs/decisions/011-full-text-search.md).
   */
  uncommon: "fluoride",
  /** In FREQUENT_SHARE of reports (3 %): too common to read every match, too rare to find a page's worth by walking. */
  frequent: "chlorine",
} as const;
export const COMMON_SHARE = 0.3;
export const RARE_EVERY = 1_000;
export const UNCOMMON_PER_THOUSAND = 3;
export const FREQUENT_SHARE = 0.03;

export const PIPE_TITLES = [
  "Burst pipe",
  "Leaking pipe",
  "Broken water pipe",
  "Exposed pipe across the path",
  "Rusty pipe at the standpost",
  "Cracked pipe under the road",
];

export const OTHER_TITLES = [
  "Brown water from the tap",
  "Blocked drain",
  "No water supply",
  "Broken hand pump",
  "Overflowing sewer",
  "Dry borehole",
  "Smelly tap water",
  "Low water pressure",
  "Open manhole",
  "Flooded latrine",
  "Cloudy water",
  "Broken water meter",
  "Illegal connection",
  "Sludge not collected",
  "Damaged water kiosk",
  "Standing water after rain",
];

export const LANDMARKS = [
  "market",
  "primary school",
  "clinic",
  "bus station",
  "church",
  "mosque",
  "police post",
  "football ground",
];

export const STREETS = [
  "Station Road",
  "Market Street",
  "Lake View",
  "Hospital Road",
  "River Lane",
  "Mission Road",
  "Kiosk Lane",
  "Church Road",
  "Airport Road",
  "Hill Crescent",
];

export const OPENINGS = [
  "Residents say the problem started on Monday.",
  "It has been like this for two weeks.",
  "This is the third report this month.",
  "Children fetch water here every morning.",
  "Neighbours have complained to the ward office.",
  "The problem comes back every dry season.",
  "Nobody has come since we first called.",
  "About forty households are affected.",
];

export const DETAILS = [
  "The water is brown and tastes of metal.",
  "The drain overflows whenever it rains.",
  "The tap runs dry after nine in the morning.",
  "Sewage is flowing onto the footpath.",
  "The meter turns even when every tap is closed.",
  "Mosquitoes breed in the standing water.",
  "The handle of the hand pump is broken.",
  "The water smells of rotten eggs.",
  "The latrine pit is full and nobody empties it.",
  "Pressure is so low that the upper floors get nothing.",
];

export const PIPE_SENTENCES = [
  "Water is spraying from a cracked pipe.",
  "The pipe under the road has burst.",
  "A pipe joint leaks day and night.",
  "The old pipe is corroded through.",
];

export const RARE_SENTENCES = [
  "A laboratory test found arsenic above the safe limit.",
  "We are afraid there is arsenic in the well.",
];

export const UNCOMMON_SENTENCES = ["The tap water has too much fluoride.", "Teeth are stained, perhaps by fluoride."];

export const FREQUENT_SENTENCES = [
  "The water smells strongly of chlorine.",
  "There is no chlorine in the water any more.",
];

export const CLOSINGS = [
  "Please send someone soon.",
  "Please fix it before the rains.",
  "Thank you.",
  "We need help urgently.",
];

/** Shares of reports; each list sums to 1. */
export const CATEGORY_SHARES: Record<Category, number> = {
  "Water Supply Problems": 0.25,
  "Leakage Issues": 0.18,
  "Water Quality Issues": 0.15,
  "Sanitation Issues": 0.14,
  "Drainage Problems": 0.12,
  "Infrastructure Problems": 0.1,
  Other: 0.06,
};

export const PRIORITY_SHARES: Record<Priority, number> = { low: 0.2, medium: 0.45, high: 0.25, urgent: 0.1 };

/** Old reports are mostly resolved; the last fortnight's mostly open. */
export const STATUS_SHARES_BY_AGE: Array<{ underDays: number; shares: Record<Status, number> }> = [
  { underDays: 14, shares: { pending: 0.6, "in-progress": 0.3, resolved: 0.1 } },
  { underDays: 90, shares: { pending: 0.15, "in-progress": 0.25, resolved: 0.6 } },
  { underDays: Infinity, shares: { pending: 0.02, "in-progress": 0.03, resolved: 0.95 } },
];

/** Reports hidden by staff (spam, personal data): not public, so not in the tallies. */
export const HIDDEN_SHARE = 0.002;

/** Reports are spread over this many days before the seeding, more of them recent (the portal's use grows). */
export const SPAN_DAYS = 730;
