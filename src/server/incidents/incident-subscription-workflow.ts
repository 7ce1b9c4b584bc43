import { apiPaths, pathTo } from "#shared/api-paths.ts";
import type { Locale } from "#shared/i18n/locales.ts";
import type { IncidentSubscriptionRequest } from "#shared/incidents/incidents.ts";
import type { Database } from "../db/database.ts";
import { newMailToken } from "../notifications/mail-tokens.ts";
import { enqueueMessage } from "../notifications/outbox.ts";
import type { SubscriptionArea } from "./incident-area.ts";
import { incidentConfirmMessage } from "./incident-subscription-messages.ts";
import {
  findSameArea,
  insertSubscription,
  lockAddress,
  renewConfirmation,
} from "./incident-subscription-repository.ts";

/**
 * Alerts for an area (docs/decisions/021-incidents.md): double opt-in as for followers of a report
 * (notifications/follow-workflow.ts). Pending until the link of the confirmation message is opened; unsubscribing keeps
 * the row, and asking again for the same area revives it with a new confirmation.
 */

// Asking again within this time queues no second confirmation: the form cannot be used to flood an address.
const CONFIRMATION_RESEND_MINUTES = 15;

export const alertsConfirmPath = (token: string) => pathTo(apiPaths.incidentAlertsConfirmPage, { token });

/**
 * A subscription request: a new address and area becomes a pending subscription and gets a confirmation message;
 * a pending or unsubscribed one gets a new confirmation (at most one per 15 minutes, in the language asked in); a
 * confirmed one gets nothing. The caller answers the same in every case.
 */
export async function requestSubscription(
  db: Database,
  request: IncidentSubscriptionRequest,
  linkBase: string,
  locale: Locale,
): Promise<void> {
  const area: SubscriptionArea =
    request.locality !== undefined
      ? { locality: request.locality }
      : { latitude: request.latitude!, longitude: request.longitude!, radiusMetres: request.radiusMetres! };
  await db.transaction(async (tx) => {
    // One address's requests one after another, so two at once cannot both add the same area.
    await lockAddress(tx, request.email);
    const confirm = newMailToken();
    const found = await findSameArea(tx, request.email, area, CONFIRMATION_RESEND_MINUTES);
    let id: string;
    if (found) {
      if (!found.resend) return;
      await renewConfirmation(tx, found.id, confirm.hash, locale);
      id = found.id;
    } else {
      id = await insertSubscription(tx, { email: request.email, locale, area, tokenHash: confirm.hash });
    }
    await enqueueMessage(tx, {
      incidentId: null,
      subscriptionId: id,
      // Each confirmation is an event of its own (a new token); the resend limit above keeps them few.
      event: `incident-confirm:${confirm.hash.subarray(0, 8).toString("hex")}`,
      recipient: request.email,
      linkBase,
      compose: (unsubscribeUrl) =>
        incidentConfirmMessage(locale, area, `${linkBase}${alertsConfirmPath(confirm.token)}`, unsubscribeUrl),
    });
  });
}
