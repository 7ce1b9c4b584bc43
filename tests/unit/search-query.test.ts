import { describe, expect, it } from "vitest";
import { endsInPlainWord, searchCondition, withSingleMinus } from "#server/grievances/search-query.ts";

describe("endsInPlainWord", () => {
  it.each([
    "pip",
    "burst pip",
    "  leaking   pipe  ",
    '"broken main" pip',
    "-crab pip",
    "Straße",
    "пожар",
    "水管",
    "पानी",
    "A4",
    "17",
  ])("completes the last word of %j", (text) => expect(endsInPlainWord(text)).toBe(true));

  it.each([
    ["a closed phrase", '"broken main"'],
    ["an exclusion", "water -pipe"],
    ["the or operator", "pipe or"],
    ["the OR operator in capitals", "pipe OR"],
    ["punctuation", "100%"],
    ["a hyphenated word", "water-pi"],
    ["an apostrophe", "o'bri"],
    ["a decimal number", "3.5"],
    ["a lone mark", "\u0301"],
    ["nothing", "   "],
  ])("leaves %s as typed", (_what, text) => expect(endsInPlainWord(text)).toBe(false));
});

describe("withSingleMinus", () => {
  it.each([
    ["--pipe", "- pipe"],
    ["- - -pipe", "-    pipe"],
    ["-(-(-(pipe", "-( ( (pipe"],
    ["water -pipe -drain", "water -pipe -drain"],
    ["in-progress", "in-progress"],
    ["-кран -вода", "-кран -вода"],
  ])("%j -> %j", (text, expected) => expect(withSingleMinus(text)).toBe(expected));
});

describe("searchCondition", () => {
  it("only ever refers to the text through its parameter", () => {
    for (const text of ["pip", "'); DROP TABLE grievances; --", "a' OR '1'='1"]) {
      const params: unknown[] = ["earlier"];
      const sql = searchCondition("g.search_vector", text, params);
      expect(params).toEqual(["earlier", withSingleMinus(text)]);
      expect(sql).toContain("websearch_to_tsquery('simple', $2)");
      expect(sql.startsWith("g.search_vector @@ ")).toBe(true);
      expect(sql).not.toContain(text);
    }
  });

  it("marks the last lexeme as a prefix only when the text ends in a plain word", () => {
    expect(searchCondition("v", "pip", [])).toContain("':*'");
    expect(searchCondition("v", '"pipe"', [])).toBe("v @@ websearch_to_tsquery('simple', $1)");
  });

  it("passes a run of minus signs on as one", () => {
    const params: unknown[] = [];
    searchCondition("v", `${"-".repeat(60)}pipe`, params);
    expect(params).toEqual(["- " + " ".repeat(58) + "pipe"]);
  });
});
