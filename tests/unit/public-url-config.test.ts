import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "#server/config.ts";

describe("PUBLIC_URL", () => {
  it("is unset by default: links then start with each request's origin", () => {
    expect(loadConfig({}).publicUrl).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: "" }).publicUrl).toBeUndefined();
  });

  it.each([
    ["https://water.example.org", "https://water.example.org"],
    ["https://water.example.org/", "https://water.example.org"],
    ["http://10.0.0.5:3000/portal/", "http://10.0.0.5:3000/portal"],
  ])("%s is used as %s", (value, expected) => {
    expect(loadConfig({ PUBLIC_URL: value }).publicUrl).toBe(expected);
  });

  it.each([
    ["water.example.org"],
    ["ftp://water.example.org"],
    ["https://water.example.org/?x=1"],
    ["https://water.example.org/#top"],
  ])("%s stops the start with a message naming it", (value) => {
    expect(() => loadConfig({ PUBLIC_URL: value })).toThrow(ConfigError);
    expect(() => loadConfig({ PUBLIC_URL: value })).toThrow(/PUBLIC_URL/);
  });
});
