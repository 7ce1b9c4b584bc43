import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor, type ListCursor } from "#server/grievances/list-cursor.ts";

const cursor: ListCursor = {
  direction: "after",
  at: "2026-03-05T14:07:09.123456Z",
  id: "0f8fad5b-d9cb-469f-a165-70867728950e",
};
const tokenOf = (text: string) => Buffer.from(text, "utf8").toString("base64url");

describe("list cursors", () => {
  it("round-trip through an opaque, URL-safe token", () => {
    for (const c of [
      cursor,
      { ...cursor, direction: "before" as const },
      { ...cursor, at: "0001-01-01T00:00:00.000000Z" },
    ]) {
      const token = encodeCursor(c);
      expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(decodeCursor(token)).toEqual(c);
    }
  });

  it.each([
    ["an empty token", ""],
    ["characters outside base64url", `${encodeCursor(cursor)}=`],
    ["a token with a space", `a ${encodeCursor(cursor)}`],
    ["a token that is too long", "A".repeat(201)],
    ["plain text", "page-2"],
    ["an unknown direction", tokenOf(`x|${cursor.at}|${cursor.id}`)],
    ["a missing part", tokenOf(`a|${cursor.at}`)],
    ["an extra part", tokenOf(`a|${cursor.at}|${cursor.id}|1`)],
    ["a time without microseconds", tokenOf(`a|2026-03-05T14:07:09.123Z|${cursor.id}`)],
    ["a time zone other than UTC", tokenOf(`a|2026-03-05T14:07:09.123456+01|${cursor.id}`)],
    ["30 February", tokenOf(`a|2026-02-30T14:07:09.123456Z|${cursor.id}`)],
    ["hour 24", tokenOf(`a|2026-03-05T24:00:00.000000Z|${cursor.id}`)],
    ["year 0", tokenOf(`a|0000-03-05T14:07:09.123456Z|${cursor.id}`)],
    ["an id that is not a uuid", tokenOf(`a|${cursor.at}|1' OR '1'='1`)],
    ["an upper-case id", tokenOf(`a|${cursor.at}|${cursor.id.toUpperCase()}`)],
    ["bytes that are not UTF-8", Buffer.from([0x61, 0x7c, 0xff, 0xfe]).toString("base64url")],
  ])("refuses %s", (_what, token) => {
    expect(decodeCursor(token)).toBeUndefined();
  });

  it("refuses a token spelled differently from the one it gave out", () => {
    const token = encodeCursor(cursor);
    // A dangling last character decodes to no byte at all: another spelling of the same cursor.
    const longer = `${token}A`;
    expect(Buffer.from(longer, "base64url")).toEqual(Buffer.from(token, "base64url"));
    expect(decodeCursor(longer)).toBeUndefined();
  });
});
