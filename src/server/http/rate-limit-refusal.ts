import type { RateLimitOptions } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import { englishText } from "#shared/i18n/english-text.ts";
import { HttpError } from "./http-error.ts";

/**
 * What a limited route answers past its limit (docs/api-conventions.md, "Rate limits"): its own words, so that
 * nobody is told "too many reports" for signing in or downloading a CSV. A fixed text for a limit counted by the
 * minute ("Please wait a minute and try again."), else a function of the minutes until its window ends. English
 * msg() texts, translated on the way out like every error message.
 */
export type LimitRefusal = string | ((minutes: number) => string);

declare module "@fastify/rate-limit" {
  interface RateLimitOptions {
    /** The route's own words past its limit: every route with a `rateLimit` names them (requireLimitRefusals). */
    refusal?: LimitRefusal;
  }
}

/**
 * A refusal with the minutes in it: `one` for one minute, `other` for more, both msg() texts with `{minutes}`. English
 * needs the two; the other languages' catalogues word `{minutes}` with an ICU plural, as theirs need.
 */
export const inMinutes =
  (one: string, other: string = one) =>
  (minutes: number): string =>
    englishText(minutes === 1 ? one : other, { minutes });

const refusalOf = (rateLimit: unknown): LimitRefusal | undefined =>
  typeof rateLimit === "object" && rateLimit !== null ? (rateLimit as RateLimitOptions).refusal : undefined;

/** The plugin's one error builder: the limited route's own words, answered by the one error handler. */
export function refuseOverLimit(request: FastifyRequest, context: { ttl: number }): HttpError {
  const refusal = refusalOf(request.routeOptions.config.rateLimit);
  const minutes = Math.max(1, Math.ceil(context.ttl / 60_000));
  // requireLimitRefusals keeps a route without words from being registered; this only satisfies the type.
  if (refusal === undefined) throw new Error(`${request.routeOptions.url ?? request.url} is limited without a refusal`);
  return new HttpError(429, typeof refusal === "string" ? refusal : refusal(minutes));
}

/**
 * Refuses to register a limited route that does not say what it limits, or that builds its own answer past the
 * limit: the words come from `refusal`, the answer from refuseOverLimit, for every route alike.
 */
export function requireLimitRefusals(app: FastifyInstance): void {
  app.addHook("onRoute", (route: RouteOptions) => {
    const rateLimit = (route.config as { rateLimit?: unknown } | undefined)?.rateLimit;
    if (rateLimit === undefined || rateLimit === false) return;
    const where = `${[route.method].flat().join(",")} ${route.url}`;
    if (refusalOf(rateLimit) === undefined) {
      throw new Error(`${where} has a rate limit but no refusal of its own (docs/api-conventions.md, "Rate limits")`);
    }
    if ((rateLimit as RateLimitOptions).errorResponseBuilder) {
      throw new Error(`${where}: name the words in refusal; the answer is refuseOverLimit's`);
    }
  });
}
