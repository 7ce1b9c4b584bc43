import { describe, expect, it } from "vitest";
import { escapeLikeTerm } from "../../src/server/grievances/grievance-sql.ts";

describe("escapeLikeTerm", () => {
  it.each([
    ["plain", "plain"],
    ["100%", "100\\%"],
    ["a_b", "a\\_b"],
    ["back\\slash", "back\\\\slash"],
    ["%_\\", "\\%\\_\\\\"],
  ])("%s -> %s", (input, expected) => {
    expect(escapeLikeTerm(input)).toBe(expected);
  });
});
