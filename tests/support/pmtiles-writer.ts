import fs from "node:fs";
import { zxyToTileId } from "pmtiles";
import sharp from "sharp";

/**
 * A small PMTiles v3 archive for the tests (https://github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md): the
 * 127-byte header, one root directory, empty metadata, then the tiles, nothing compressed. Written here byte by byte
 * rather than by a converter, so the tests need no tool and the portal is held to the format itself; only the tile
 * ids (a Hilbert curve per zoom) come from the pmtiles package the browser reads them with.
 */
export interface TestArchive {
  file: string;
  /** Each tile's bytes by "z/x/y". */
  tiles: Map<string, Buffer>;
}

export const TILE_TYPES = { mvt: 1, png: 2 } as const;

/** A PNG tile with its own colour and z/x/y written on it, so a screenshot shows which tile is where. */
async function tileImage(z: number, x: number, y: number): Promise<Buffer> {
  const hue = (z * 67 + x * 29 + y * 13) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
    <rect width="256" height="256" fill="hsl(${hue} 45% 88%)"/>
    <path d="M0 0H256V256" fill="none" stroke="#9aa" stroke-width="2"/>
    <text x="12" y="28" font-family="sans-serif" font-size="16" fill="#355">pmtiles ${z}/${x}/${y}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
}

function varint(value: number, out: number[]): void {
  let rest = value;
  while (rest >= 0x80) {
    out.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  out.push(rest);
}

interface Entry {
  tileId: number;
  offset: number;
  length: number;
}

/** A directory: the count, then the id deltas, run lengths, lengths and offsets (0: right after the previous). */
function directory(entries: Entry[]): Buffer {
  const out: number[] = [];
  varint(entries.length, out);
  let lastId = 0;
  for (const entry of entries) {
    varint(entry.tileId - lastId, out);
    lastId = entry.tileId;
  }
  for (const _ of entries) varint(1, out);
  for (const entry of entries) varint(entry.length, out);
  entries.forEach((entry, i) => {
    const previous = entries[i - 1];
    varint(previous && entry.offset === previous.offset + previous.length ? 0 : entry.offset + 1, out);
  });
  return Buffer.from(out);
}

/**
 * Writes every tile of zoom levels 0 to `maxZoom` (PNG, or bytes of another type when `tileType` says so: a file the
 * portal must refuse).
 */
export async function writeTestArchive(
  file: string,
  { maxZoom = 2, tileType = TILE_TYPES.png }: { maxZoom?: number; tileType?: number } = {},
): Promise<TestArchive> {
  const tiles = new Map<string, Buffer>();
  const byId: { tileId: number; data: Buffer }[] = [];
  for (let z = 0; z <= maxZoom; z++) {
    for (let x = 0; x < 2 ** z; x++) {
      for (let y = 0; y < 2 ** z; y++) {
        const data = await tileImage(z, x, y);
        tiles.set(`${z}/${x}/${y}`, data);
        byId.push({ tileId: zxyToTileId(z, x, y), data });
      }
    }
  }
  byId.sort((a, b) => a.tileId - b.tileId);
  let offset = 0;
  const entries = byId.map(({ tileId, data }) => {
    const entry = { tileId, offset, length: data.length };
    offset += data.length;
    return entry;
  });
  const root = directory(entries);
  const metadata = Buffer.from("{}");
  const tileData = Buffer.concat(byId.map(({ data }) => data));

  const header = Buffer.alloc(127);
  header.write("PMTiles", 0, "latin1");
  header.writeUInt8(3, 7);
  const u64 = (at: number, value: number) => header.writeBigUInt64LE(BigInt(value), at);
  const rootOffset = 127;
  const metadataOffset = rootOffset + root.length;
  const tileDataOffset = metadataOffset + metadata.length;
  u64(8, rootOffset);
  u64(16, root.length);
  u64(24, metadataOffset);
  u64(32, metadata.length);
  u64(40, tileDataOffset); // no leaf directories
  u64(48, 0);
  u64(56, tileDataOffset);
  u64(64, tileData.length);
  u64(72, entries.length);
  u64(80, entries.length);
  u64(88, entries.length);
  header.writeUInt8(1, 96); // clustered: tiles in id order
  header.writeUInt8(1, 97); // internal compression: none
  header.writeUInt8(1, 98); // tile compression: none
  header.writeUInt8(tileType, 99);
  header.writeUInt8(0, 100);
  header.writeUInt8(maxZoom, 101);
  header.writeInt32LE(-180 * 1e7, 102);
  header.writeInt32LE(-85 * 1e7, 106);
  header.writeInt32LE(180 * 1e7, 110);
  header.writeInt32LE(85 * 1e7, 114);
  header.writeUInt8(0, 118);
  header.writeInt32LE(0, 119);
  header.writeInt32LE(0, 123);
  fs.writeFileSync(file, Buffer.concat([header, root, metadata, tileData]));
  return { file, tiles };
}
