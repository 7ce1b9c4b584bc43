import { PMTiles } from "pmtiles";
import type { MapSettings } from "#shared/api-types.ts";
import L from "leaflet";

type PmtilesSettings = NonNullable<MapSettings["pmtiles"]>;

interface PmtilesTile extends HTMLImageElement {
  /** Stops the tile's byte-range request when Leaflet drops the tile (panned away) before it arrived. */
  abortLoad?: () => void;
}

/**
 * The portal's own raster tiles (MAP_PMTILES_FILE, docs/decisions/028-own-tiles-from-a-pmtiles-file.md): each tile
 * read from the one file by byte ranges (pmtiles), from the portal itself, and shown as an image made in the page (a
 * blob: URL). A tile the file does not hold (outside the extract) is left empty; one that cannot be read fails as a
 * tile does, so the map can say it could not be loaded (create-map.ts watchTiles). Loaded with the map only when
 * the setting is used.
 */
export function pmtilesLayer(settings: PmtilesSettings, attribution: string): L.GridLayer {
  const archive = new PMTiles(new URL(settings.url, window.location.origin).href);
  const type = `image/${settings.tileType}`;
  const Layer: new (options: L.GridLayerOptions) => L.GridLayer = L.GridLayer.extend({
    createTile(coords: L.Coords, done: L.DoneCallback): HTMLElement {
      const tile = document.createElement("img") as PmtilesTile;
      tile.alt = "";
      tile.setAttribute("role", "presentation");
      const controller = new AbortController();
      tile.abortLoad = () => controller.abort();
      archive.getZxy(coords.z, coords.x, coords.y, controller.signal).then(
        (found) => {
          if (!found) return done(undefined, tile);
          tile.onload = () => done(undefined, tile);
          tile.onerror = () => done(new Error(`tile ${coords.z}/${coords.x}/${coords.y} is not a ${type}`), tile);
          tile.src = URL.createObjectURL(new Blob([found.data], { type }));
        },
        (error: unknown) => {
          if (!controller.signal.aborted) done(error as Error, tile);
        },
      );
      return tile;
    },
  });
  const layer: L.GridLayer = new Layer({
    attribution,
    minNativeZoom: settings.minZoom,
    maxNativeZoom: settings.maxZoom,
    maxZoom: 19,
  });
  layer.on("tileunload", (event: L.TileEvent) => {
    const tile = event.tile as PmtilesTile;
    tile.abortLoad?.();
    if (tile.src.startsWith("blob:")) URL.revokeObjectURL(tile.src);
  });
  return layer;
}
