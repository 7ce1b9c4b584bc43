import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GrievanceListResponse, PublicGrievance } from "#shared/api-types.ts";
import { makeJpeg } from "../fixtures/images.ts";
import { textIn } from "../support/catalogue.ts";
import { createTestApp, postGrievance, validFields, type TestApp } from "./test-app.ts";

/**
 * How the built web app and the API's JSON travel: precompressed assets, compressed JSON, cache headers, ETags,
 * robots.txt and the web app manifest. The web app is built for this file into a folder of its own (dist/web,
 * which other runs rebuild, is left alone).
 */

const root = path.resolve(import.meta.dirname, "../..");
const IMMUTABLE = "public, max-age=31536000, immutable";

let t: TestApp;
let webDir: string;
let entryScript: string;
let entryStyle: string;
let manifest: Record<string, { file: string; isEntry?: boolean; css?: string[] }>;

beforeAll(async () => {
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), "portal-static-"));
  await build({
    configFile: path.join(root, "vite.config.ts"),
    logLevel: "error",
    build: { outDir: webDir, emptyOutDir: true },
  });
  manifest = JSON.parse(await fs.readFile(path.join(webDir, ".vite/manifest.json"), "utf8")) as typeof manifest;
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  if (!entry?.css?.[0]) throw new Error("The build has no entry chunk with a stylesheet.");
  entryScript = `/${entry.file}`;
  entryStyle = `/${entry.css[0]}`;
  t = await createTestApp({ config: { webDir } });
}, 240_000);

afterAll(async () => {
  await t?.close();
  await fs.rm(webDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });
const builtFile = (url: string) => fs.readFile(path.join(webDir, url));
const chunk = (module: string) => `<link rel="modulepreload" crossorigin href="/${manifest[module]!.file}">`;

describe("built assets", () => {
  it("go out as the build's brotli copy, its gzip copy, or as they are, as the browser accepts", async () => {
    const raw = await builtFile(entryScript);

    const br = await get(entryScript, { "accept-encoding": "gzip, deflate, br" });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/^(application|text)\/javascript/);
    expect(br.rawPayload.equals(await builtFile(`${entryScript}.br`))).toBe(true);
    expect(zlib.brotliDecompressSync(br.rawPayload).equals(raw)).toBe(true);

    const gzip = await get(entryScript, { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.rawPayload).equals(raw)).toBe(true);

    for (const headers of [{ "accept-encoding": "identity" }, {}] as Array<Record<string, string>>) {
      const plain = await get(entryScript, headers);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.rawPayload.equals(raw)).toBe(true);
    }
  });

  it("are cached for a year, and say that their body depends on Accept-Encoding", async () => {
    for (const url of [entryScript, entryStyle]) {
      const res = await get(url, { "accept-encoding": "br" });
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe(IMMUTABLE);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
    }
    expect((await get(entryStyle, { "accept-encoding": "br" })).headers["content-type"]).toMatch(/^text\/css/);
  });

  it("answers a chunk that is not there (an older build's) with a 404, not with the page", async () => {
    const res = await get("/assets/page-0ld0ld00.js", { "accept-encoding": "br" });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
  });

  it.each([
    "/.vite/manifest.json",
    "/.vite/manifest.json.br",
    "/%2Evite/manifest.json",
    "/.vite/",
    "/shell/en.html",
    "/shell/fr.html.gz",
    "/assets/index.js.map",
  ])("never serves %s, which only the server reads (a JSON 404, not the file and not the page)", async (url) => {
    const res = await get(url, { "accept-encoding": "br, gzip" });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.rawPayload.toString()).not.toContain("index.html");
  });

  it("still serves what browsers do need beside the assets", async () => {
    for (const url of ["/manifest.webmanifest", "/robots.txt", "/sw.js", "/icon.svg"])
      expect((await get(url)).statusCode, url).toBe(200);
  });
});

describe("the feed a page announces, in the HTML itself (feed readers run no JavaScript)", () => {
  const alternates = (html: string) =>
    [...html.matchAll(/<link rel="alternate" type="application\/atom\+xml" title="([^"]*)" href="([^"]*)"/g)].map(
      (m) => ({
        title: m[1],
        href: m[2],
      }),
    );

  it("/grievances announces the list's feed, and /incidents the incidents' feed", async () => {
    expect(alternates((await get("/grievances")).body)).toEqual([
      { title: "Reports matching these filters (Atom)", href: "/feeds/grievances.atom" },
    ]);
    expect(alternates((await get("/incidents")).body)).toEqual([
      { title: "Incidents feed (Atom)", href: "/feeds/incidents.atom" },
    ]);
    expect(alternates((await get("/")).body)).toEqual([]);
  });

  it("follows the list's filters, as the page's own export links do, escaped for HTML", async () => {
    const html = (
      await get("/grievances?status=open&page=3&view=map&q=%20leak%20%22main%22%3Cb%3E&category=&priority=high")
    ).body;
    expect(alternates(html)).toEqual([
      {
        title: "Reports matching these filters (Atom)",
        href: "/feeds/grievances.atom?q=leak+%22main%22%3Cb%3E&amp;status=open&amp;priority=high",
      },
    ]);
  });

  it("is titled in the page's language", async () => {
    const [feed] = alternates((await get("/incidents", { "accept-language": "fr" })).body);
    expect(feed?.href).toBe("/feeds/incidents.atom");
    expect(feed?.title).not.toBe("Incidents feed (Atom)");
    expect(feed?.title).toBe(textIn("fr", "Incidents feed (Atom)"));
  });
});

describe("the page", () => {
  it.each(["/", "/grievances", "/grievance/123"])(
    "%s is index.html, compressed and revalidated on every load",
    async (url) => {
      const res = await get(url, { "accept-encoding": "br" });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
      expect(res.headers["content-encoding"]).toBe("br");
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toContain(entryScript);
    },
  );

  it("keeps a reporter's private page out of search engines and referrers", async () => {
    const res = await get("/track/abcdefghijklmnopqrstuvwxyz012345");
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-robots-tag"]).toBe("noindex");
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
    expect((await get("/grievances")).headers["x-robots-tag"]).toBeUndefined();
  });

  it("names the manifest, a description and a theme colour", async () => {
    const html = (await get("/")).body;
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"');
    expect(html).toMatch(/<meta name="description" content="[^"]{50,}"/);
    const manifest = (await get("/manifest.webmanifest")).json<{ theme_color: string }>();
    expect(html).toContain(`<meta name="theme-color" content="${manifest.theme_color}"`);
  });
});

describe("what a page preloads (src/server/http/page-preloads.ts)", () => {
  const id = "0b7c5a52-3f5e-4d1e-9a57-1f2d3c4b5a69";
  const data = (apiPath: string) => `<link rel="preload" as="fetch" crossorigin href="${apiPath}">`;
  const page = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  it("names the page's own chunks, so they load beside the entry script", async () => {
    expect(await page("/")).toContain(chunk("app/pages/landing-page.tsx"));
    const form = await page("/submit-grievance");
    expect(form).toContain(chunk("app/pages/submit-page.tsx"));
    expect(form).not.toContain(chunk("app/pages/landing-page.tsx"));
    const details = await page(`/grievance/${id}`);
    expect(details).toContain(chunk("app/pages/grievance-page.tsx"));
    expect(details).toContain(chunk("features/grievances/routes/grievance-route.loader.ts"));
    // Already in the entry's own tags, never twice.
    expect(details.split(entryScript)).toHaveLength(2);
  });

  it("names the data the page's loader will fetch when the address alone says which", async () => {
    expect(await page(`/grievance/${id}`)).toContain(data(`/api/grievances/${id}`));
    expect(await page("/grievances")).toContain(data("/api/grievances"));
    // Not a report id, or a query the loader spells its own way: nothing that could be fetched in vain.
    expect(await page("/grievance/not-an-id")).not.toContain('as="fetch"');
    expect(await page("/grievances?q=pipe")).not.toContain('as="fetch"');
    // A page without preloads of its own still names the language's texts (docs/decisions/019-languages.md).
    const stats = await page("/stats");
    expect(stats.match(/rel="modulepreload"/g)).toHaveLength(1);
    expect(stats).toContain(chunk("lib/i18n/catalogues/public-en.ts"));
  });
});

describe("a page in the visitor's language (docs/decisions/019-languages.md)", () => {
  const pageIn = async (headers: Record<string, string>) => {
    const res = await get("/grievances", headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers.vary).toMatch(/Accept-Language/);
    return res.body;
  };

  it("is English with English texts for a browser that asks for none of the five languages", async () => {
    const html = await pageIn({ "accept-language": "de-DE, de;q=0.9" });
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).toContain("Skip to main content");
    expect(html).toContain(chunk("lib/i18n/catalogues/public-en.ts"));
  });

  it("follows Accept-Language, with the layout already in that language and its texts preloaded", async () => {
    const html = await pageIn({ "accept-language": "es-MX, es;q=0.9, en;q=0.5" });
    expect(html).toContain('<html lang="es" dir="ltr">');
    expect(html).toContain(textIn("es", "Skip to main content"));
    expect(html).not.toContain("Skip to main content");
    expect(html).toContain(chunk("lib/i18n/catalogues/public-es.ts"));
    expect(html).not.toContain(chunk("lib/i18n/catalogues/public-en.ts"));
  });

  it("prefers the remembered choice (the lang cookie), and lays Arabic out right to left", async () => {
    const html = await pageIn({ "accept-language": "fr", cookie: "lang=ar" });
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain(chunk("lib/i18n/catalogues/public-ar.ts"));
  });
});

describe("robots.txt and the web app manifest", () => {
  it("serves robots.txt as text that keeps crawlers out of the console and the API only", async () => {
    const res = await get("/robots.txt");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    const rules = res.body.split("\n").filter((line) => /^(User-agent|Allow|Disallow):/.test(line));
    expect(rules).toEqual(["User-agent: *", "Allow: /", "Disallow: /staff", "Disallow: /api/"]);
  });

  it("serves the manifest as application/manifest+json with a name, a short name and icons that exist", async () => {
    const res = await get("/manifest.webmanifest");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/manifest\+json/);
    const manifest = res.json<{
      name: string;
      short_name: string;
      theme_color: string;
      icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
    }>();
    expect(manifest.name).toBe("Clean Water & Sanitation Grievance Portal");
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    const sizes = manifest.icons.filter((icon) => icon.type === "image/png").map((icon) => icon.sizes);
    expect(sizes).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    expect(manifest.icons.some((icon) => icon.purpose === "maskable")).toBe(true);
    for (const icon of manifest.icons) {
      const file = await get(icon.src);
      expect(file.statusCode, icon.src).toBe(200);
      expect(file.headers["content-type"], icon.src).toMatch(new RegExp(`^${icon.type.replace("+", "\\+")}`));
    }
  });
});

describe("API answers", () => {
  let first: PublicGrievance;
  beforeAll(async () => {
    // Enough reports that the list's JSON is over the compression threshold; one with a photo.
    const photo = { filename: "leak.jpg", bytes: await makeJpeg(), type: "image/jpeg" };
    first = (await postGrievance(t.app, validFields, [photo])).json<PublicGrievance>();
    for (let i = 0; i < 3; i++) await postGrievance(t.app, { ...validFields, title: `Leak number ${i}` });
  });

  it("compresses the list's JSON with brotli or gzip, and sends it plain to a client that accepts neither", async () => {
    const br = await get("/api/grievances", { "accept-encoding": "br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const list = JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString()) as GrievanceListResponse;
    expect(list.items).toHaveLength(4);

    const gzip = await get("/api/grievances", { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString())).toEqual(list);

    const plain = await get("/api/grievances", { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.json()).toEqual(list);
  });

  it("leaves a small answer uncompressed", async () => {
    const res = await get("/api/health/live", { "accept-encoding": "br" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
  });

  it("answers 304 without a body when the list or a report has not changed, and 200 once it has", async () => {
    for (const url of ["/api/grievances", `/api/grievances/${first.id}`]) {
      const fresh = await get(url, { "accept-encoding": "br" });
      const etag = String(fresh.headers.etag);
      expect(etag).toMatch(/^W\/"/);
      expect(fresh.headers["cache-control"]).toBe("no-cache");

      const again = await get(url, { "accept-encoding": "br", "if-none-match": etag });
      expect(again.statusCode, url).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      // The tag belongs to the JSON, not to its encoding.
      expect((await get(url, { "if-none-match": etag })).statusCode).toBe(304);
      expect((await get(url, { "if-none-match": 'W/"something-else"' })).statusCode).toBe(200);
    }

    const listTag = String((await get("/api/grievances")).headers.etag);
    await postGrievance(t.app, { ...validFields, title: "A newer report" });
    const changed = await get("/api/grievances", { "if-none-match": listTag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<GrievanceListResponse>().items[0]?.title).toBe("A newer report");
  });

  it("never stores the answer to a change", async () => {
    const res = await postGrievance(t.app, { ...validFields, title: "Another one" });
    expect(res.statusCode).toBe(201);
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("sends images as they are stored, never compressed again", async () => {
    const url = first.images[0]?.url;
    expect(url).toBeDefined();
    const plain = await get(String(url));
    const res = await get(String(url), { "accept-encoding": "br, gzip" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/jpeg");
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.rawPayload.equals(plain.rawPayload)).toBe(true);
    expect(res.headers["cache-control"]).toBe(IMMUTABLE);
  });
});

describe("the photo a page preloads (src/server/grievances/page-photo.ts)", () => {
  const photoLinks = (html: string) => html.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
  const pageAt = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, url).toBe(200);
    return res.body;
  };
  const withPhoto = async (fields: Record<string, string>) => {
    const photo = { filename: "leak.jpg", bytes: await makeJpeg(), type: "image/jpeg" };
    const res = await postGrievance(t.app, fields, [photo]);
    expect(res.statusCode).toBe(201);
    return res.json<PublicGrievance>();
  };

  it("names the list's first thumbnail, of the list the address asks for, before the stylesheet", async () => {
    const sewer = await withPhoto({ ...validFields, category: "Sanitation Issues", title: "Overflowing sewer" });
    const newest = await withPhoto({ ...validFields, title: "Brown water again" });

    const list = await pageAt("/grievances");
    expect(photoLinks(list)).toEqual([
      `<link rel="preload" as="image" fetchpriority="high" href="${newest.images[0]!.thumbnailUrl}">`,
    ]);
    // Found while the head is read, before the stylesheet and the entry script.
    expect(list.indexOf('as="image"')).toBeLessThan(list.indexOf(entryStyle));
    expect(list.indexOf('as="image"')).toBeLessThan(list.indexOf(entryScript));

    // Filtered, the list's first report is another one: its thumbnail, not the newest's.
    expect(photoLinks(await pageAt("/grievances?category=Sanitation+Issues"))).toEqual([
      `<link rel="preload" as="image" fetchpriority="high" href="${sewer.images[0]!.thumbnailUrl}">`,
    ]);
    expect(photoLinks(await pageAt("/grievances?status=open&page=1"))).toHaveLength(1);
    // Page 2 of twelve reports per page holds none of these: no photo named.
    expect(photoLinks(await pageAt("/grievances?page=2"))).toEqual([]);
    // A word search (not run twice for a page) and the map view (no thumbnails) name none.
    expect(photoLinks(await pageAt("/grievances?q=sewer"))).toEqual([]);
    expect(photoLinks(await pageAt("/grievances?view=map"))).toEqual([]);
  });

  it("names a report's first photo with the sources and sizes its gallery gives the browser", async () => {
    const report = await withPhoto({ ...validFields, title: "Pipe burst at the corner" });
    const image = report.images[0]!;
    expect(image.mediumUrl).toBeDefined();
    const links = photoLinks(await pageAt(`/grievance/${report.id}`));
    expect(links).toEqual([
      `<link rel="preload" as="image" fetchpriority="high" href="${image.thumbnailUrl}" ` +
        `imagesrcset="${image.thumbnailUrl} 480w, ${image.mediumUrl} 800w" imagesizes="(max-width: 600px) calc(50vw - 2.5rem), 184px">`,
    ]);
  });

  it("names nothing when the first report has no photo, or the report is none the public may see", async () => {
    const plain = (
      await postGrievance(t.app, { ...validFields, title: "No photo of this one" })
    ).json<PublicGrievance>();
    expect(photoLinks(await pageAt("/grievances"))).toEqual([]);
    expect(photoLinks(await pageAt(`/grievance/${plain.id}`))).toEqual([]);
    expect(photoLinks(await pageAt("/grievance/0b7c5a52-3f5e-4d1e-9a57-1f2d3c4b5a69"))).toEqual([]);
    expect(photoLinks(await pageAt("/submit-grievance"))).toEqual([]);
  });
});
