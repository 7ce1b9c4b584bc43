/**
 * W3C-DTF (https://www.w3.org/TR/NOTE-datetime), the date format GeoReport v2 names for start_date and end_date:
 * YYYY, YYYY-MM, YYYY-MM-DD, then a time to the minute, the second or a fraction of it, which always carries its
 * zone (Z or ±hh:mm). A value stands for a span of time, as long as its precision: "2026-11" is all of November,
 * "2026-11-01T00:00Z" the first minute of it. A start_date means the span's first instant, an end_date its last, so
 * that `start_date=2026-11-01&end_date=2026-11-30` takes in the whole of the 30th. A date without a time is read in
 * UTC (the note leaves its zone open).
 */
const W3C_DTF =
  /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2}))?)?)?$/;

export const W3C_DATETIME_HELP = "a W3C date, e.g. 2026-11-01, 2026-11-01T00:00Z or 2026-11-01T00:00:00+03:00";

export interface W3cSpan {
  /** The span's first millisecond. */
  first: Date;
  /** The span's last millisecond. */
  last: Date;
}

export function parseW3cDatetime(text: string): W3cSpan | undefined {
  const match = W3C_DTF.exec(text);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second, fraction, zone] = match;
  const y = Number(year);
  const mo = month === undefined ? 1 : Number(month);
  const d = day === undefined ? 1 : Number(day);
  const h = hour === undefined ? 0 : Number(hour);
  const mi = minute === undefined ? 0 : Number(minute);
  const s = second === undefined ? 0 : Number(second);
  const ms = fraction === undefined ? 0 : Math.floor(Number(`0.${fraction}`) * 1000);
  if (mo < 1 || mo > 12 || d < 1 || d > daysIn(y, mo) || h > 23 || mi > 59 || s > 59) return undefined;
  let offsetMinutes = 0;
  if (zone !== undefined && zone !== "Z") {
    const [zh, zm] = zone.slice(1).split(":").map(Number) as [number, number];
    if (zh > 23 || zm > 59) return undefined;
    offsetMinutes = (zone.startsWith("-") ? -1 : 1) * (zh * 60 + zm);
  }
  const start = Date.UTC(y, mo - 1, d, h, mi, s, ms) - offsetMinutes * 60_000;
  // The first instant of the next span at the same precision, less one millisecond.
  const next =
    month === undefined
      ? Date.UTC(y + 1, 0, 1)
      : day === undefined
        ? Date.UTC(y, mo, 1)
        : hour === undefined
          ? Date.UTC(y, mo - 1, d + 1)
          : start + (second === undefined ? 60_000 : fraction === undefined ? 1_000 : 1);
  return { first: new Date(start), last: new Date(next - 1) };
}

export const isW3cDatetime = (text: string): boolean => parseW3cDatetime(text) !== undefined;

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}
