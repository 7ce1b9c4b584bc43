import type { LatLng } from "#shared/places/geo.ts";

/**
 * Addresses for pins from a Nominatim-compatible service (GEOCODER_URL; docs/decisions/016-map-and-location.md).
 * The portal asks, never the browser, so the resident's address and IP stay here. Nominatim's usage policy asks for
 * at most one request per second, an identifying User-Agent, and cached results: answers are kept in memory by
 * rounded coordinates, and a lookup that would come sooner than a second after the last one is not made (the
 * caller says "try again"): a resident placing a pin can wait, the service must not be flooded.
 */
export interface ReverseGeocoderOptions {
  /** GEOCODER_URL without a trailing slash. */
  baseUrl: string;
  userAgent: string;
  timeoutMs?: number;
  minIntervalMs?: number;
  cacheEntries?: number;
  /** Replaces the platform's fetch (tests). */
  fetch?: typeof fetch;
}

/** The lookup could not be made now (spacing), failed, or timed out. */
export class GeocoderUnavailable extends Error {}

/** 4 decimals: about 11 m, closer than one address from the next on most streets. */
const CACHE_DECIMALS = 4;

/** A language list as browsers send it ("en-GB,en;q=0.9"); anything else is not passed on. */
const ACCEPT_LANGUAGE =
  /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*(;q=[01](\.[0-9]{1,3})?)?(\s*,\s*[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*(;q=[01](\.[0-9]{1,3})?)?){0,9}$/;

export class ReverseGeocoder {
  private readonly options: Required<Omit<ReverseGeocoderOptions, "fetch">> & { fetch: typeof fetch };
  private readonly cache = new Map<string, string>();
  private lastRequestAt = Number.NEGATIVE_INFINITY;

  constructor(options: ReverseGeocoderOptions) {
    this.options = { timeoutMs: 5_000, minIntervalMs: 1_000, cacheEntries: 5_000, fetch: globalThis.fetch, ...options };
  }

  /** A one-line address for the point, in the reader's language when the service has it. */
  async lookup(point: LatLng, acceptLanguage: string | undefined): Promise<string> {
    const language = acceptLanguage && ACCEPT_LANGUAGE.test(acceptLanguage.trim()) ? acceptLanguage.trim() : undefined;
    const [latitude, longitude] = [point.latitude, point.longitude].map((n) => n.toFixed(CACHE_DECIMALS));
    const key = `${latitude},${longitude},${language ?? ""}`;
    const cached = this.cache.get(key);
    if (cached !== undefined) {
      // Recently used last: the oldest-used entry goes first when the cache is full.
      this.cache.delete(key);
      this.cache.set(key, cached);
      return cached;
    }
    const now = Date.now();
    if (now - this.lastRequestAt < this.options.minIntervalMs) throw new GeocoderUnavailable("spacing requests");
    this.lastRequestAt = now;
    const label = await this.ask(latitude as string, longitude as string, language);
    if (this.cache.size >= this.options.cacheEntries) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(key, label);
    return label;
  }

  private async ask(latitude: string, longitude: string, language: string | undefined): Promise<string> {
    const url = `${this.options.baseUrl}/reverse?format=jsonv2&lat=${latitude}&lon=${longitude}&zoom=18`;
    let body: { display_name?: unknown; error?: unknown };
    try {
      // Nothing of the resident's request goes along but the language: no IP, cookie or referrer.
      const response = await this.options.fetch(url, {
        headers: {
          "user-agent": this.options.userAgent,
          accept: "application/json",
          ...(language && { "accept-language": language }),
        },
        signal: AbortSignal.timeout(this.options.timeoutMs),
        redirect: "error",
      });
      if (!response.ok) throw new GeocoderUnavailable(`status ${response.status}`);
      body = (await response.json()) as typeof body;
    } catch (error) {
      if (error instanceof GeocoderUnavailable) throw error;
      throw new GeocoderUnavailable((error as Error).message, { cause: error });
    }
    // Nominatim answers 200 with { error: "Unable to geocode" } where it knows no address (the sea, say).
    if (typeof body.display_name !== "string" || body.display_name.trim() === "") {
      throw new GeocoderUnavailable(typeof body.error === "string" ? body.error : "no address in the answer");
    }
    return body.display_name.trim();
  }
}
