import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "#server/config.ts";
import { contrastRatio, relativeLuminance } from "#server/operator/brand-color.ts";
import { missingOperatorSettings } from "#server/operator/operator-settings.ts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "operator-config-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const file = (name: string, content: string | Buffer) => {
  const at = path.join(dir, name);
  fs.writeFileSync(at, content);
  return at;
};
const image = (format: "png" | "jpeg" | "webp") =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: "#0b5d8c" } })
    .toFormat(format)
    .toBuffer();
const refusal = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("the configuration was accepted");
};

describe("WCAG 2.x contrast", () => {
  it("computes relative luminance and contrast as WCAG defines them", () => {
    expect(relativeLuminance("#ffffff")).toBeCloseTo(1, 6);
    expect(relativeLuminance("#000000")).toBe(0);
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 6);
    // Known figures: #767676 is the lightest grey that passes on white (4.54:1), #777777 fails (4.48:1).
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
    expect(contrastRatio("#ffffff", "#777777")).toBeCloseTo(4.48, 2);
  });
});

describe("PORTAL_BRAND_COLOR", () => {
  it("is unset by default: the portal's own blue", () => {
    expect(loadConfig({}).operator.brandColor).toBeUndefined();
  });

  it.each([
    ["#0B5D8C", "#0b5d8c"],
    ["#767676", "#767676"],
    ["#036", "#003366"],
  ])("%s is used as %s", (value, expected) => {
    expect(loadConfig({ PORTAL_BRAND_COLOR: value }).operator.brandColor).toBe(expected);
  });

  it("refuses a colour white text on which fails WCAG AA, saying the contrast and the threshold", () => {
    const message = refusal({ PORTAL_BRAND_COLOR: "#777777" });
    expect(message).toMatch(/PORTAL_BRAND_COLOR/);
    expect(message).toMatch(/4\.48:1/);
    expect(message).toMatch(/4\.5:1/);
    expect(refusal({ PORTAL_BRAND_COLOR: "#ffd166" })).toMatch(/too light/);
  });

  it.each(["blue", "0b5d8c", "#0b5d8", "rgb(0,0,0)"])("refuses %s, which is not a hex colour", (value) => {
    expect(refusal({ PORTAL_BRAND_COLOR: value })).toMatch(/PORTAL_BRAND_COLOR: must be a hex colour/);
  });
});

describe("PORTAL_LOGO", () => {
  it.each(["png", "jpeg", "webp"] as const)("accepts a %s file, known by its content", async (format) => {
    // Named .img: the name says nothing, the bytes decide.
    const logo = loadConfig({ PORTAL_LOGO: file(`logo-${format}.img`, await image(format)) }).operator.logo;
    expect(logo?.mime).toBe(`image/${format}`);
    expect(logo?.version).toMatch(/^[0-9a-f]{12}$/);
  });

  it("accepts an SVG file, with its XML declaration and comments", () => {
    const svg = '<?xml version="1.0"?>\n<!-- the utility --><svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>\n';
    expect(loadConfig({ PORTAL_LOGO: file("logo.svg", svg) }).operator.logo?.mime).toBe("image/svg+xml");
  });

  it("refuses a file that is not an image whatever its name, and a missing file", async () => {
    expect(refusal({ PORTAL_LOGO: file("logo.png", "not a picture at all") })).toMatch(
      /PORTAL_LOGO: .*logo\.png is not a PNG, SVG, WebP or JPEG image/,
    );
    expect(refusal({ PORTAL_LOGO: file("page.svg", "<html><svg></svg></html>") })).toMatch(/is not a PNG, SVG/);
    const gif = await sharp({ create: { width: 2, height: 2, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    expect(refusal({ PORTAL_LOGO: file("logo.gif", gif) })).toMatch(/is not a PNG, SVG, WebP or JPEG/);
    expect(refusal({ PORTAL_LOGO: path.join(dir, "missing.png") })).toMatch(/PORTAL_LOGO: cannot read .*ENOENT/);
  });
});

describe("the operator's name, address and emergency number", () => {
  it("are read and checked", () => {
    const { operator } = loadConfig({
      PORTAL_OPERATOR_NAME: "  Riverside Water Board ",
      PORTAL_OPERATOR_URL: "https://water.example.org/",
      PORTAL_EMERGENCY_PHONE: "+44 (0)800 123-4567",
    });
    expect(operator.name).toBe("Riverside Water Board");
    expect(operator.url).toBe("https://water.example.org/");
    expect(operator.emergencyPhone).toEqual({ display: "+44 (0)800 123-4567", dial: "+4408001234567" });
    expect(loadConfig({ PORTAL_EMERGENCY_PHONE: "999" }).operator.emergencyPhone?.dial).toBe("999");
  });

  it.each([
    [{ PORTAL_OPERATOR_URL: "water.example.org" }, /PORTAL_OPERATOR_URL/],
    [{ PORTAL_OPERATOR_URL: "javascript:alert(1)" }, /PORTAL_OPERATOR_URL/],
    [{ PORTAL_EMERGENCY_PHONE: "call us" }, /PORTAL_EMERGENCY_PHONE: must be a phone number/],
    [{ PORTAL_EMERGENCY_PHONE: "1" }, /PORTAL_EMERGENCY_PHONE/],
  ])("refuses %o", (env, message) => {
    expect(refusal(env)).toMatch(message);
  });

  it("without them the portal starts, and the start-up message names those a real deployment needs", () => {
    const message = missingOperatorSettings(loadConfig({}).operator);
    expect(message).toMatch(/PORTAL_OPERATOR_NAME/);
    expect(message).toMatch(/PORTAL_EMERGENCY_PHONE/);
    const named = loadConfig({ PORTAL_OPERATOR_NAME: "Riverside Water Board" }).operator;
    expect(missingOperatorSettings(named)).not.toMatch(/PORTAL_OPERATOR_NAME \(/);
    expect(missingOperatorSettings(named)).toMatch(/PORTAL_EMERGENCY_PHONE/);
    const complete = loadConfig({ PORTAL_OPERATOR_NAME: "Riverside Water Board", PORTAL_EMERGENCY_PHONE: "105" });
    expect(missingOperatorSettings(complete.operator)).toBeUndefined();
  });
});
