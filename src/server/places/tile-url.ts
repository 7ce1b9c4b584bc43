/**
 * MAP_TILE_URL, a Leaflet tile URL template, and the hosts the CSP's img-src must allow for it
 * (docs/decisions/016-map-and-location.md): exactly those, so a page can load tiles and no other images from afar.
 */

/** Leaflet's default subdomains for {s}. */
const LEAFLET_SUBDOMAINS = ["a", "b", "c"];

/** Throws an Error saying what is wrong with a template, else returns it unchanged. */
export function checkTileUrl(template: string): string {
  for (const needed of ["{z}", "{x}", "{y}"]) {
    if (!template.includes(needed)) throw new Error(`must contain {z}, {x} and {y} (it has no ${needed})`);
  }
  tileOrigins(template);
  return template;
}

/**
 * The origins the template's tiles come from: one, or one per subdomain when the host has {s}. Other placeholders
 * ({z}, {x}, {y}, {r}, an API key) belong in the path or query, never in the host.
 */
export function tileOrigins(template: string): string[] {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(template);
  if (!match)
    throw new Error("must be an http:// or https:// URL template, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png");
  const [, scheme, host] = match as unknown as [string, string, string];
  const subdomains = host.includes("{s}") ? LEAFLET_SUBDOMAINS : [""];
  return [
    ...new Set(
      subdomains.map((subdomain) => {
        const concrete = host.replaceAll("{s}", subdomain);
        if (/[{}]/.test(concrete)) throw new Error("may only have the {s} placeholder in its host name");
        try {
          return new URL(`${scheme}://${concrete}`).origin;
        } catch {
          throw new Error(`has a host name that is not valid (${host})`);
        }
      }),
    ),
  ];
}
