import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";

/**
 * Map tiles for the tests, served on loopback: the portal's pages point MAP_TILE_URL here, so no test ever asks
 * the internet for a tile. Each tile is a light square with a grid line and its own z/x/y written on it, so that a
 * screenshot shows the map moving.
 */
export interface TileServer {
  /** A Leaflet URL template for MAP_TILE_URL. */
  urlTemplate: string;
  /** Tiles served so far ("z/x/y"). */
  served: string[];
  close(): Promise<void>;
}

const TILE_PATH = /^\/tiles\/(\d{1,2})\/(\d{1,7})\/(\d{1,7})\.png$/;

async function tileImage(z: string, x: string, y: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
    <rect width="256" height="256" fill="#eef3e8"/>
    <path d="M0 0H256V256" fill="none" stroke="#c9d6bf" stroke-width="2"/>
    <path d="M0 128H256M128 0V256" fill="none" stroke="#dde6d4" stroke-width="1"/>
    <text x="8" y="20" font-family="sans-serif" font-size="12" fill="#8a9a7e">${z}/${x}/${y}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
}

export async function startTileServer(): Promise<TileServer> {
  const served: string[] = [];
  const server = http.createServer((request, response) => {
    const match = TILE_PATH.exec(request.url ?? "");
    if (!match) {
      response.writeHead(404).end();
      return;
    }
    const [, z = "0", x = "0", y = "0"] = match;
    served.push(`${z}/${x}/${y}`);
    tileImage(z, x, y).then(
      (png) => response.writeHead(200, { "content-type": "image/png", "cache-control": "max-age=3600" }).end(png),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    urlTemplate: `http://127.0.0.1:${port}/tiles/{z}/{x}/{y}.png`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
