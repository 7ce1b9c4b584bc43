/**
 * The service worker (built by vite-plugin-pwa with Workbox, docs/offline.md) keeps the public pages' app shell so
 * the portal opens without a connection. It caches no API answer and no console page. Registered after the page has
 * loaded, so its downloads never compete with the first load; not in development, where Vite serves the modules.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js").catch((error: unknown) => {
      console.warn("The offline app shell is not available:", error);
    });
  });
}
