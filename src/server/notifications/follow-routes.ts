import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { apiPaths } from "#shared/api-paths.ts";
import { errorResponses } from "#shared/api-schemas/errors.ts";
import { grievanceIdParamsSchema } from "#shared/api-schemas/grievances.ts";
import { nonJsonAnswer } from "#shared/api-schemas/media.ts";
import { followAcceptedSchema, mailLinkTokenParamsSchema } from "#shared/api-schemas/progress.ts";
import { FOLLOW_MESSAGES, followInputSchema } from "#shared/notifications/follow.ts";
import { MESSAGES } from "#shared/messages.ts";
import type { Database } from "../db/database.ts";
import { HttpError } from "../http/http-error.ts";
import { refuseWith } from "../http/schema-refusal.ts";
import { requestLocale, translateFor } from "../i18n/server-i18n.ts";
import { alertPageTexts, describeSubscriptionArea } from "../incidents/incident-subscription-messages.ts";
import { findAlertsUnsubscribe, unsubscribeAlerts } from "../incidents/incident-subscription-repository.ts";
import { confirmFollow, findConfirmation, findUnsubscribe, unsubscribe } from "./follower-repository.ts";
import { requestFollow } from "./follow-workflow.ts";
import { askPage, donePage, linkPageTexts, sendLinkPage } from "./mail-link-pages.ts";
import { mailTokenHashOf } from "./mail-tokens.ts";

export interface FollowRoutesOptions {
  db: Database;
  /** Where links in e-mail start: from configuration only, never a request (http/public-links.ts). */
  mailLinkBase: string;
  /** Follow requests one client address may make per hour. */
  followsPerHour?: number;
}

const ONE_HOUR_MS = 60 * 60 * 1000;

/**
 * Following a report by e-mail (docs/decisions/014-transactional-outbox-email.md):
 * POST /api/grievances/:id/followers { email }, and the pages behind the links in the messages,
 * /follow/confirm/:token and /unsubscribe/:token (GET shows a button; POST acts, as does the one-click POST of
 * RFC 8058 with the body List-Unsubscribe=One-Click). The unsubscribe page serves incident alerts' messages too
 * (incidents/incident-subscription-repository.ts): their token stops that subscription.
 */
export const followRoutes: FastifyPluginAsync<FollowRoutesOptions> = async (
  plainApp,
  { db, mailLinkBase, followsPerHour = 10 },
) => {
  const app = plainApp.withTypeProvider<ZodTypeProvider>();
  // The pages' forms and RFC 8058's one-click POST send application/x-www-form-urlencoded; nothing in the body is
  // needed (the token is in the address), so it is read as text, and only a little of it.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 1024 },
    (_request, body, done) => done(null, body),
  );

  app.post(
    apiPaths.grievanceFollowers,
    {
      config: {
        rateLimit: {
          max: followsPerHour,
          timeWindow: ONE_HOUR_MS,
          // Each request may send an e-mail: the limit holds across every instance (rate-limit-store.ts).
          shared: true,
          refusal: FOLLOW_MESSAGES.tooMany,
        },
      },
      schema: {
        operationId: "followGrievance",
        summary: "Follow a report by e-mail",
        description:
          "Sends the address a link to confirm. The same 202 whether or not it already follows: it tells nothing " +
          "about followers.",
        tags: ["follow"],
        params: grievanceIdParamsSchema,
        body: followInputSchema,
        response: { 202: followAcceptedSchema, ...errorResponses(400, 404, 429, 500, 503) },
      },
      schemaErrorFormatter: refuseWith(() => new HttpError(400, MESSAGES.invalidEmail)),
    },
    async (request, reply) => {
      // The follower's messages are in the language they asked in (docs/decisions/019-languages.md).
      const locale = requestLocale(request);
      const found = await requestFollow(db, request.params.id, request.body.email, mailLinkBase, locale);
      if (!found) throw new HttpError(404, MESSAGES.grievanceNotFound);
      // The same answer whether the address is new, pending or already following: it tells nothing about followers.
      // In the request's language, as error answers are (translate-errors.ts).
      reply.code(202).header("content-language", locale).header("vary", "Accept-Language, Cookie");
      return { message: translateFor(locale, FOLLOW_MESSAGES.accepted) };
    },
  );

  const html = sendLinkPage;
  /** The page's language, its texts, and how to answer with a page. */
  const pageFor = (request: FastifyRequest, reply: FastifyReply) => {
    const locale = requestLocale(request);
    const T = linkPageTexts(locale);
    return {
      locale,
      T,
      done: (title: string, text: string) => html(reply, 200, donePage(locale, title, text), locale),
      ask: (title: string, explanation: string, button: string) =>
        html(reply, 200, askPage(locale, title, explanation, button), locale),
      notFound: () => html(reply, 404, donePage(locale, T.notFoundTitle, T.notFound), locale),
    };
  };

  // The pages' answers: HTML, also for a link that is not valid.
  const page = (operationId: string, summary: string, description: string) => ({
    schema: {
      operationId,
      summary,
      description,
      tags: ["follow"],
      params: mailLinkTokenParamsSchema,
      response: {
        200: nonJsonAnswer("text/html", "The page."),
        404: nonJsonAnswer("text/html", "The page saying the link is not valid."),
        ...errorResponses(429, 500, 503),
      },
    },
  });

  const confirmPage = page(
    "getFollowConfirmationPage",
    "The page of a follow's confirmation link",
    "Shows a button; a plain visit confirms nothing.",
  );
  app.get(apiPaths.followConfirmPage, confirmPage, async (request, reply) => {
    const { T, done, ask, notFound } = pageFor(request, reply);
    const hash = mailTokenHashOf(request.params.token);
    const target = hash && (await findConfirmation(db, hash));
    if (!target) return notFound();
    if (target.done) return done(T.confirmTitle(target.reference), T.confirmed(target.reference));
    return ask(T.confirmTitle(target.reference), T.confirmAsk(target.reference), T.confirmButton);
  });

  const confirm = page("confirmFollow", "Confirm a follow", "The confirmation page's button.");
  app.post(apiPaths.followConfirmPage, confirm, async (request, reply) => {
    const { T, done, notFound } = pageFor(request, reply);
    const hash = mailTokenHashOf(request.params.token);
    const target = hash && (await confirmFollow(db, hash));
    if (!target) return notFound();
    return done(T.confirmTitle(target.reference), T.confirmed(target.reference));
  });

  const unsubscribeAsk = page(
    "getUnsubscribePage",
    "The page of an unsubscribe link",
    "Shows a button; a plain visit unsubscribes nobody.",
  );
  app.get(apiPaths.unsubscribePage, unsubscribeAsk, async (request, reply) => {
    const { locale, T, done, ask, notFound } = pageFor(request, reply);
    const hash = mailTokenHashOf(request.params.token);
    const target = hash && (await findUnsubscribe(db, hash));
    if (!target) {
      // Not a report's message: an incident alert's (or its subscription's confirmation).
      const alerts = hash && (await findAlertsUnsubscribe(db, hash));
      if (!alerts) return notFound();
      const A = alertPageTexts(locale);
      const area = describeSubscriptionArea(locale, alerts.area);
      if (alerts.done) return done(A.unsubscribeTitle, A.unsubscribed(area));
      return ask(A.unsubscribeTitle, A.unsubscribeAsk(area), T.unsubscribeButton);
    }
    if (target.done) return done(T.unsubscribeTitle(target.reference), T.unsubscribed(target.reference));
    return ask(T.unsubscribeTitle(target.reference), T.unsubscribeAsk(target.reference), T.unsubscribeButton);
  });

  // The page's button and the one-click POST (RFC 8058) alike: the token is the authority, whatever the body.
  app.post(
    apiPaths.unsubscribePage,
    page(
      "confirmUnsubscribe",
      "Unsubscribe",
      "The page's button, and RFC 8058's one-click POST (List-Unsubscribe=One-Click): the token decides.",
    ),
    async (request, reply) => {
      const { locale, T, done, notFound } = pageFor(request, reply);
      const hash = mailTokenHashOf(request.params.token);
      const target = hash && (await unsubscribe(db, hash));
      if (!target) {
        const alerts = hash && (await unsubscribeAlerts(db, hash));
        if (!alerts) return notFound();
        const A = alertPageTexts(locale);
        return done(A.unsubscribeTitle, A.unsubscribed(describeSubscriptionArea(locale, alerts.area)));
      }
      return done(T.unsubscribeTitle(target.reference), T.unsubscribed(target.reference));
    },
  );
};
