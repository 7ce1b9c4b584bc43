import type { Locale } from "#shared/i18n/locales.ts";
import { isLocale, msg } from "#shared/i18n/locales.ts";
import type { Queryable } from "../db/database.ts";
import { translatorFor } from "../i18n/server-i18n.ts";
import { sameLocality, subscriptionMatches, textNamesLocality } from "../incidents/incident-area.ts";
import type { PublicIncident } from "../incidents/incident-repository.ts";
import { composeSms } from "./sms-compose.ts";
import type { SmsEntry } from "./sms-outbox.ts";
import { activeSmsAlertSubscriptions } from "./sms-update-repository.ts";

/**
 * Incident alerts by SMS (docs/decisions/038-sms-updates.md): an incident's declaration, update or closure told to
 * every number subscribed (ALERTS <locality>) to a locality the incident concerns, matched as the e-mail locality
 * subscriptions are (incident-area.ts subscriptionMatches), in the number's language, unless it said STOP. Queued
 * by notify (delivery/notify.ts) in the change's transaction beside the e-mail alerts (incidents/incident-alerts.ts).
 */

const HEADS = {
  declared: msg("Water alert for {locality}: {title}"),
  updated: msg("Water alert update for {locality}: {title}"),
  closed: msg("Water alert over for {locality}: {title}"),
} as const;

export interface IncidentSmsNews {
  incidentId: string;
  kind: keyof typeof HEADS;
  /** Unique per incident and event: "incident-declared:<id>", "incident-update:<update id>", "incident-closed:<id>". */
  event: string;
  /** Where the incident is, for the localities' matching. */
  incident: Pick<PublicIncident, "area" | "localities">;
  /** The incident's title and the news's words in a language: staff's version there when they wrote one. */
  textIn: (locale: Locale) => { title: string; words: string };
}

export const incidentSmsEvent = (
  incidentId: string,
  event: { kind: "declared" } | { kind: "updated"; updateId: string } | { kind: "closed" },
): string =>
  event.kind === "declared"
    ? `incident-declared:${incidentId}`
    : event.kind === "updated"
      ? `incident-update:${event.updateId}`
      : `incident-closed:${incidentId}`;

/**
 * The SMS alerts of an incident's news (delivery/notify.ts queues them): one per number and event, even when several
 * of its localities match (the head names the first).
 */
export async function incidentSmsAlerts(tx: Queryable, news: IncidentSmsNews): Promise<SmsEntry[]> {
  const subscriptions = (await activeSmsAlertSubscriptions(tx)).filter((subscription) =>
    subscriptionMatches({ locality: subscription.locality }, news.incident),
  );
  const entries = new Map<string, SmsEntry>();
  for (const subscription of subscriptions) {
    if (entries.has(subscription.phone)) continue;
    const locale: Locale = isLocale(subscription.locale) ? subscription.locale : "en";
    const t = translatorFor(locale);
    const { title, words } = news.textIn(locale);
    // The place as staff wrote it on the incident ("São Tomé"), rather than as the resident typed it ("sao tome").
    const place =
      news.incident.localities.find(
        (named) => sameLocality(named, subscription.locality) || textNamesLocality(named, subscription.locality),
      ) ?? subscription.locality;
    entries.set(subscription.phone, {
      phone: subscription.phone,
      grievanceId: null,
      event: news.event,
      kind: "incident-alert",
      body: composeSms(t(HEADS[news.kind], { locality: place, title }), words, t("Reply STOP to end these messages.")),
    });
  }
  return [...entries.values()];
}
