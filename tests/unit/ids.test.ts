import { describe, expect, it } from "vitest";
import { idSchema, isId } from "#shared/ids.ts";

describe("the one id pattern (docs/api-conventions.md, Path parameters and ids)", () => {
  it("takes a uuid as PostgreSQL writes it, in either case", () => {
    expect(isId("5f0c6a8e-9d2b-4c1e-8a3f-2b7d9e6c1a40")).toBe(true);
    expect(isId("5F0C6A8E-9D2B-4C1E-8A3F-2B7D9E6C1A40")).toBe(true);
  });

  it.each([
    "-".repeat(36),
    "0123456789abcdef0123456789abcdef----",
    "5f0c6a8e9d2b4c1e8a3f2b7d9e6c1a40",
    "{5f0c6a8e-9d2b-4c1e-8a3f-2b7d9e6c1a40}",
    "5f0c6a8e-9d2b-4c1e-8a3f-2b7d9e6c1a401",
    "zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz",
    "",
  ])("refuses %j, which a looser pattern or PostgreSQL's cast would read otherwise", (value) => {
    expect(isId(value)).toBe(false);
    const parsed = idSchema("There is no such team.").safeParse(value);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe("There is no such team.");
  });

  it("refuses what is not text with the same message", () => {
    for (const value of [null, 1, [], {}]) {
      expect(idSchema("There is no such team.").safeParse(value).error?.issues[0]?.message).toBe(
        "There is no such team.",
      );
    }
  });
});
