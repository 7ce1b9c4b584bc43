import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PMTiles, type RangeResponse, type Source } from "pmtiles";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";
import type { MapSettings } from "#shared/api-types.ts";
import { TILE_TYPES, writeTestArchive, type TestArchive } from "../support/pmtiles-writer.ts";
import { createTestApp, expectHumanError, type TestApp } from "./test-app.ts";

// MAP_PMTILES_FILE (docs/decisions/028-own-tiles-from-a-pmtiles-file.md): the portal serves its own tiles from one
// file, in byte ranges, and the page may load images from no tile host.

const URL_PATH = "/media/map-tiles.pmtiles";

let t: TestApp;
let dir: string;
let archive: TestArchive;
let bytes: Buffer;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "pmtiles-"));
  archive = await writeTestArchive(path.join(dir, "area.pmtiles"));
  bytes = await fs.readFile(archive.file);
  // Read and checked as at start-up.
  const { mapPmtiles } = loadConfig({ MAP_PMTILES_FILE: archive.file });
  t = await createTestApp({ config: { mapPmtiles } });
});
afterAll(async () => {
  await t.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const get = (range?: string) =>
  t.app.inject({ url: URL_PATH, headers: range === undefined ? {} : { range, "accept-encoding": "br, gzip" } });

describe("GET /media/map-tiles.pmtiles", () => {
  it("answers a byte range with 206, its Content-Range and exactly those bytes, never compressed", async () => {
    const res = await get("bytes=0-126");
    expect(res.statusCode).toBe(206);
    expect(res.headers["content-range"]).toBe(`bytes 0-126/${bytes.length}`);
    expect(res.headers["content-length"]).toBe("127");
    expect(res.headers["content-type"]).toBe("application/vnd.pmtiles");
    expect(res.headers["accept-ranges"]).toBe("bytes");
    expect(res.headers["content-encoding"]).toBeUndefined();
    // A strong tag: the reader compares it between ranges to notice a file replaced under it.
    expect(res.headers.etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(res.rawPayload.equals(bytes.subarray(0, 127))).toBe(true);
  });

  it.each([
    ["an open end", "bytes=200-", 200, (b: Buffer) => b.length - 1],
    ["a suffix", "bytes=-50", (b: Buffer) => b.length - 50, (b: Buffer) => b.length - 1],
    ["an end past the file", "bytes=10-99999999", 10, (b: Buffer) => b.length - 1],
  ] as const)("answers %s", async (_name, range, first, last) => {
    const start = typeof first === "number" ? first : first(bytes);
    const end = last(bytes);
    const res = await get(range);
    expect(res.statusCode).toBe(206);
    expect(res.headers["content-range"]).toBe(`bytes ${start}-${end}/${bytes.length}`);
    expect(res.rawPayload.equals(bytes.subarray(start, end + 1))).toBe(true);
  });

  it("answers the whole file without a Range, or with one it does not read (several ranges)", async () => {
    for (const range of [undefined, "bytes=0-1,5-9", "items=0-5"]) {
      const res = await get(range);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(bytes)).toBe(true);
    }
  });

  it("refuses a range starting past the end with 416 and the file's size", async () => {
    const res = await get(`bytes=${bytes.length}-`);
    expect(res.statusCode).toBe(416);
    expect(res.headers["content-range"]).toBe(`bytes */${bytes.length}`);
    expectHumanError(res.body, "The map's tiles have no such byte range.");
  });

  it("holds tiles a PMTiles reader finds, by byte ranges of this route alone", async () => {
    const ranges: string[] = [];
    const source: Source = {
      getKey: () => URL_PATH,
      async getBytes(offset: number, length: number): Promise<RangeResponse> {
        const range = `bytes=${offset}-${offset + length - 1}`;
        ranges.push(range);
        const res = await get(range);
        expect(res.statusCode).toBe(206);
        const data = res.rawPayload;
        return { data: data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer };
      },
    };
    const reader = new PMTiles(source);
    expect(await reader.getHeader()).toMatchObject({ specVersion: 3, tileType: 2, minZoom: 0, maxZoom: 2 });
    for (const [z, x, y] of [
      [0, 0, 0],
      [1, 1, 0],
      [2, 3, 1],
    ] as const) {
      const tile = await reader.getZxy(z, x, y);
      expect(Buffer.from(tile!.data).equals(archive.tiles.get(`${z}/${x}/${y}`)!)).toBe(true);
    }
    expect(await reader.getZxy(3, 0, 0)).toBeUndefined();
    expect(ranges.length).toBeGreaterThan(3);
  });
});

describe("the maps' settings and the page's policy with MAP_PMTILES_FILE", () => {
  it("name the file, its tiles' type and zoom levels", async () => {
    const settings = (await t.app.inject({ url: "/api/map-settings" })).json<MapSettings>();
    expect(settings.pmtiles).toEqual({ url: URL_PATH, tileType: "png", minZoom: 0, maxZoom: 2 });
  });

  it("let the page load images from no tile host, and fetch nothing from elsewhere", async () => {
    const csp = (await t.app.inject({ url: "/api/map-settings" })).headers["content-security-policy"] as string;
    const directive = (name: string) =>
      csp
        .split(";")
        .find((d) => d.trim().startsWith(`${name} `))!
        .trim();
    expect(directive("img-src")).toBe("img-src 'self' data: blob:");
    expect(directive("connect-src")).toBe("connect-src 'self'");
  });

  it("without the setting: the route answers 404, the tile host is allowed as before", async () => {
    const plain = await createTestApp();
    try {
      const none = await plain.app.inject({ url: URL_PATH });
      expect(none.statusCode).toBe(404);
      expectHumanError(none.body, "This portal serves no map tiles of its own.");
      const settings = (await plain.app.inject({ url: "/api/map-settings" })).json<MapSettings>();
      expect(settings.pmtiles).toBeNull();
      const csp = (await plain.app.inject({ url: "/api/map-settings" })).headers["content-security-policy"] as string;
      expect(csp).toContain("https://tile.openstreetmap.org");
    } finally {
      await plain.close();
    }
  });
});

describe("MAP_PMTILES_FILE at start-up", () => {
  it.each([
    ["a vector archive", TILE_TYPES.mvt, /holds vector tiles; the portal's maps draw raster tiles/],
    ["an unknown tile type", 9, /holds tiles of an unknown type \(9\)/],
  ])("refuses %s, naming the file", async (_name, tileType, message) => {
    const file = path.join(dir, `type-${tileType}.pmtiles`);
    await writeTestArchive(file, { maxZoom: 0, tileType });
    expect(() => loadConfig({ MAP_PMTILES_FILE: file })).toThrow(message);
    expect(() => loadConfig({ MAP_PMTILES_FILE: file })).toThrow(file);
  });

  it("refuses a file that is not PMTiles, or is missing", async () => {
    const file = path.join(dir, "not.pmtiles");
    await fs.writeFile(file, "x".repeat(200));
    expect(() => loadConfig({ MAP_PMTILES_FILE: file })).toThrow(/is not a PMTiles archive/);
    expect(() => loadConfig({ MAP_PMTILES_FILE: path.join(dir, "missing.pmtiles") })).toThrow(/cannot read .*ENOENT/);
  });

  it("refuses a file cut short", async () => {
    const file = path.join(dir, "short.pmtiles");
    await fs.writeFile(file, bytes.subarray(0, bytes.length - 10));
    expect(() => loadConfig({ MAP_PMTILES_FILE: file })).toThrow(/is cut short/);
  });
});
