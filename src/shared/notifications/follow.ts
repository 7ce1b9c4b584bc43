import { z } from "zod/mini";
import { apiPaths, pathTo } from "../api-paths.ts";
import type { followAcceptedSchema } from "../api-schemas/progress.ts";
import type { staffNotificationSchema } from "../api-schemas/staff.ts";
import { FIELD_LIMITS } from "../domain.ts";
import { msg } from "../i18n/locales.ts";
import { MESSAGES } from "../messages.ts";

/**
 * Following a report by e-mail (docs/decisions/014-transactional-outbox-email.md): the form on a report's
 * public page, the pages behind the links in the messages, and what staff see of the notifications.
 */

/** Pages rendered by the server (the links in the messages): a button, never an action on a plain visit. */
export const followConfirmPath = (token: string) => pathTo(apiPaths.followConfirmPage, { token });
export const unsubscribePath = (token: string) => pathTo(apiPaths.unsubscribePage, { token });

export const followInputSchema = z.object({
  email: z.pipe(
    z.string({ error: MESSAGES.invalidEmail }).check(z.trim(), z.maxLength(FIELD_LIMITS.email, MESSAGES.invalidEmail)),
    z.email({ error: MESSAGES.invalidEmail }),
  ),
});
export type FollowInput = z.infer<typeof followInputSchema>;

/** The one answer to a follow request, whether or not the address already follows: it tells nothing about others. */
export type FollowAccepted = z.output<typeof followAcceptedSchema>;

/** English message ids, translated where they are shown (docs/decisions/019-languages.md). */
export const FOLLOW_MESSAGES = {
  accepted: msg(
    "Thank you. If this address is not yet following the report, we have sent it an e-mail with a link to confirm.",
  ),
  tooMany: msg("Too many follow requests from your connection. Please try again later."),
} as const;

/** To the resident, or about the utility's own work (migrations/028). */
export type NotificationKind =
  "receipt" | "confirm" | "update" | "team-new-report" | "assignment" | "escalation" | "technician-link";
export type NotificationStatus = "pending" | "sent" | "failed";

/** One queued or sent message, as staff see it on a report (recipients in full: staff may see them). */
export type StaffNotification = z.output<typeof staffNotificationSchema>;
