import { z } from "zod/mini";
import { FIELD_LIMITS } from "./domain.ts";
import { MESSAGES } from "./messages.ts";

/**
 * Following a report by e-mail (issue 8, docs/decisions/014-transactional-outbox-email.md): the form on a report's
 * public page, the pages behind the links in the messages, and what staff see of the notifications.
 */

export const followApiPath = (grievanceId: string) => `/api/grievances/${encodeURIComponent(grievanceId)}/followers`;

/** Pages rendered by the server (the links in the messages): a button, never an action on a plain visit. */
export const followConfirmPath = (token: string) => `/follow/confirm/${encodeURIComponent(token)}`;
export const unsubscribePath = (token: string) => `/unsubscribe/${encodeURIComponent(token)}`;

export const followInputSchema = z.object({
  email: z.pipe(
    z.string({ error: MESSAGES.invalidEmail }).check(z.trim(), z.maxLength(FIELD_LIMITS.email, MESSAGES.invalidEmail)),
    z.email({ error: MESSAGES.invalidEmail }),
  ),
});
export type FollowInput = z.infer<typeof followInputSchema>;

/** The one answer to a follow request, whether or not the address already follows: it tells nothing about others. */
export interface FollowAccepted {
  message: string;
}

export const FOLLOW_MESSAGES = {
  accepted: "Thank you. If this address is not yet following the report, we have sent it an e-mail with a link to confirm.",
  tooMany: "Too many follow requests from your connection. Please try again later.",
} as const;

export type NotificationKind = "receipt" | "confirm" | "update";
export type NotificationStatus = "pending" | "sent" | "failed";

/** One queued or sent message, as staff see it on a report (recipients in full: staff may see them). */
export interface StaffNotification {
  id: string;
  kind: NotificationKind;
  recipient: string;
  subject: string;
  status: NotificationStatus;
  createdAt: string;
  attempts: number;
  sentAt: string | null;
  failedAt: string | null;
  nextAttemptAt: string | null;
  lastError: string | null;
}
