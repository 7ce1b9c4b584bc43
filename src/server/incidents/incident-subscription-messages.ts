import {
  INCIDENT_SEVERITY_NAMES,
  INCIDENT_TYPE_NAMES,
  type IncidentSeverity,
  type IncidentType,
} from "#shared/incidents/incidents.ts";
import type { Locale } from "#shared/i18n/locales.ts";
import { translatorFor } from "../i18n/server-i18n.ts";
import { oneLine, render, type ComposedMessage } from "../notifications/message-templates.ts";
import type { SubscriptionArea } from "./incident-area.ts";

/**
 * The texts of incident alerts: the subscription's confirmation, each alert, and the pages behind their
 * links. Each is worded in the subscriber's language, stored when they subscribed (docs/decisions/019-languages.md).
 */

/** "within 2 km of -1.2921, 36.8219" or "in Kibera": what a subscription covers, after "alerts". */
export function describeSubscriptionArea(locale: Locale, area: SubscriptionArea): string {
  const t = translatorFor(locale);
  if (typeof area.locality === "string") return t("in {locality}", { locality: area.locality });
  const place = { latitude: area.latitude?.toFixed(4), longitude: area.longitude?.toFixed(4) };
  const metres = area.radiusMetres ?? 0;
  return metres < 1000
    ? t("within {metres} m of {latitude}, {longitude}", { metres, ...place })
    : t("within {kilometres} km of {latitude}, {longitude}", { kilometres: Math.round(metres / 100) / 10, ...place });
}

/** To an address entered for alerts: the only message before it is confirmed. */
export function incidentConfirmMessage(
  locale: Locale,
  area: SubscriptionArea,
  confirmUrl: string,
  unsubscribeUrl: string,
): ComposedMessage {
  const t = translatorFor(locale);
  const where = describeSubscriptionArea(locale, area);
  return render(
    locale,
    "incident-confirm",
    t("Confirm water incident alerts"),
    [
      t("Someone, probably you, asked for e-mail alerts about water incidents {area}.", { area: where }),
      t("Open this link to confirm. If it was not you, ignore this message: nothing more will be sent."),
      { link: confirmUrl, label: t("Confirm the alerts") },
    ],
    unsubscribeUrl,
    t("You receive this because this address was entered to get water incident alerts."),
  );
}

/** An incident as an alert tells it. */
export interface AlertedIncident {
  type: IncidentType;
  severity: IncidentSeverity;
  title: string;
  message: string;
  instructions: string;
  expectedRestorationAt: Date | null;
}

export type AlertNews =
  { kind: "declared" } | { kind: "updated"; text: string } | { kind: "closed"; finalMessage: string };

/** When the supply is expected back, in the reader's language, in UTC (the portal knows no local time zone). */
function restorationTime(locale: Locale, at: Date): string {
  return new Intl.DateTimeFormat(locale, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
    timeZoneName: "short",
  }).format(at);
}

/** To a confirmed subscriber whose area the incident concerns: its declaration, an update, or its closure. */
export function incidentAlertMessage(
  locale: Locale,
  incident: AlertedIncident,
  news: AlertNews,
  links: { incidentUrl: string; unsubscribeUrl: string },
  area: SubscriptionArea,
): ComposedMessage {
  const t = translatorFor(locale);
  const title = oneLine(incident.title, 200);
  const type = t(INCIDENT_TYPE_NAMES[incident.type]);
  const paragraphs: (string | { link: string; label: string })[] = [];
  let subject: string;
  if (news.kind === "declared") {
    subject = t("{type}: {title}", { type, title: oneLine(incident.title) });
    paragraphs.push(
      t("A water incident concerns your area: {title} ({type}, severity: {severity}).", {
        title,
        type,
        severity: t(INCIDENT_SEVERITY_NAMES[incident.severity]),
      }),
      incident.message,
    );
  } else if (news.kind === "updated") {
    subject = t("Update: {title}", { title: oneLine(incident.title) });
    paragraphs.push(t('New update on the water incident "{title}":', { title }), news.text);
  } else {
    subject = t("Over: {title}", { title: oneLine(incident.title) });
    paragraphs.push(t('The water incident "{title}" is over.', { title }), news.finalMessage);
  }
  if (news.kind !== "closed") {
    paragraphs.push(t("What to do: {instructions}", { instructions: incident.instructions }));
    if (incident.expectedRestorationAt) {
      paragraphs.push(
        t("Expected restoration: {time}", { time: restorationTime(locale, incident.expectedRestorationAt) }),
      );
    }
  }
  paragraphs.push({ link: links.incidentUrl, label: t("See the incident and its updates") });
  return render(
    locale,
    "incident-alert",
    subject,
    paragraphs,
    links.unsubscribeUrl,
    t("You receive this because you subscribed to water incident alerts {area}.", {
      area: describeSubscriptionArea(locale, area),
    }),
  );
}

/** The texts of the confirmation and unsubscribe pages of a subscription, in a language. */
export function alertPageTexts(locale: Locale) {
  const t = translatorFor(locale);
  return {
    confirmTitle: t("Water incident alerts"),
    confirmAsk: (area: string) =>
      t("Confirm that you want an e-mail whenever a water incident is declared, updated or closed {area}.", { area }),
    confirmButton: t("Confirm the alerts"),
    confirmed: (area: string) =>
      t("Thank you: you will get an e-mail whenever a water incident is declared, updated or closed {area}.", { area }),
    unsubscribeTitle: t("Stop water incident alerts"),
    unsubscribeAsk: (area: string) => t("You will get no more water incident alerts {area}.", { area }),
    unsubscribed: (area: string) =>
      t("You are unsubscribed: no more water incident alerts {area} will be sent.", { area }),
  };
}
