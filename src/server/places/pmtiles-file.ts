import fs from "node:fs";

/**
 * MAP_PMTILES_FILE (docs/decisions/028-own-tiles-from-a-pmtiles-file.md): a PMTiles v3 archive of raster tiles that
 * the portal serves itself, so residents' browsers ask no third party for the map around their report. Its header
 * (the first 127 bytes, https://github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md) is read and checked once at
 * start-up: a file that is not one, or holds vector tiles the maps cannot draw, stops the start with a message.
 */
export interface PmtilesArchive {
  /** Absolute path of the file. */
  file: string;
  /** Its size in bytes, what a range is checked against. */
  size: number;
  /** What the tiles are: the browser makes images of this type from them. */
  tileType: "png" | "jpeg" | "webp" | "avif";
  minZoom: number;
  maxZoom: number;
}

const HEADER_BYTES = 127;
const RASTER_TYPES = { 2: "png", 3: "jpeg", 4: "webp", 5: "avif" } as const;
const VECTOR_TYPES = new Set([1, 6]);

export function readPmtilesFile(file: string): PmtilesArchive {
  let header: Buffer;
  let size: number;
  try {
    size = fs.statSync(file).size;
    const fd = fs.openSync(file, "r");
    try {
      header = Buffer.alloc(HEADER_BYTES);
      fs.readSync(fd, header, 0, HEADER_BYTES, 0);
    } finally {
      fs.closeSync(fd);
    }
  } catch (error) {
    throw new Error(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  try {
    return { file, size, ...parsePmtilesHeader(header, size) };
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}`);
  }
}

/** The header's facts the portal needs; throws an Error saying what is wrong. */
export function parsePmtilesHeader(header: Buffer, size: number): Omit<PmtilesArchive, "file" | "size"> {
  if (size < HEADER_BYTES || header.subarray(0, 7).toString("latin1") !== "PMTiles") {
    throw new Error("is not a PMTiles archive (it does not start with the PMTiles header)");
  }
  const version = header.readUInt8(7);
  if (version !== 3)
    throw new Error(`is PMTiles version ${version}; the portal reads version 3 (pmtiles convert makes one)`);
  const type = header.readUInt8(99);
  if (VECTOR_TYPES.has(type)) {
    throw new Error(
      "holds vector tiles; the portal's maps draw raster tiles (PNG, JPEG, WebP or AVIF): see docs/map-tiles.md for making a raster extract",
    );
  }
  const tileType = RASTER_TYPES[type as keyof typeof RASTER_TYPES];
  if (!tileType) throw new Error(`holds tiles of an unknown type (${type})`);
  const tileDataEnd = Number(header.readBigUInt64LE(56) + header.readBigUInt64LE(64));
  if (tileDataEnd > size) throw new Error("is cut short: its tiles end past the end of the file");
  const minZoom = header.readUInt8(100);
  const maxZoom = header.readUInt8(101);
  if (minZoom > maxZoom || maxZoom > 30) throw new Error(`has zoom levels ${minZoom} to ${maxZoom}, which cannot be`);
  return { tileType, minZoom, maxZoom };
}
