import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";
import { OPERATOR_SLOT } from "#server/operator/operator-page.ts";
import { OPERATOR_CSS } from "#server/operator/operator-styles.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

/**
 * The operator's identity on every page (docs/configuration.md): the PORTAL_… settings put the name, its link and
 * logo, the emergency number and the brand colour into the page the server sends, and the logo is served from one
 * address with a long cache. The page here is index.html as the build makes it, cut down to what the server edits.
 */
const INDEX_HTML =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="theme-color" content="#0b5d8c" />' +
  `<title>Clean Water Portal</title></head><body><div id="root"><footer>${OPERATOR_SLOT}</footer></div></body></html>`;
// The precache list as Workbox writes it into the service worker.
const SERVICE_WORKER =
  's.precacheAndRoute([{url:"assets/index-1.js",revision:null},{url:"index.html",revision:"5321562c"}],{});';
const SVG_LOGO = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4"/></svg>';

let dir: string;
let configured: TestApp;
let bare: TestApp;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "portal-operator-"));
  const webDir = path.join(dir, "web");
  await fs.mkdir(webDir);
  await fs.writeFile(path.join(webDir, "index.html"), INDEX_HTML);
  await fs.writeFile(path.join(webDir, "sw.js"), SERVICE_WORKER);
  await fs.writeFile(path.join(dir, "logo.svg"), SVG_LOGO);
  const { operator } = loadConfig({
    PORTAL_OPERATOR_NAME: "Riverside Water & Sewer Board",
    PORTAL_OPERATOR_URL: "https://water.example.org/",
    PORTAL_LOGO: path.join(dir, "logo.svg"),
    PORTAL_EMERGENCY_PHONE: "+44 800 123 4567",
    PORTAL_BRAND_COLOR: "#1a5e20",
  });
  configured = await createTestApp({ config: { webDir, operator } });
  bare = await createTestApp({ config: { webDir } });
});

afterAll(async () => {
  await configured?.close();
  await bare?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const page = (app: TestApp, url = "/", language = "en") =>
  app.app.inject({ method: "GET", url, headers: { "accept-language": language } });

describe("the operator on every page", () => {
  it.each(["/", "/submit-grievance", "/grievances", "/incidents", "/accessibility"])(
    "%s names the operator, linked to its site with its logo, and the emergency number as a tel: link",
    async (url) => {
      const { body, statusCode } = await page(configured, url);
      expect(statusCode).toBe(200);
      expect(body).toContain(
        '<a href="https://water.example.org/"><img src="/operator-logo?v=' +
          createHash("sha256").update(SVG_LOGO).digest("hex").slice(0, 12),
      );
      expect(body).toContain('<span dir="auto">Riverside Water &amp; Sewer Board</span></a>');
      expect(body).toContain(
        '<span lang="en">For emergencies such as a burst main, call <a href="tel:+448001234567" dir="ltr" class="operator__phone">+44 800 123 4567</a>.</span>',
      );
    },
  );

  it("carries the emergency sentence in every language, so a language switched in the browser shows its own", async () => {
    const { body } = await page(configured, "/", "ar");
    for (const language of ["en", "es", "fr", "hi", "ar"]) expect(body).toContain(`<span lang="${language}">`);
    expect(body).toContain('في حالات الطوارئ مثل انفجار خط المياه الرئيسي، اتصل على <a href="tel:+448001234567"');
  });

  it("sets the brand colour after the stylesheet, allowed by its hash in the CSP, and as the browser's theme colour", async () => {
    const response = await page(configured);
    // The footer part's own rules come with it (none in a page without it), then the colour.
    const css = `${OPERATOR_CSS}:root{--brand:#1a5e20}`;
    expect(response.body).toContain(`<style>${css}</style></head>`);
    expect(response.body).toContain('<meta name="theme-color" content="#1a5e20"');
    const hash = createHash("sha256").update(css).digest("base64");
    expect(response.headers["content-security-policy"]).toMatch(
      new RegExp(`style-src 'self' 'sha256-${hash.replace(/[+/]/g, "\\$&")}'`),
    );
  });

  it("without the settings, sends the page as built: no operator, no inline style, the CSP as strict as before", async () => {
    const response = await page(bare);
    expect(response.body).toBe(INDEX_HTML.replace('<html lang="en">', '<html lang="en" dir="ltr">'));
    expect(response.headers["content-security-policy"]).toMatch(/style-src 'self'(;|$)/);
  });
});

describe("the offline shell the service worker keeps", () => {
  it("is /index.html with the operator's part, so pages answered from it keep the name, number and colour", async () => {
    const response = await configured.app.inject({ method: "GET", url: "/index.html" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(response.body).toContain('<div id="portal-operator" class="operator">');
    expect(response.body).toContain(`<style>${OPERATOR_CSS}:root{--brand:#1a5e20}</style>`);
  });

  it("is named in the service worker with a revision that changes with the operator's settings", async () => {
    const revisionOf = async (app: TestApp) => {
      const body = (await app.app.inject({ method: "GET", url: "/sw.js" })).body;
      return /\{url:"index\.html",revision:"([^"]+)"\}/.exec(body)?.[1];
    };
    expect(await revisionOf(bare)).toBe("5321562c");
    expect(await revisionOf(configured)).toMatch(/^5321562c-[0-9a-f]{12}$/);
    const other = await createTestApp({
      config: {
        webDir: configured.config.webDir,
        operator: { ...configured.config.operator, brandColor: "#333333" },
      },
    });
    try {
      expect(await revisionOf(other)).toMatch(/^5321562c-[0-9a-f]{12}$/);
      expect(await revisionOf(other)).not.toBe(await revisionOf(configured));
    } finally {
      await other.close();
    }
  });

  it("without the settings, is the file as built", async () => {
    const response = await bare.app.inject({ method: "GET", url: "/index.html" });
    expect(response.body).toBe(INDEX_HTML);
  });
});

describe("GET /operator-logo", () => {
  it("serves the logo as its type, cached for a year, an SVG unable to run anything", async () => {
    const response = await configured.app.inject({ method: "GET", url: "/operator-logo?v=anything" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers["content-security-policy"]).toMatch(/default-src 'none'.*sandbox/);
    expect(response.body).toBe(SVG_LOGO);
  });

  it("is not there without PORTAL_LOGO", async () => {
    const response = await bare.app.inject({ method: "GET", url: "/operator-logo" });
    expect(response.headers["content-type"]).not.toMatch(/^image\//);
  });
});
