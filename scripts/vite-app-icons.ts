import fs from "node:fs/promises";
import sharp from "sharp";
import type { Plugin } from "vite";

interface AppIcon {
  /** Where it is served, and written in the build. */
  path: string;
  size: number;
  /** Drawn on a full square of the background at 80 %, inside the safe zone that launchers mask to any shape. */
  padded: boolean;
}

/** The PNGs that the web app manifest and iOS ask for (manifest.webmanifest and index.html name them). */
export const APP_ICONS: readonly AppIcon[] = [
  { path: "/icons/icon-192.png", size: 192, padded: false },
  { path: "/icons/icon-512.png", size: 512, padded: false },
  { path: "/icons/maskable-512.png", size: 512, padded: true },
  // iOS rounds the corners itself and shows transparency as black: a full square.
  { path: "/icons/apple-touch-icon.png", size: 180, padded: true },
];

async function renderIcon(svg: Buffer, icon: AppIcon, background: string): Promise<Buffer> {
  if (!icon.padded) return sharp(svg, { density: 300 }).resize(icon.size, icon.size).png().toBuffer();
  const inner = await sharp(svg, { density: 300 })
    .resize(Math.round(icon.size * 0.8))
    .png()
    .toBuffer();
  return sharp({ create: { width: icon.size, height: icon.size, channels: 4, background } })
    .composite([{ input: inner, gravity: "center" }])
    .png()
    .toBuffer();
}

/**
 * Renders the app icons from one SVG at build time, so that the repository holds no binary icons that could
 * drift from it; the development server renders them on request.
 */
export function appIcons({ source, background }: { source: string; background: string }): Plugin {
  return {
    name: "app-icons",
    async generateBundle() {
      const svg = await fs.readFile(source);
      for (const icon of APP_ICONS) {
        this.emitFile({ type: "asset", fileName: icon.path.slice(1), source: await renderIcon(svg, icon, background) });
      }
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const icon = APP_ICONS.find((candidate) => candidate.path === request.url);
        if (!icon) return next();
        fs.readFile(source)
          .then((svg) => renderIcon(svg, icon, background))
          .then((png) => response.setHeader("Content-Type", "image/png").end(png), next);
      });
    },
  };
}
