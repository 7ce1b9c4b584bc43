import path from "node:path";
import { createServer, type Plugin } from "vite";

/**
 * Puts the app's layout, rendered by React at build time (src/web/app/static-shell.tsx), into index.html's #root,
 * so the first paint needs no script (docs/decisions/012-a-light-first-load.md). The module is loaded through a
 * short-lived Vite server in SSR mode, which compiles the TSX and the CSS-free imports it needs.
 */
export function staticShell({ root }: { root: string }): Plugin {
  let shell = "";
  return {
    name: "static-shell",
    apply: "build",
    async buildStart() {
      const server = await createServer({
        configFile: false,
        root,
        logLevel: "error",
        appType: "custom",
        server: { middlewareMode: true, hmr: false, watch: null },
        // Nothing for a browser here: no scan of dependencies to pre-bundle.
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        const module = (await server.ssrLoadModule("/app/static-shell.tsx")) as { renderStaticShell: () => string };
        shell = module.renderStaticShell();
      } finally {
        await server.close();
      }
    },
    transformIndexHtml(html, { filename }) {
      // The same configuration builds bench/empty-app, whose page is not the portal's.
      if (path.relative(root, filename).startsWith("..")) return html;
      if (!html.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root"></div>.');
      return html.replace('<div id="root"></div>', `<div id="root">${shell}</div>`);
    },
  };
}
