import { z } from "zod/mini";

/** The staff's side of SMS in the console's answers (docs/decisions/041-sms-for-staff.md). */

/**
 * Where an outgoing SMS stands: queued for the gateway; waiting for tomorrow, the day's ceiling (SMS_DAILY_LIMIT)
 * reached; handed to the gateway; delivered to the phone (the operator's delivery report); failed, given up or
 * reported undelivered, with `error` saying why.
 */
export const SMS_STATES = ["queued", "waiting", "sent", "delivered", "failed"] as const;
export type SmsState = (typeof SMS_STATES)[number];

/** One SMS of a report's conversation, in or out (sms_messages, migration 035). */
export const staffSmsMessageSchema = z.object({
  id: z.string(),
  /** When it arrived (in) or was written (out), ISO time. */
  at: z.string(),
  direction: z.enum(["in", "out"]),
  /** The number it came from or went to, E.164; null once erased (retention, erasure on request). */
  phone: z.nullable(z.string()),
  text: z.string(),
  /** Out: what it is (a reply, an update, "Is it fixed?", a message from staff, an incident alert); null for in. */
  kind: z.nullable(z.enum(["reply", "update", "fixed-question", "staff", "incident-alert"])),
  /** Out: where it stands; null for in. */
  state: z.nullable(z.enum(SMS_STATES)),
  /** When it was sent, delivered or failed (the latest of these); null while queued or waiting, and for in. */
  stateAt: z.nullable(z.string()),
  /** Why it failed, or the gateway's last error while it is retried; null otherwise. */
  error: z.nullable(z.string()),
  /** A message staff wrote: who (null when their account was since deleted, and for the others). */
  staffEmail: z.nullable(z.string()),
});

/** A report's SMS: the conversation oldest first, and whether its number said STOP. */
export const staffSmsConversationSchema = z.object({
  messages: z.array(staffSmsMessageSchema),
  /** The number sent STOP and has not sent START since: nothing is sent to it. */
  stopped: z.boolean(),
  /** The reporter agreed to updates by SMS (the report came by SMS, or "Send me updates by SMS" was ticked). */
  updatesBySms: z.boolean(),
});
