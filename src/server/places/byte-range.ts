/**
 * One HTTP byte range (RFC 9110 14.1.2) of a file of `size` bytes: what the map's PMTiles reader asks for, a header
 * or a directory or a tile at a time. `undefined`: no usable Range header, so the whole file is the answer (a Range
 * the server does not understand, or several ranges, may be ignored); "unsatisfiable": a 416.
 */
export type ByteRange = { start: number; end: number } | "unsatisfiable" | undefined;

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

export function parseByteRange(header: string | undefined, size: number): ByteRange {
  const match = header === undefined ? null : SINGLE_RANGE.exec(header.trim());
  if (!match) return undefined;
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return undefined;
  if (first === "") {
    // The last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== "" && Number(last) < start) return undefined;
  if (start >= size) return "unsatisfiable";
  return { start, end };
}
