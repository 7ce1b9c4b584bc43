import zlib from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import type { GrievanceListResponse, PublicGrievance } from "#shared/api-types.ts";
import { makeJpeg } from "../fixtures/images.ts";
import { builtFile, entryScript, entryStyle, get, IMMUTABLE, t, useBuiltWebApp } from "./static-delivery-build.ts";
import { postGrievance, validFields } from "./test-app.ts";

/**
 * How the built web app's files, its page and the API's JSON travel: precompressed assets, compressed JSON, cache
 * headers, ETags, robots.txt and the web app manifest.
 */

useBuiltWebApp();

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

  it("keeps a technician's one-time link page out of search engines and referrers too", async () => {
    const res = await get("/field/abcdefghijklmnopqrstuvwxyz012345");
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-robots-tag"]).toBe("noindex");
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
  });

  it("names the manifest, a description and a theme colour", async () => {
    const html = (await get("/")).body;
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"');
    expect(html).toMatch(/<meta name="description" content="[^"]{50,}"/);
    const manifest = (await get("/manifest.webmanifest")).json<{ theme_color: string }>();
    expect(html).toContain(`<meta name="theme-color" content="${manifest.theme_color}"`);
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
