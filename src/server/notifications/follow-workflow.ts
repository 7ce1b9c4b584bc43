import { followConfirmPath } from "#shared/notifications/follow.ts";
import { DEFAULT_LOCALE, type Locale } from "#shared/i18n/locales.ts";
import type { Database } from "../db/database.ts";
import { UUID_PATTERN } from "#shared/ids.ts";
import { newMailToken } from "./mail-tokens.ts";
import { confirmMessage } from "./message-templates.ts";
import { shareLockVisibleReport, upsertPendingFollower } from "./follower-repository.ts";
import { enqueueMessage } from "./outbox.ts";

// Asking again within this time queues no second confirmation: the form cannot be used to flood an address.
const CONFIRMATION_RESEND_MINUTES = 15;

/**
 * A follow request (double opt-in): a new address becomes a pending follower and gets a confirmation message; a
 * pending or unsubscribed one gets a new confirmation (at most one per 15 minutes); a confirmed one gets nothing.
 * The caller answers the same in every case. False when the report does not exist or is hidden. `locale`: the
 * language of the request, in which this follower's messages are worded; asking again in another language changes
 * it whenever a new confirmation is sent (docs/decisions/019-languages.md).
 */
export async function requestFollow(
  db: Database,
  grievanceId: string,
  email: string,
  linkBase: string,
  locale: Locale = DEFAULT_LOCALE,
): Promise<boolean> {
  if (!UUID_PATTERN.test(grievanceId)) return false;
  return db.transaction(async (tx) => {
    // FOR SHARE: a hide in flight either comes first (then nothing is queued) or waits for this.
    const row = await shareLockVisibleReport(tx, grievanceId);
    if (!row) return false;
    const confirm = newMailToken();
    const followerId = await upsertPendingFollower(
      tx,
      { grievanceId, email, tokenHash: confirm.hash, locale },
      CONFIRMATION_RESEND_MINUTES,
    );
    if (!followerId) return true;
    await enqueueMessage(tx, {
      grievanceId,
      followerId,
      // Each confirmation is an event of its own (a new token); the resend limit above keeps them few.
      event: `confirm:${confirm.hash.subarray(0, 8).toString("hex")}`,
      recipient: email,
      linkBase,
      compose: (unsubscribeUrl) =>
        confirmMessage(locale, row, `${linkBase}${followConfirmPath(confirm.token)}`, unsubscribeUrl),
    });
    return true;
  });
}
