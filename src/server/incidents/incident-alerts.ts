import { incidentPagePath } from "#shared/api-paths.ts";
import type { Locale } from "#shared/i18n/locales.ts";
import { incidentTextsIn, updateMessageIn } from "#shared/incidents/incident-texts.ts";
import type { UpdateTranslations } from "#shared/incidents/incident-translations.ts";
import type { Queryable } from "../db/database.ts";
import type { OutboxEntry } from "../notifications/outbox.ts";
import { subscriptionMatches } from "./incident-area.ts";
import { findAlertedIncident, findUpdateMessage, type AlertedIncident } from "./incident-change-repository.ts";
import { incidentAlertMessage, type AlertNews } from "./incident-subscription-messages.ts";
import { activeSubscriptions } from "./incident-subscription-repository.ts";

export type IncidentAlertEvent = { kind: "declared" } | { kind: "updated"; updateId: string } | { kind: "closed" };

/** The outbox's event of an incident's news: with the unique index of migration 018, one message per address. */
const eventKey = (event: IncidentAlertEvent): string =>
  event.kind === "declared"
    ? "incident-declared"
    : event.kind === "updated"
      ? `incident-update:${event.updateId}`
      : "incident-closed";

export interface IncidentAlert {
  incidentId: string;
  event: IncidentAlertEvent;
  linkBase: string;
}

/** An incident's news for its subscribers: their e-mail, and what the SMS alerts are made of (sms-incident-alerts.ts). */
export interface IncidentAlerts {
  email: OutboxEntry[];
  forSms: {
    incidentId: string;
    kind: IncidentAlertEvent["kind"];
    incident: AlertedIncident;
    /** The incident's title and the news's words in a language: staff's version there when they wrote one. */
    textIn: (locale: Locale) => { title: string; words: string };
  };
}

/**
 * The alerts of an incident's declaration, update or closure (delivery/notify.ts queues them in the caller's
 * transaction: they exist if and only if the change commits, docs/decisions/014-transactional-outbox-email.md): an
 * e-mail to every confirmed subscriber whose area it concerns (incident-area.ts). Each address gets one message per
 * event, even when it has several matching subscriptions or this is called again: the outbox's unique index makes a
 * repeat a no-op.
 */
export async function incidentAlerts(tx: Queryable, alert: IncidentAlert): Promise<IncidentAlerts> {
  const { incidentId, event, linkBase } = alert;
  const incident = await findAlertedIncident(tx, incidentId);
  if (!incident) throw new Error(`incident alerts: no incident ${incidentId}`);
  const news = await newsOf(tx, incidentId, event, incident);
  const subscribers = (await activeSubscriptions(tx)).filter((subscription) =>
    subscriptionMatches(subscription.area, incident),
  );
  const incidentUrl = `${linkBase}${incidentPagePath(incidentId)}`;
  const alerted = {
    ...incident,
    expectedRestorationAt: incident.expected_restoration_at ? new Date(incident.expected_restoration_at) : null,
  };
  const email = subscribers.map((subscriber): OutboxEntry => ({
    incidentId,
    subscriptionId: subscriber.id,
    event: eventKey(event),
    recipient: subscriber.email,
    linkBase,
    // In the subscriber's language: staff's version of each text there when they wrote one (migration 026).
    compose: (unsubscribeUrl) =>
      incidentAlertMessage(
        subscriber.locale,
        { ...alerted, ...textsIn(alerted, subscriber.locale) },
        newsIn(news, subscriber.locale),
        { incidentUrl, unsubscribeUrl },
        subscriber.area,
      ),
  }));
  // The numbers subscribed by SMS to a locality (ALERTS <locality>) hear the same news in their language.
  const textIn = (locale: Locale) => {
    const texts = textsIn(alerted, locale);
    const told = newsIn(news, locale);
    const words =
      told.kind === "declared"
        ? [texts.message, texts.instructions].filter((text) => text.trim() !== "").join("\n")
        : told.kind === "updated"
          ? told.text
          : told.finalMessage;
    return { title: texts.title, words };
  };
  return { email, forSms: { incidentId, kind: event.kind, incident, textIn } };
}

const textsIn = (incident: AlertedIncident, locale: Locale) => {
  const texts = incidentTextsIn({ ...incident, finalMessage: incident.final_message }, locale);
  return { title: texts.title, message: texts.message, instructions: texts.instructions };
};

/** What happened, with staff's version of its text in the reader's language when there is one. */
type News =
  | { kind: "declared" }
  | { kind: "updated"; update: { message: string; translations: UpdateTranslations } }
  | { kind: "closed"; incident: AlertedIncident & { final_message: string } };

function newsIn(news: News, locale: Locale): AlertNews {
  if (news.kind === "declared") return news;
  if (news.kind === "updated") return { kind: "updated", text: updateMessageIn(news.update, locale) };
  const texts = incidentTextsIn({ ...news.incident, finalMessage: news.incident.final_message }, locale);
  return { kind: "closed", finalMessage: texts.finalMessage ?? news.incident.final_message };
}

async function newsOf(
  tx: Queryable,
  incidentId: string,
  event: IncidentAlertEvent,
  incident: AlertedIncident,
): Promise<News> {
  if (event.kind === "declared") return { kind: "declared" };
  if (event.kind === "closed") {
    const finalMessage = incident.final_message;
    if (finalMessage === null) throw new Error(`incident alerts: incident ${incidentId} is not closed`);
    return { kind: "closed", incident: { ...incident, final_message: finalMessage } };
  }
  if (!/^\d{1,18}$/.test(event.updateId))
    throw new Error(`incident alerts: no update ${event.updateId} of incident ${incidentId}`);
  const update = await findUpdateMessage(tx, incidentId, event.updateId);
  if (update === undefined) throw new Error(`incident alerts: no update ${event.updateId} of incident ${incidentId}`);
  return { kind: "updated", update };
}
