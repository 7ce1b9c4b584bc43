import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, DEFAULT_MAP_ATTRIBUTION, DEFAULT_MAP_TILE_URL, loadConfig } from "#server/config.ts";
import { parseServiceArea } from "#server/places/service-area.ts";
import { tileOrigins } from "#server/places/tile-url.ts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "places-config-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A file in the test's folder holding `content` (JSON unless a string). */
function file(name: string, content: unknown): string {
  const target = path.join(dir, name);
  fs.writeFileSync(target, typeof content === "string" ? content : JSON.stringify(content));
  return target;
}

const RING = [
  [36.7, -1.4],
  [36.95, -1.4],
  [36.95, -1.15],
  [36.7, -1.15],
  [36.7, -1.4],
];
const POLYGON = { type: "Polygon", coordinates: [RING] };

describe("map and places configuration", () => {
  it("has defaults: OpenStreetMap tiles with their attribution, the whole world, no area, no geocoder, 60 presses an hour", () => {
    expect(loadConfig({})).toMatchObject({
      mapTileUrl: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
      mapAttribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
      mapDefaultCenter: { latitude: 0, longitude: 0, zoom: 2 },
      serviceArea: undefined,
      geocoderUrl: undefined,
      affectedPerHour: 60,
    });
    expect(DEFAULT_MAP_TILE_URL).toBe(loadConfig({}).mapTileUrl);
    expect(DEFAULT_MAP_ATTRIBUTION).toContain("OpenStreetMap");
  });

  it("reads the environment", () => {
    const config = loadConfig({
      MAP_TILE_URL: "https://{s}.tiles.example.net/{z}/{x}/{y}{r}.png",
      MAP_ATTRIBUTION: "Tiles &copy; Example",
      MAP_DEFAULT_CENTER: " -1.2921, 36.8219 ,12",
      GEOCODER_URL: "https://nominatim.example.org/",
      AFFECTED_PER_HOUR: "10",
    });
    expect(config).toMatchObject({
      mapTileUrl: "https://{s}.tiles.example.net/{z}/{x}/{y}{r}.png",
      mapAttribution: "Tiles &copy; Example",
      mapDefaultCenter: { latitude: -1.2921, longitude: 36.8219, zoom: 12 },
      geocoderUrl: "https://nominatim.example.org",
      affectedPerHour: 10,
    });
  });

  it.each([
    ["MAP_TILE_URL", "https://tile.example.net/{z}/{x}.png", /MAP_TILE_URL: must contain \{z\}, \{x\} and \{y\}/],
    ["MAP_TILE_URL", "tile.example.net/{z}/{x}/{y}.png", /MAP_TILE_URL: must be an http/],
    ["MAP_TILE_URL", "ftp://tile.example.net/{z}/{x}/{y}.png", /MAP_TILE_URL: must be an http/],
    [
      "MAP_TILE_URL",
      "https://{z}.tile.example.net/{z}/{x}/{y}.png",
      /MAP_TILE_URL: may only have the \{s\} placeholder/,
    ],
    [
      "MAP_DEFAULT_CENTER",
      "-1.29,36.82",
      /MAP_DEFAULT_CENTER: "-1.29,36.82" is not of the form latitude,longitude,zoom/,
    ],
    ["MAP_DEFAULT_CENTER", "95,36.82,10", /MAP_DEFAULT_CENTER: latitude 95 is not between -90 and 90/],
    ["MAP_DEFAULT_CENTER", "-1.29,200,10", /MAP_DEFAULT_CENTER: longitude 200 is not between -180 and 180/],
    ["MAP_DEFAULT_CENTER", "-1.29,36.82,25", /MAP_DEFAULT_CENTER: zoom 25 is not between 0 and 19/],
    ["GEOCODER_URL", "nominatim.example.org", /GEOCODER_URL: must be an http/],
    ["GEOCODER_URL", "https://nominatim.example.org/?key=1", /GEOCODER_URL: must not have a query/],
    ["AFFECTED_PER_HOUR", "0", /AFFECTED_PER_HOUR/],
  ])("%s=%s stops the start with a message naming it", (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });
});

describe("SERVICE_AREA_FILE", () => {
  it.each([
    ["a Polygon", POLYGON],
    ["a Feature holding one", { type: "Feature", properties: {}, geometry: POLYGON }],
    [
      "a FeatureCollection of one Feature",
      { type: "FeatureCollection", features: [{ type: "Feature", properties: null, geometry: POLYGON }] },
    ],
  ])("reads %s as the area", (_name, content) => {
    expect(loadConfig({ SERVICE_AREA_FILE: file("area.geojson", content) }).serviceArea).toEqual(POLYGON);
  });

  it("reads a MultiPolygon", () => {
    const multi = { type: "MultiPolygon", coordinates: [[RING], [RING.map(([x, y]) => [x! + 1, y!])]] };
    expect(loadConfig({ SERVICE_AREA_FILE: file("multi.geojson", multi) }).serviceArea).toEqual(multi);
  });

  it.each([
    ["not JSON", "{ type: Polygon", /is not valid JSON/],
    ["a Point", { type: "Point", coordinates: [36.8, -1.3] }, /is a Point; it must be a Polygon or MultiPolygon/],
    [
      "two features",
      {
        type: "FeatureCollection",
        features: [
          { type: "Feature", geometry: POLYGON },
          { type: "Feature", geometry: POLYGON },
        ],
      },
      /holds 2 features/,
    ],
    ["an open ring", { type: "Polygon", coordinates: [RING.slice(0, 4)] }, /ring 1 of the Polygon is not closed/],
    [
      "too few positions",
      {
        type: "Polygon",
        coordinates: [
          [
            [0, 0],
            [1, 1],
            [0, 0],
          ],
        ],
      },
      /needs at least four positions/,
    ],
    [
      "latitude first",
      { type: "Polygon", coordinates: [RING.map(([x, y]) => [y, x! + 100])] },
      /out of range \(longitude first/,
    ],
    [
      "text for a number",
      { type: "Polygon", coordinates: [[["36.7", "-1.4"], ...RING.slice(1)]] },
      /not \[longitude, latitude\]/,
    ],
  ])("stops the start naming the file when it holds %s", (_name, content, problem) => {
    const target = file("bad.geojson", content);
    expect(() => loadConfig({ SERVICE_AREA_FILE: target })).toThrow(ConfigError);
    expect(() => loadConfig({ SERVICE_AREA_FILE: target })).toThrow(`SERVICE_AREA_FILE: ${target}: `);
    expect(() => loadConfig({ SERVICE_AREA_FILE: target })).toThrow(problem);
  });

  it("stops the start when the file cannot be read", () => {
    const missing = path.join(dir, "missing.geojson");
    expect(() => loadConfig({ SERVICE_AREA_FILE: missing })).toThrow(
      `SERVICE_AREA_FILE: cannot read ${missing}: ENOENT`,
    );
  });

  it("parses text directly too", () => {
    expect(parseServiceArea(JSON.stringify(POLYGON))).toEqual(POLYGON);
  });
});

describe("the tile hosts the CSP allows", () => {
  it.each([
    ["https://tile.openstreetmap.org/{z}/{x}/{y}.png", ["https://tile.openstreetmap.org"]],
    [
      "https://{s}.tile.example.net/{z}/{x}/{y}.png",
      ["https://a.tile.example.net", "https://b.tile.example.net", "https://c.tile.example.net"],
    ],
    ["http://127.0.0.1:4100/tiles/{z}/{x}/{y}.png", ["http://127.0.0.1:4100"]],
    ["https://TILES.Example.net:443/{z}/{x}/{y}@2x.png?api_key={key}", ["https://tiles.example.net"]],
  ])("%s → %j", (template, origins) => {
    expect(tileOrigins(template)).toEqual(origins);
  });
});
