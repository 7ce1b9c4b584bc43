import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { withoutTrackingToken } from "#server/http/request-log.ts";
import {
  hashTrackingToken,
  newTrackingSalt,
  newTrackingToken,
  trackingTokenForKey,
  trackingTokenHashOf,
} from "#server/tracking/tracking-token.ts";
import { isTrackingToken, trackingPagePath, trackingTokenOf } from "#shared/tracking/tracking.ts";

describe("tracking tokens", () => {
  it("are 32 base64url characters (192 random bits), each one new", () => {
    const tokens = Array.from({ length: 1_000 }, newTrackingToken);
    expect(tokens.every(isTrackingToken)).toBe(true);
    expect(new Set(tokens).size).toBe(1_000);
    expect(Buffer.from(tokens[0]!, "base64url")).toHaveLength(24);
  });

  it("of a submit with an Idempotency-Key are the same for the same key and salt, and only then", () => {
    const salt = newTrackingSalt();
    const token = trackingTokenForKey("key-1", salt);
    expect(isTrackingToken(token)).toBe(true);
    expect(trackingTokenForKey("key-1", Buffer.from(salt))).toBe(token);
    expect(trackingTokenForKey("key-2", salt)).not.toBe(token);
    expect(trackingTokenForKey("key-1", newTrackingSalt())).not.toBe(token);
  });

  it("are stored as the SHA-256 of their text", () => {
    const token = newTrackingToken();
    expect(hashTrackingToken(token).equals(createHash("sha256").update(token).digest())).toBe(true);
    expect(trackingTokenHashOf(token)?.equals(hashTrackingToken(token))).toBe(true);
  });

  it.each([["short"], ["A".repeat(31)], ["A".repeat(33)], [`${"A".repeat(31)}.`], [`${"A".repeat(31)}=`], [""]])(
    "%s is no token, so nothing is looked up",
    (text) => {
      expect(trackingTokenHashOf(text)).toBeUndefined();
    },
  );
});

describe("tracking links", () => {
  const token = "abcdefghijklmnopqrstuvwxyz012-_A";

  it("name the page /track/<token>, and the token is read back from an absolute link or a path", () => {
    expect(trackingPagePath(token)).toBe(`/track/${token}`);
    expect(trackingTokenOf(`https://water.example.org/track/${token}`)).toBe(token);
    expect(trackingTokenOf(`https://water.example.org/portal/track/${token}`)).toBe(token);
    expect(trackingTokenOf(`https://water.example.org/track/${token}/more`)).toBeUndefined();
    expect(trackingTokenOf(`/track/${token}`)).toBe(token);
    expect(trackingTokenOf("/track/not-a-token")).toBeUndefined();
    expect(trackingTokenOf(`/grievance/${token}`)).toBeUndefined();
  });

  it("lose their token in the log", () => {
    expect(withoutTrackingToken(`/track/${token}`)).toBe("/track/\u2026");
    expect(withoutTrackingToken(`/api/track/${token}?x=1`)).toBe("/api/track/\u2026?x=1");
    expect(withoutTrackingToken("/api/grievances?q=track")).toBe("/api/grievances?q=track");
  });
});
