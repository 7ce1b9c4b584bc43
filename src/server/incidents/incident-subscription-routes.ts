import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { apiPaths } from "#shared/api-paths.ts";
import { errorResponses } from "#shared/api-schemas/errors.ts";
import { incidentSubscriptionAcceptedSchema } from "#shared/api-schemas/incidents.ts";
import { nonJsonAnswer } from "#shared/api-schemas/media.ts";
import { mailLinkTokenParamsSchema } from "#shared/api-schemas/progress.ts";
import { msg } from "#shared/i18n/locales.ts";
import { incidentSubscriptionSchema } from "#shared/incidents/incidents.ts";
import type { ServiceAreaGeometry } from "#shared/places/geo.ts";
import { MESSAGES } from "#shared/messages.ts";
import type { Database } from "../db/database.ts";
import { HttpError } from "../http/http-error.ts";
import { refuseWith, type SchemaProblem } from "../http/schema-refusal.ts";
import { requestLocale, translateFor } from "../i18n/server-i18n.ts";
import { askPage, donePage, linkPageTexts, sendLinkPage } from "../notifications/mail-link-pages.ts";
import { mailTokenHashOf } from "../notifications/mail-tokens.ts";
import { refuseUnservedPin } from "../places/pin-in-area.ts";
import { alertPageTexts, describeSubscriptionArea } from "./incident-subscription-messages.ts";
import { confirmAlerts, findAlertsConfirmation } from "./incident-subscription-repository.ts";
import { requestSubscription } from "./incident-subscription-workflow.ts";

/** English message ids, translated in the answer (docs/decisions/019-languages.md). */
export const SUBSCRIPTION_MESSAGES = {
  accepted: msg(
    "Thank you. If this address does not yet get alerts for this area, we have sent it an e-mail with a link to confirm.",
  ),
  tooMany: msg("Too many alert requests from your connection. Please try again later."),
  areaMissing: msg("Choose a place on the map with a distance, or name a locality."),
  badDistance: msg("Choose a distance between 100 m and 50 km."),
  badPlace: msg("The place on the map is not valid."),
  badLocality: msg("The locality must be 1 to 200 characters long."),
} as const;

/** The first problem of a refused subscription, as a sentence about the field the resident can fix. */
function refusal(problems: SchemaProblem[]): HttpError {
  const field = (problem: SchemaProblem) => problem.path[0];
  const at = (name: string) => problems.some((problem) => field(problem) === name);
  if (at("email")) return new HttpError(400, MESSAGES.invalidEmail);
  if (at("latitude") || at("longitude")) return new HttpError(400, SUBSCRIPTION_MESSAGES.badPlace);
  if (at("radiusMetres")) return new HttpError(400, SUBSCRIPTION_MESSAGES.badDistance);
  // The schema's own refinement (a pin with a distance, or a locality: one of them) words itself.
  if (problems.some((problem) => problem.message === SUBSCRIPTION_MESSAGES.areaMissing) || !at("locality")) {
    return new HttpError(400, SUBSCRIPTION_MESSAGES.areaMissing);
  }
  return new HttpError(400, SUBSCRIPTION_MESSAGES.badLocality);
}

export interface IncidentSubscriptionRoutesOptions {
  db: Database;
  /** Where links in e-mail start: from configuration only, never a request (http/public-links.ts). */
  mailLinkBase: string;
  /** Subscription requests one client address may make per hour. */
  subscriptionsPerHour?: number;
  /** SERVICE_AREA_FILE's area: alerts for a pin outside it (or at 0,0) are refused, as a report's pin is. */
  serviceArea?: ServiceAreaGeometry | undefined;
}

const ONE_HOUR_MS = 60 * 60 * 1000;

/**
 * Incident alerts for an area (decision 021): POST /api/incident-subscriptions { email, latitude, longitude,
 * radiusMetres } or { email, locality }, and the page behind the confirmation link, /alerts/confirm/:token (GET
 * shows a button; POST confirms). Unsubscribing is the messages' own /unsubscribe/:token (follow-routes.ts).
 */
export const incidentSubscriptionRoutes: FastifyPluginAsync<IncidentSubscriptionRoutesOptions> = async (
  plainApp,
  { db, mailLinkBase, subscriptionsPerHour = 10, serviceArea },
) => {
  const app = plainApp.withTypeProvider<ZodTypeProvider>();
  // The page's form sends application/x-www-form-urlencoded; the token is in the address, the body is not needed.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 1024 },
    (_request, body, done) => done(null, body),
  );

  app.post(
    apiPaths.incidentSubscriptions,
    {
      config: {
        rateLimit: {
          max: subscriptionsPerHour,
          timeWindow: ONE_HOUR_MS,
          // Each request may send an e-mail: the limit holds across every instance (rate-limit-store.ts).
          shared: true,
          refusal: SUBSCRIPTION_MESSAGES.tooMany,
        },
      },
      schema: {
        operationId: "createIncidentSubscription",
        summary: "Subscribe to water incident alerts for an area",
        description:
          "A pin with a distance, or a locality. Sends the address a link to confirm. The same 202 whether or not " +
          "it already subscribed: it tells nothing about subscribers.",
        tags: ["incidents"],
        body: incidentSubscriptionSchema,
        response: { 202: incidentSubscriptionAcceptedSchema, ...errorResponses(400, 429, 500, 503) },
      },
      schemaErrorFormatter: refuseWith(refusal),
    },
    async (request, reply) => {
      // The subscriber's messages are in the language they asked in (docs/decisions/019-languages.md).
      const locale = requestLocale(request);
      refuseUnservedPin(serviceArea, request.body);
      await requestSubscription(db, request.body, mailLinkBase, locale);
      reply.code(202).header("content-language", locale).header("vary", "Accept-Language, Cookie");
      return { message: translateFor(locale, SUBSCRIPTION_MESSAGES.accepted) };
    },
  );

  const pageFor = (request: FastifyRequest, reply: FastifyReply) => {
    const locale = requestLocale(request);
    const T = alertPageTexts(locale);
    const common = linkPageTexts(locale);
    return {
      T,
      areaText: (area: Parameters<typeof describeSubscriptionArea>[1]) => describeSubscriptionArea(locale, area),
      done: (text: string) => sendLinkPage(reply, 200, donePage(locale, T.confirmTitle, text), locale),
      ask: (explanation: string) =>
        sendLinkPage(reply, 200, askPage(locale, T.confirmTitle, explanation, T.confirmButton), locale),
      notFound: () => sendLinkPage(reply, 404, donePage(locale, common.notFoundTitle, common.notFound), locale),
    };
  };
  const page = (operationId: string, summary: string, description: string) => ({
    schema: {
      operationId,
      summary,
      description,
      tags: ["incidents"],
      params: mailLinkTokenParamsSchema,
      response: {
        200: nonJsonAnswer("text/html", "The page."),
        404: nonJsonAnswer("text/html", "The page saying the link is not valid."),
        ...errorResponses(429, 500, 503),
      },
    },
  });

  app.get(
    apiPaths.incidentAlertsConfirmPage,
    page(
      "getAlertConfirmationPage",
      "The page of an alert subscription's confirmation link",
      "Shows a button; a plain visit confirms nothing.",
    ),
    async (request, reply) => {
      const { T, areaText, done, ask, notFound } = pageFor(request, reply);
      const hash = mailTokenHashOf(request.params.token);
      const target = hash && (await findAlertsConfirmation(db, hash));
      if (!target) return notFound();
      if (target.done) return done(T.confirmed(areaText(target.area)));
      return ask(T.confirmAsk(areaText(target.area)));
    },
  );

  app.post(
    apiPaths.incidentAlertsConfirmPage,
    page("confirmAlertSubscription", "Confirm an alert subscription", "The confirmation page's button."),
    async (request, reply) => {
      const { T, areaText, done, notFound } = pageFor(request, reply);
      const hash = mailTokenHashOf(request.params.token);
      const target = hash && (await confirmAlerts(db, hash));
      if (!target) return notFound();
      return done(T.confirmed(areaText(target.area)));
    },
  );
};
