import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { compression } from "vite-plugin-compression2";
import { appIcons } from "./scripts/vite-app-icons.ts";
import { staticShell } from "./scripts/vite-static-shell.ts";

// The SPA lives in src/web; its build lands in dist/web, which the API server serves.
export default defineConfig({
  root: "src/web",
  plugins: [
    react(),
    appIcons({ source: fileURLToPath(new URL("src/web/public/icon.svg", import.meta.url)), background: "#0b5d8c" }),
    staticShell({ root: fileURLToPath(new URL("src/web", import.meta.url)) }),
    // Brotli and gzip copies of every text file, made once here at the highest levels (too slow to do per
    // request); the server sends the one the browser accepts as it is (@fastify/static preCompressed).
    compression({
      algorithms: ["brotliCompress", "gzip"],
      include: /\.(html|js|css|svg|json|webmanifest|txt)$/,
      logLevel: "silent",
    }),
  ],
  build: {
    outDir: "../../dist/web",
    emptyOutDir: true,
    // .vite/manifest.json: which chunks each route loads, for `npm run bench:web` and the end-to-end tests.
    manifest: true,
  },
});
