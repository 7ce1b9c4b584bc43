import { describe, expect, it } from "vitest";
import { DEFAULT_SCRYPT_PARAMS, hashPassword, verifyAgainstDummy, verifyPassword } from "#server/auth/password.ts";

const CHEAP = { N: 2 ** 12, r: 8, p: 1 };

describe("password hashing", () => {
  it("stores the scrypt parameters and a per-password salt with the hash", async () => {
    const one = await hashPassword("correct horse battery", CHEAP);
    const two = await hashPassword("correct horse battery", CHEAP);
    expect(one).toMatch(/^scrypt\$4096\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}$/);
    expect(one).not.toBe(two);
  });

  it("verifies the right password and refuses a wrong one", async () => {
    const stored = await hashPassword("correct horse battery", CHEAP);
    expect(await verifyPassword("correct horse battery", stored)).toBe(true);
    expect(await verifyPassword("correct horse batter", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  it("treats canonically equivalent Unicode spellings as the same password", async () => {
    const stored = await hashPassword("caf\u00e9 au lait 2024", CHEAP);
    expect(await verifyPassword("cafe\u0301 au lait 2024", stored)).toBe(true);
  });

  it("refuses malformed or absurd stored hashes instead of throwing", async () => {
    for (const stored of [
      "",
      "plain",
      "scrypt$1$1$1$a$b",
      "bcrypt$4096$8$1$aaaa$bbbb",
      "scrypt$4294967296$8$1$aaaa$bbbb",
    ]) {
      expect(await verifyPassword("anything", stored)).toBe(false);
    }
  });

  it("uses a memory-hard default cost and spends it for unknown accounts too", async () => {
    expect(DEFAULT_SCRYPT_PARAMS.N * DEFAULT_SCRYPT_PARAMS.r * 128).toBeGreaterThanOrEqual(64 * 1024 * 1024);
    expect(await verifyAgainstDummy("whatever")).toBe(false);
  });
});
