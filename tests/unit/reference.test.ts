import { describe, expect, it } from "vitest";
import { newReference } from "#server/grievances/reference.ts";
import { isReference, REFERENCE_ALPHABET, REFERENCE_PATTERN } from "#shared/grievances/reference.ts";

describe("newReference", () => {
  it("is WS- and six characters, each picked by the low five bits of one random byte", () => {
    expect(newReference(() => Uint8Array.from([0, 1, 31, 32, 255, 8]))).toBe("WS-23Z2ZA");
  });

  it("asks the random source for exactly six bytes", () => {
    const sizes: number[] = [];
    newReference((size) => {
      sizes.push(size);
      return new Uint8Array(size);
    });
    expect(sizes).toEqual([6]);
  });

  it("draws from the operating system: always the format, and every character of the alphabet", () => {
    const references = Array.from({ length: 1_000 }, () => newReference());
    expect(references.every(isReference)).toBe(true);
    const seen = new Set(references.flatMap((reference) => [...reference.slice(3)]));
    expect([...seen].sort().join("")).toBe(REFERENCE_ALPHABET);
    // 30 bits each: among 1,000, one pair repeats with a chance of 1 in 2,000, two pairs of 1 in 10 million.
    expect(new Set(references).size).toBeGreaterThanOrEqual(999);
  });
});

describe("the reference alphabet", () => {
  it("has 32 characters and none that is easily mistaken for another", () => {
    expect(REFERENCE_ALPHABET).toHaveLength(32);
    expect(new Set(REFERENCE_ALPHABET).size).toBe(32);
    expect(REFERENCE_ALPHABET).not.toMatch(/[01IO]/);
  });

  it.each([
    ["WS-4F7K2Q", true],
    ["WS-234567", true],
    ["ws-4f7k2q", false],
    ["WS-4F7K2", false],
    ["WS-4F7K2QX", false],
    ["WS-0O1I23", false],
    ["XX-4F7K2Q", false],
  ])("%s is a reference: %s", (text, expected) => {
    expect(REFERENCE_PATTERN.test(text)).toBe(expected);
  });
});
