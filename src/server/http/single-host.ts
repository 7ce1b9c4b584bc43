import type { FastifyInstance } from "fastify";
import { msg } from "#shared/i18n/locales.ts";
import { HttpError } from "./http-error.ts";

/**
 * A request with two Host headers is refused (400), as RFC 9112 section 3.2 requires. Node keeps the first and
 * drops the rest, while a proxy or cache in front may have routed or keyed the request on another one: the two
 * would then disagree about which site the request is for, the start of cache poisoning and request smuggling.
 */
export function refuseDuplicateHost(app: FastifyInstance): void {
  app.addHook("onRequest", async (request) => {
    const raw = request.raw.rawHeaders;
    let hosts = 0;
    for (let i = 0; i < raw.length; i += 2) {
      if (raw[i]!.toLowerCase() === "host") hosts += 1;
    }
    if (hosts > 1) throw new HttpError(400, msg("The request's Host header is not a valid host name."));
  });
}
