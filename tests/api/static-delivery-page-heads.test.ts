import { describe, expect, it } from "vitest";
import type { PublicGrievance } from "#shared/api-types.ts";
import { makeJpeg } from "../fixtures/images.ts";
import { textIn } from "../support/catalogue.ts";
import { chunk, entryScript, entryStyle, get, t, useBuiltWebApp } from "./static-delivery-build.ts";
import { postGrievance, validFields } from "./test-app.ts";

/** What the head of a page names before any script runs: its feed, its chunks, its data, its language, its photo. */

useBuiltWebApp();

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

  it("names the Arabic or Devanagari font's faces in those languages only (src/web/fonts/)", async () => {
    const fontSheets = (html: string) =>
      html.match(/<link rel="stylesheet" href="\/assets\/public-(?:ar|hi)-[^"]+\.css">/g) ?? [];
    expect(fontSheets(await pageIn({ cookie: "lang=hi" }))).toEqual([expect.stringMatching(/public-hi-/)]);
    expect(fontSheets(await pageIn({ cookie: "lang=ar" }))).toEqual([expect.stringMatching(/public-ar-/)]);
    for (const language of ["en", "es", "fr"])
      expect(fontSheets(await pageIn({ cookie: `lang=${language}` }))).toEqual([]);
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
